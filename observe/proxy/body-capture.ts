/**
 * The first `cap` bytes of a body that streams through the proxy, and how many went through in
 * all: the proxy forwards every byte but records at most `cap` per body, so that a large PDF or a
 * slow endless answer cannot grow its memory.
 */
export class BodyCapture {
  private readonly chunks: Buffer[] = [];
  private recorded = 0;
  private total = 0;

  constructor(readonly cap: number) {}

  add(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.cap - this.recorded;
    if (room <= 0) return;
    // Copied when cut: a subarray would keep the whole socket read buffer it points into alive.
    const kept = chunk.length <= room ? chunk : Buffer.from(chunk.subarray(0, room));
    this.chunks.push(kept);
    this.recorded += kept.length;
  }

  /** Bytes that went through, recorded or not. */
  get forwardedBytes(): number {
    return this.total;
  }

  get truncated(): boolean {
    return this.total > this.recorded;
  }

  /** The recorded bytes in a buffer of their own (never a view of a socket's read buffer). */
  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.recorded);
  }
}
