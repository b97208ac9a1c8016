import { open } from 'node:fs/promises';

/**
 * Bytes the readers read at a time unless told otherwise, 256 KiB: each read is a round trip to
 * the thread pool, which at 64 KiB took as much CPU as copying the bytes; beyond 256 KiB it gains
 * little, and the buffer is held for the whole reading.
 */
export const DEFAULT_CHUNK_BYTES = 256 * 1024;

/**
 * A file's bytes, read a chunk at a time into one buffer used again for each: what a chunk gave
 * must be copied or decoded before the next one is asked for. (A read stream allocates a new
 * buffer for every chunk: garbage for the collector at the rate the file is read.)
 */
export async function* fileChunks(file: string, chunkBytes: number): AsyncGenerator<Buffer, void, undefined> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(chunkBytes);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, chunkBytes, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
