/**
 * A binary min-heap by a number given with each item, items of equal numbers taken in the order
 * they came: the readers put a file's exchanges in request start order with one (merge-by-start.ts),
 * the settling clock its judgements that fall due out of order (sequence-settle.ts).
 */
export class ArrivalHeap<T> {
  readonly #entries: Entry<T>[] = [];
  #arrivals = 0;

  get size(): number {
    return this.#entries.length;
  }

  /** The least number held; Infinity when empty. */
  get leastKey(): number {
    return this.#entries[0]?.key ?? Infinity;
  }

  push(item: T, key: number): void {
    const entries = this.#entries;
    entries.push({ item, key, arrival: this.#arrivals++ });
    this.#up(entries.length - 1);
  }

  pop(): T | undefined {
    return this.#entries.length === 0 ? undefined : this.#removeAt(0);
  }

  /** The item that came first of those held (a walk over all of them); undefined when empty. */
  firstArrived(): T | undefined {
    const entries = this.#entries;
    let first: Entry<T> | undefined;
    for (const entry of entries) if (first === undefined || entry.arrival < first.arrival) first = entry;
    return first?.item;
  }

  /** Takes `item` out, if held (a walk to find it). */
  remove(item: T): void {
    const at = this.#entries.findIndex((entry) => entry.item === item);
    if (at !== -1) this.#removeAt(at);
  }

  /** Takes every item out, in the order they came. */
  drain(): T[] {
    const entries = this.#entries.splice(0);
    return entries.sort((a, b) => a.arrival - b.arrival).map((entry) => entry.item);
  }

  #removeAt(at: number): T {
    const entries = this.#entries;
    const taken = entries[at] as Entry<T>;
    const last = entries.pop() as Entry<T>;
    if (at < entries.length) {
      entries[at] = last;
      this.#down(at);
      this.#up(at);
    }
    return taken.item;
  }

  #up(at: number): void {
    const entries = this.#entries;
    let i = at;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entries[i] as Entry<T>, entries[parent] as Entry<T>)) return;
      swap(entries, i, parent);
      i = parent;
    }
  }

  #down(at: number): void {
    const entries = this.#entries;
    let i = at;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < entries.length && before(entries[left] as Entry<T>, entries[least] as Entry<T>)) least = left;
      if (right < entries.length && before(entries[right] as Entry<T>, entries[least] as Entry<T>)) least = right;
      if (least === i) return;
      swap(entries, i, least);
      i = least;
    }
  }
}

interface Entry<T> {
  item: T;
  key: number;
  arrival: number;
}

const before = <T>(a: Entry<T>, b: Entry<T>) => a.key < b.key || (a.key === b.key && a.arrival < b.arrival);

function swap<T>(entries: Entry<T>[], a: number, b: number): void {
  const held = entries[a] as Entry<T>;
  entries[a] = entries[b] as Entry<T>;
  entries[b] = held;
}
