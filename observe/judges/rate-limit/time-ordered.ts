/**
 * Dropped items are let go of once this many lie before the head: an array's slot keeps its item
 * alive, and a timeline's entries kept past their time are copied by every collection meanwhile.
 */
const COMPACT_FROM = 64;

/**
 * What an empty list holds: most lists of a token's window only ever get one item, so none is made
 * for a list before its first item, and the first is held in an array of its own size.
 */
const NOTHING: never[] = Object.freeze([]) as never[];

/**
 * Items kept in ascending order of a time, for a stream that arrives nearly in that order (most
 * insertions append), old items dropped from the front. What was dropped is still counted, so
 * "how many at or below t" stays exact for every t at or above the drop bound, which is all a
 * timeline judge asks once it has moved past the dropped times. The times are kept beside the
 * items, so the searches compare plain numbers.
 */
export class TimeOrdered<T> {
  readonly #key: (item: T) => number;
  #items: T[] = NOTHING;
  #keys: number[] = NOTHING;
  /** Index of the first kept item; the ones before it are dropped. */
  #head = 0;
  #dropped = 0;

  constructor(key: (item: T) => number) {
    this.#key = key;
  }

  add(item: T): void {
    const key = this.#key(item);
    const n = this.#keys.length;
    if (n === 0) {
      this.#items = [item];
      this.#keys = [key];
      return;
    }
    if (n === this.#head || (this.#keys[n - 1] as number) <= key) {
      this.#items.push(item);
      this.#keys.push(key);
      return;
    }
    const at = this.#firstAbove(key);
    this.#items.splice(at, 0, item);
    this.#keys.splice(at, 0, key);
  }

  /** How many items, kept or dropped, have a time at or below `bound`; exact for `bound` at or above every drop bound so far. */
  countAtMost(bound: number): number {
    return this.#dropped + this.#firstAbove(bound) - this.#head;
  }

  /** How many items, kept or dropped, have a time below `bound`; exact for `bound` at or above every drop bound so far. */
  countBelow(bound: number): number {
    return this.#dropped + this.#firstFrom(bound) - this.#head;
  }

  /** The kept items with a time in [from, to), in order; the first `max` of them. */
  between(from: number, to: number, max = Infinity): T[] {
    const out: T[] = [];
    for (let i = this.#firstFrom(from); i < this.#keys.length && (this.#keys[i] as number) < to && out.length < max; i++) out.push(this.#items[i] as T);
    return out;
  }

  /** The last kept item with a time below `bound`. */
  lastBefore(bound: number): T | undefined {
    const at = this.#firstFrom(bound);
    return at > this.#head ? this.#items[at - 1] : undefined;
  }

  /** The last `max` kept items with a time below `bound`, in order. */
  lastBelow(bound: number, max: number): T[] {
    const end = this.#firstFrom(bound);
    return this.#items.slice(Math.max(this.#head, end - max), end);
  }

  /** The first kept item. */
  first(): T | undefined {
    return this.#head < this.#items.length ? this.#items[this.#head] : undefined;
  }

  /** Takes the first kept item out (counted as dropped). */
  shift(): T | undefined {
    const item = this.first();
    if (item === undefined) return undefined;
    this.#drop(1);
    return item;
  }

  /** Drops the items with a time below `bound`. */
  dropBelow(bound: number): void {
    // Asked at every addition of a token's request, it mostly finds the first kept item due later: known without a search.
    if (this.#head === this.#keys.length || (this.#keys[this.#head] as number) >= bound) return;
    this.#drop(this.#firstFrom(bound) - this.#head);
  }

  get size(): number {
    return this.#keys.length - this.#head;
  }

  #drop(count: number): void {
    if (count <= 0) return;
    this.#head += count;
    this.#dropped += count;
    if (this.#head === this.#keys.length) {
      this.#items = NOTHING;
      this.#keys = NOTHING;
      this.#head = 0;
    } else if (this.#head >= COMPACT_FROM && this.#head * 2 > this.#keys.length) {
      this.#items = this.#items.slice(this.#head);
      this.#keys = this.#keys.slice(this.#head);
      this.#head = 0;
    }
  }

  /** The first kept index whose time is above `bound`. */
  #firstAbove(bound: number): number {
    const keys = this.#keys;
    let lo = this.#head;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((keys[mid] as number) > bound) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The first kept index whose time is at or above `bound`. */
  #firstFrom(bound: number): number {
    const keys = this.#keys;
    let lo = this.#head;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((keys[mid] as number) >= bound) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
