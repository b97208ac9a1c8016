/**
 * A Map that forgets its least recently written entries beyond `max`, and, given `forgetAfterMs`,
 * those written longer ago than that before the latest write: judges of sequences remember per
 * customer and per resource what they saw, a proxy may observe for days, and what lies beyond a
 * judge's horizon (sequence-horizon.ts) can no longer be compared with anything. Without a time
 * bound a map keeps its values as they are (WriteOrdered); with one, each value beside the time it
 * was written (TimeBounded). No value is undefined: a read that finds none tells the key is absent.
 */
/** What a BoundedMap holds: anything but undefined, which its reads give for a key it lacks. */
export type Remembered = NonNullable<unknown> | null;

export class BoundedMap<K, V extends Remembered> {
  readonly #store: WriteOrdered<K, V> | TimeBounded<K, V>;

  constructor(max: number, forgetAfterMs?: number) {
    this.#store = forgetAfterMs === undefined ? new WriteOrdered<K, V>(max) : new TimeBounded<K, V>(max, forgetAfterMs);
  }

  /** Reading does not renew an entry (that would cost a delete and an insert per read): writing does. */
  get(key: K): V | undefined {
    return this.#store.get(key);
  }

  /**
   * `at`: when the exchange that writes it happened (its `answeredAt`); needed with `forgetAfterMs`
   * (written without it, an entry keeps the time it had, a new one takes the newest entry's).
   */
  set(key: K, value: V, at?: number): void {
    this.#store.set(key, value, at);
  }

  /** The value for `key`, made by `make` of the key when there is none (a function made once serves every call). */
  upsert(key: K, make: (key: K) => V, at?: number): V {
    const found = this.get(key);
    if (found !== undefined) return found;
    const made = make(key);
    this.set(key, made, at);
    return made;
  }

  delete(key: K): void {
    this.#store.delete(key);
  }

  get size(): number {
    return this.#store.size;
  }

  values(): IterableIterator<V> {
    return this.#store.values();
  }
}

/** No key yet, or none held: no judge's key is this one. */
const NO_KEY = Symbol('no key');

/**
 * A map's keys from the least recently written on, read with one iterator held from one use to the
 * next. A fresh iterator steps again over every entry deleted at the head of the map's table (V8
 * keeps them as holes until it rehashes), and a map that forgets its oldest at every write of a new
 * customer has thousands. Every key the iterator passed was forgotten but the one it gave last, kept
 * as `first` until it is deleted or written again (which moves it behind the iterator's position).
 */
class OldestFirst<K> {
  #keys: IterableIterator<K> | undefined;
  #first: unknown = NO_KEY;

  constructor(private readonly map: Map<K, unknown>) {}

  /** The least recently written key; undefined in an empty map. */
  first(): K | undefined {
    if (this.#first !== NO_KEY) return this.#first as K;
    const next = (this.#keys ??= this.map.keys()).next();
    if (next.done === true) {
      // An iterator that has ended stays ended: the next key written needs a new one.
      this.#keys = undefined;
      return undefined;
    }
    this.#first = next.value;
    return next.value;
  }

  /** `key` is deleted, or deleted to be written again. */
  left(key: K): void {
    if (key === this.#first) this.#first = NO_KEY;
  }
}

/**
 * Entries in the order of their writes, the least recently written first; a value needs no time
 * beside it, so a write costs no object of its own.
 */
class WriteOrdered<K, V extends Remembered> {
  readonly #values = new Map<K, V>();
  readonly #oldest = new OldestFirst<K>(this.#values);
  /**
   * The key written last, while it is held: writing it again leaves the order as it is, so the
   * delete and insert that renewing costs are skipped (a judge writes one customer's or one
   * project's entry at every exchange of a run of them).
   */
  #newestKey: unknown = NO_KEY;
  /**
   * The key read or written last, with its value: a judge reads an entry and writes it, and the
   * next exchange of the customer or project reads it again. A lookup in a map of thousands costs
   * more than a comparison of keys.
   */
  #lastKey: unknown = NO_KEY;
  #lastValue: V | undefined;

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    if (key !== this.#lastKey) {
      this.#lastKey = key;
      this.#lastValue = this.#values.get(key);
    }
    return this.#lastValue;
  }

  set(key: K, value: V): void {
    const values = this.#values;
    // A key just read and not found needs no delete to move it behind the others: a new customer's first write costs one lookup the fewer.
    const absent = this.#lastKey === key && this.#lastValue === undefined;
    this.#lastKey = key;
    this.#lastValue = value;
    if (this.#newestKey === key) {
      values.set(key, value);
      return;
    }
    if (!absent) {
      this.#oldest.left(key);
      values.delete(key);
    }
    values.set(key, value);
    this.#newestKey = key;
    if (values.size > this.max) this.delete(this.#oldest.first() as K);
  }

  delete(key: K): void {
    if (this.#lastKey === key) this.#lastValue = undefined;
    if (this.#newestKey === key) this.#newestKey = NO_KEY;
    this.#oldest.left(key);
    this.#values.delete(key);
  }

  get size(): number {
    return this.#values.size;
  }

  values(): IterableIterator<V> {
    return this.#values.values();
  }
}

/** A value and when it was last written. */
interface Entry<V> {
  value: V;
  at: number;
}

/**
 * Each entry's value and when it was last written, in the order of the writes: the least recently
 * written first, for the size and for the time alike. One map for both (rather than a second one of
 * the times) halves what renewing an entry costs, at every write of a judge.
 */
class TimeBounded<K, V extends Remembered> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #oldest = new OldestFirst<K>(this.#entries);
  /**
   * No entry was written before this (the first one's time at the last walk): an entry renewed or
   * forgotten since leaves it lower than the oldest, so the next walk comes early, never late.
   */
  #oldestAt = -Infinity;
  /** The entry written last, while it is held (as WriteOrdered's newest key). */
  #newestKey: unknown = NO_KEY;
  #newestEntry: Entry<V> | undefined;
  /** The key read or written last, with its entry (undefined when there is none), as WriteOrdered's. */
  #lastKey: unknown = NO_KEY;
  #lastEntry: Entry<V> | undefined;

  constructor(
    private readonly max: number,
    private readonly forgetAfterMs: number,
  ) {}

  get(key: K): V | undefined {
    return this.#entryOf(key)?.value;
  }

  set(key: K, value: V, at: number | undefined): void {
    const newest = this.#newestEntry;
    if (newest !== undefined && this.#newestKey === key) {
      newest.value = value;
      if (at !== undefined) newest.at = at;
    } else {
      // A held entry is renewed as it is: written at every exchange of its customer, a new one would be promoted to the old heap with every write.
      const held = this.#entryOf(key);
      const entry = held ?? { value, at: at ?? newest?.at ?? -Infinity };
      if (held !== undefined) {
        held.value = value;
        if (at !== undefined) held.at = at;
        this.#oldest.left(key);
        this.#entries.delete(key);
      }
      this.#entries.set(key, entry);
      this.#lastEntry = entry;
      this.#newestKey = key;
      this.#newestEntry = entry;
      if (this.#entries.size > this.max) this.delete(this.#oldest.first() as K);
    }
    if (at === undefined) return;
    const before = at - this.forgetAfterMs;
    // Most writes find nothing to forget: the walk starts only once the oldest entry it knew of is due.
    if (before <= this.#oldestAt) return;
    for (let oldest = this.#oldest.first(); oldest !== undefined; oldest = this.#oldest.first()) {
      const entryAt = (this.#entries.get(oldest) as Entry<V>).at;
      if (entryAt >= before) {
        this.#oldestAt = entryAt;
        return;
      }
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    if (this.#lastKey === key) this.#lastEntry = undefined;
    if (this.#newestKey === key) {
      this.#newestKey = NO_KEY;
      this.#newestEntry = undefined;
    }
    this.#oldest.left(key);
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  *values(): IterableIterator<V> {
    for (const entry of this.#entries.values()) yield entry.value;
  }

  /** The entry of `key`, undefined when there is none; `key` becomes the last one read. */
  #entryOf(key: K): Entry<V> | undefined {
    if (key !== this.#lastKey) {
      this.#lastKey = key;
      this.#lastEntry = this.#entries.get(key);
    }
    return this.#lastEntry;
  }
}
