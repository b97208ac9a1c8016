import { SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';

/**
 * Judgements that wait for the exchanges that could still overlap them. A recording proxy hands
 * exchanges over as they finish, so a write sent before a read was answered may come after it: a
 * judgement about a window of time is settled once an exchange starts a horizon after the window
 * ended (a write slower than that is not waited for), or when the observation ends.
 */
export class Pending {
  #items: { due: number; settle: () => void }[] = [];
  #head = 0;

  constructor(private readonly max: number) {}

  /** `settle` runs once nothing overlapping a window that ends at `windowEnd` can still come. */
  add(windowEnd: number, settle: () => void): void {
    this.#items.push({ due: windowEnd + SEQUENCE_HORIZON_MS, settle });
    // Beyond the bound the oldest judgement is dropped unjudged: never judged is never a false alarm.
    if (this.#items.length - this.#head > this.max) this.#head++;
    this.#compact();
  }

  /**
   * Settles, in the order they came, the judgements due before an exchange that started at `now`.
   * Windows end about in the order exchanges come, so one that ends a little earlier than the one
   * before it waits for that one: later, never too early.
   */
  settleBefore(now: number): void {
    while (this.#head < this.#items.length && (this.#items[this.#head] as { due: number }).due < now) {
      const item = this.#items[this.#head++] as { settle: () => void };
      item.settle();
    }
    this.#compact();
  }

  settleAll(): void {
    this.settleBefore(Infinity);
  }

  #compact(): void {
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
  }
}
