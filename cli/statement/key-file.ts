import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { readAtMost } from '../files/read-at-most.js';

/** Far above any PEM key (an Ed25519 key is a few hundred bytes); a larger file is not a key. */
const KEY_FILE_MAX_BYTES = 64 * 1024;

/**
 * The bytes of a key file the user names (`--key`, `--sign-key`): symlinks are followed (mounted
 * secrets are symlinks), but a FIFO or device is refused instead of waited on or read without end.
 * Throws with a reason the caller puts into its usage error.
 */
export function readKeyFile(file: string): Buffer {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error('not a regular file');
    const bytes = readAtMost(fd, KEY_FILE_MAX_BYTES, stats.size);
    if (bytes === undefined) throw new Error(`more than ${KEY_FILE_MAX_BYTES} bytes, no key`);
    return bytes;
  } finally {
    closeSync(fd);
  }
}
