/**
 * A Map that forgets its least recently written entries beyond `max`, and, given `forgetAfterMs`,
 * those written longer ago than that before the latest write: judges of sequences remember per
 * customer and per resource what they saw, a proxy may observe for days, and what lies beyond a
 * judge's horizon (sequence-horizon.ts) can no longer be compared with anything.
 */
export class BoundedMap<K, V> {
  readonly #map = new Map<K, V>();
  /** When each entry was last written, in the same order as `#map`; kept only with `forgetAfterMs`. */
  readonly #writtenAt: Map<K, number> | undefined;
  /**
   * No entry was written before this (the first one's time at the last walk): an entry renewed or
   * forgotten since leaves it lower than the oldest, so the next walk comes early, never late.
   */
  #oldestAt = -Infinity;
  /**
   * The key written last, while it is still held: writing it again leaves the order as it is, so
   * the delete and insert that renewing costs are skipped (a judge writes one customer's or one
   * project's entry at every exchange of a run of them). `#newestTimed`: it is the last of
   * `#writtenAt` too.
   */
  #newest: K | undefined;
  #holdsNewest = false;
  #newestTimed = false;

  constructor(
    private readonly max: number,
    private readonly forgetAfterMs?: number,
  ) {
    if (forgetAfterMs !== undefined) this.#writtenAt = new Map();
  }

  /** Reading does not renew an entry (that would cost a delete and an insert per read): writing does. */
  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  /** `at`: when the exchange that writes it happened (its `answeredAt`); needed with `forgetAfterMs`. */
  set(key: K, value: V, at?: number): void {
    const renewed = this.#holdsNewest && this.#newest === key;
    if (!renewed) {
      this.#map.delete(key);
      this.#newest = key;
      this.#holdsNewest = true;
      this.#newestTimed = false;
    }
    this.#map.set(key, value);
    if (!renewed && this.#map.size > this.max) this.#forget(this.#map.keys().next().value as K);
    const times = this.#writtenAt;
    if (times === undefined || at === undefined) return;
    if (!this.#newestTimed) times.delete(key);
    times.set(key, at);
    this.#newestTimed = this.#holdsNewest;
    const before = at - (this.forgetAfterMs as number);
    // Most writes find nothing to forget: the walk starts only once the oldest entry it knew of is due.
    if (before <= this.#oldestAt) return;
    for (const [oldest, writtenAt] of times) {
      if (writtenAt >= before) {
        this.#oldestAt = writtenAt;
        return;
      }
      this.#forget(oldest);
    }
  }

  /** The value for `key`, made by `make` when there is none. */
  upsert(key: K, make: () => V, at?: number): V {
    const found = this.get(key);
    if (found !== undefined) return found;
    const made = make();
    this.set(key, made, at);
    return made;
  }

  delete(key: K): void {
    this.#forget(key);
  }

  get size(): number {
    return this.#map.size;
  }

  values(): IterableIterator<V> {
    return this.#map.values();
  }

  #forget(key: K): void {
    if (this.#holdsNewest && this.#newest === key) {
      this.#holdsNewest = false;
      this.#newest = undefined;
    }
    this.#map.delete(key);
    this.#writtenAt?.delete(key);
  }
}
