/**
 * JSON Lines split from a file read in chunks, holding nothing beyond the line it is inside: a
 * line within one chunk is handed on as a view of it, only a line spanning chunks is copied, and
 * one longer than the cap is counted, not kept, until its end. (readline would hold a line of any
 * length.)
 */

/** The most bytes one line may take, 64 MiB: far above any exchange of this API, even a PDF in base64. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

export type ScannedLine =
  /** A line's bytes without its CR LF or LF; `line` counts from 1. */
  | { kind: 'line'; line: number; bytes: Buffer }
  /** A line longer than the cap, skipped; `bytes` is its length. */
  | { kind: 'oversize'; line: number; bytes: number };

const LF = 0x0a;
const CR = 0x0d;

export class LineScanner {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** Length of the current line once it is known to be over the cap (its bytes are dropped). */
  private oversizeBytes = -1;
  private lines = 0;
  private heldHighWaterMark = 0;

  constructor(private readonly maxLineBytes: number = DEFAULT_MAX_LINE_BYTES) {}

  /** The largest number of bytes held at once for a line spanning chunks. */
  get highWaterMark(): number {
    return this.heldHighWaterMark;
  }

  /** The lines `chunk` completes; the views they give are valid until the next call. */
  push(chunk: Buffer): ScannedLine[] {
    const scanned: ScannedLine[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
      scanned.push(this.complete(chunk.subarray(start, end)));
      start = end + 1;
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
    return scanned;
  }

  /** The last line, when the file does not end with a line end. */
  end(): ScannedLine | undefined {
    return this.heldBytes > 0 || this.oversizeBytes >= 0 ? this.complete(Buffer.alloc(0)) : undefined;
  }

  private hold(part: Buffer): void {
    if (this.oversizeBytes >= 0) {
      this.oversizeBytes += part.length;
      return;
    }
    if (this.heldBytes + part.length > this.maxLineBytes) {
      this.oversizeBytes = this.heldBytes + part.length;
      this.held = [];
      this.heldBytes = 0;
      return;
    }
    // A copy: a view would keep the whole read chunk alive for a few bytes of it.
    this.held.push(Buffer.from(part));
    this.heldBytes += part.length;
    this.heldHighWaterMark = Math.max(this.heldHighWaterMark, this.heldBytes);
  }

  private complete(tail: Buffer): ScannedLine {
    const line = ++this.lines;
    if (this.oversizeBytes >= 0) {
      const bytes = this.oversizeBytes + tail.length;
      this.oversizeBytes = -1;
      return { kind: 'oversize', line, bytes };
    }
    const length = this.heldBytes + tail.length;
    if (length > this.maxLineBytes) {
      this.held = [];
      this.heldBytes = 0;
      return { kind: 'oversize', line, bytes: length };
    }
    const whole = this.heldBytes === 0 ? tail : Buffer.concat([...this.held, tail], length);
    this.held = [];
    this.heldBytes = 0;
    return { kind: 'line', line, bytes: whole.length > 0 && whole[whole.length - 1] === CR ? whole.subarray(0, whole.length - 1) : whole };
  }
}
