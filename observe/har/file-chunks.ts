import { open } from 'node:fs/promises';

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
