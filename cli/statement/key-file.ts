import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

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
    if (!fstatSync(fd).isFile()) throw new Error('not a regular file');
    const buffer = Buffer.alloc(KEY_FILE_MAX_BYTES + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > KEY_FILE_MAX_BYTES) throw new Error(`more than ${KEY_FILE_MAX_BYTES} bytes, no key`);
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}
