import { LIMIT, WINDOW_MS } from '../../harness-core/rate-limit-timeline.js';

/**
 * The client side of the limit: per customer the send times of its last LIMIT requests. A request
 * may go when the oldest of them lies at least one window plus `marginMs` back, so no sliding
 * second of send times ever holds more than LIMIT; the margin absorbs the jitter between sending
 * and the target's decision on a machine that is not idle.
 */
export class SendBudget {
  private readonly times: Float64Array;
  private readonly heads: Uint8Array;

  constructor(
    customers: number,
    readonly marginMs: number,
  ) {
    this.times = new Float64Array(customers * LIMIT).fill(-Infinity);
    this.heads = new Uint8Array(customers);
  }

  /** The earliest instant customer `id` may send again. */
  earliest(id: number): number {
    return (this.times[id * LIMIT + (this.heads[id] as number)] as number) + WINDOW_MS + this.marginMs;
  }

  note(id: number, sentAt: number): void {
    const head = this.heads[id] as number;
    this.times[id * LIMIT + head] = sentAt;
    this.heads[id] = (head + 1) % LIMIT;
  }
}
