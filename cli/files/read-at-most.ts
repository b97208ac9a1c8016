import { readSync } from 'node:fs';

const CHUNK = 1024 * 1024;

/**
 * The bytes of an open file, or undefined when it holds more than `limit`: never more than one
 * byte past the limit is read, so /dev/zero, a pipe without end or a file that grows while read
 * ends in a refusal, not in memory. The buffer grows by chunks from `sizeHint` (the size fstat
 * gave, 0 for a pipe), so a cap of megabytes costs nothing for a file of a few bytes.
 */
export function readAtMost(fd: number, limit: number, sizeHint = 0): Buffer | undefined {
  let buffer = Buffer.alloc(Math.min(Math.max(sizeHint, 0), limit) + 1);
  let filled = 0;
  for (;;) {
    if (filled === buffer.length) {
      if (buffer.length > limit) return undefined;
      const grown = Buffer.alloc(Math.min(buffer.length + CHUNK, limit + 1));
      buffer.copy(grown, 0, 0, filled);
      buffer = grown;
    }
    const n = readSync(fd, buffer, filled, buffer.length - filled, null);
    if (n === 0) return buffer.subarray(0, filled);
    filled += n;
  }
}
