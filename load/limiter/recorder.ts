import { outcome, type Hit } from '../../harness-core/rate-limit-timeline.js';

/** Who sent a request: the floods' connections, the lone client, the edge probes. */
export const SOURCES = ['flood connection', 'single client', 'edge probe'] as const;
export type Source = 0 | 1 | 2;

/**
 * A request whose answer was never read (connection dropped, given up) may have been decided at
 * any time after its send, however long after the drop: its bound is open.
 */
export const NEVER_READ = Infinity;

/** Every response of the run with the harness's send and receive times, as parallel arrays (hundreds of thousands of them). */
export class Recorder {
  readonly sentAt: number[] = [];
  readonly receivedAt: number[] = [];
  readonly status: number[] = [];
  /** Which client sent it: an index into SOURCES. */
  readonly source: number[] = [];
  /** Requests whose answer shows no decision of the limiter (none came, or a 5xx): maybe admitted. */
  unknown = 0;
  /**
   * The latest receipt (or give-up) of a request that may have been admitted (not 429): where the
   * edge probes wait for an empty window. Not a proof: a request given up may be decided later.
   */
  lastCountedAt = -Infinity;

  /** `receivedAt` NEVER_READ for an answer never read; `gaveUpAt` then says when the client stopped waiting. */
  add(sentAt: number, receivedAt: number, status: number, source: Source, gaveUpAt = receivedAt): void {
    this.sentAt.push(sentAt);
    this.receivedAt.push(receivedAt);
    this.status.push(status);
    this.source.push(source);
    if (outcome({ status }) === 'unknown') this.unknown += 1;
    if (status !== 429) this.lastCountedAt = Math.max(this.lastCountedAt, gaveUpAt);
  }

  hits(): Hit[] {
    return this.status.map((status, i) => ({ label: SOURCES[this.source[i] as number] ?? 'unknown source', sentAt: this.sentAt[i] as number, receivedAt: this.receivedAt[i] as number, status }));
  }
}
