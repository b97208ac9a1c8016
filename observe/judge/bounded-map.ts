/**
 * A Map that forgets its least recently written entries beyond `max`, and, given `forgetAfterMs`,
 * those written longer ago than that before the latest write: judges of sequences remember per
 * customer and per resource what they saw, a proxy may observe for days, and what lies beyond a
 * judge's horizon (sequence-horizon.ts) can no longer be compared with anything. No value is
 * undefined: a read that finds none tells the key is absent.
 *
 * The order of the writes is a list through the entries themselves: a judge writes a customer's or
 * a project's entry again at nearly every exchange of it, and moving an entry in the list costs a
 * few stores, where moving a key to the end of a Map's order costs a delete and an insert in a table
 * of thousands (and leaves a hole the table rehashes).
 *
 * An entry is a slot number, its key, value, time and neighbours in arrays (the times unboxed in
 * an array of doubles), and the Map holds the number: the judges' maps hold some hundred thousand
 * entries that live for a minute of traffic, and an object per entry (with its time boxed in one
 * more) was copied by the young generation's collections and again into the old one. A slot
 * forgotten serves the next new key, so a full map allocates nothing per entry.
 */
/** What a BoundedMap holds: anything but undefined, which its reads give for a key it lacks. */
export type Remembered = NonNullable<unknown> | null;

/** No slot: the end of the order, a key absent, no free slot. */
const NONE = -1;
/** No key read yet, or the one read last was deleted: no judge's key is this one. */
const NO_KEY = Symbol('no key');

export class BoundedMap<K, V extends Remembered> {
  readonly #slots = new Map<K, number>();
  readonly #keys: (K | undefined)[] = [];
  readonly #values: (V | undefined)[] = [];
  /** When each slot was last written (the newest entry's time for one written without a time; -Infinity without any). */
  readonly #at: number[] = [];
  /** Each slot's neighbours in the order of the writes; a free slot's `#newer` is the next free one. */
  readonly #older: number[] = [];
  readonly #newer: number[] = [];
  #free = NONE;
  /** The least and the most recently written entries. */
  #oldest = NONE;
  #newest = NONE;
  /** The entry written last, while it is held: a new entry written without a time takes its time. */
  #lastWritten = NONE;
  /**
   * The key read or written last, with its slot (NONE when it has none): a judge reads an entry
   * and writes it, and the next exchange of the customer or project reads it again. A lookup in a
   * map of thousands costs more than a comparison of keys.
   */
  #lastKey: unknown = NO_KEY;
  #lastSlot = NONE;
  /**
   * No entry was written before this (the oldest one's time at the last walk of the time bound): an
   * entry renewed or forgotten since leaves it lower than the oldest, so most writes need no walk.
   */
  #oldestAt = -Infinity;

  constructor(
    private readonly max: number,
    private readonly forgetAfterMs?: number,
  ) {}

  /** Reading does not renew an entry: writing does. */
  get(key: K): V | undefined {
    const slot = this.#slotOf(key);
    return slot === NONE ? undefined : this.#values[slot];
  }

  /**
   * `at`: when the exchange that writes it happened (its `answeredAt`); needed with `forgetAfterMs`
   * (written without it, an entry keeps the time it had, a new one takes the newest entry's).
   */
  set(key: K, value: V, at?: number): void {
    const held = this.#slotOf(key);
    if (held === NONE) {
      const slot = this.#newSlot();
      this.#keys[slot] = key;
      this.#values[slot] = value;
      this.#at[slot] = at ?? (this.#lastWritten === NONE ? -Infinity : (this.#at[this.#lastWritten] as number));
      this.#older[slot] = this.#newest;
      this.#newer[slot] = NONE;
      if (this.#newest === NONE) this.#oldest = slot;
      else this.#newer[this.#newest] = slot;
      this.#newest = slot;
      this.#slots.set(key, slot);
      this.#lastSlot = slot;
      this.#lastWritten = slot;
      if (this.#slots.size > this.max) this.#forget(this.#oldest);
    } else {
      this.#values[held] = value;
      if (at !== undefined) this.#at[held] = at;
      this.#lastWritten = held;
      if (held !== this.#newest) {
        this.#unlink(held);
        this.#older[held] = this.#newest;
        this.#newer[held] = NONE;
        this.#newer[this.#newest] = held;
        this.#newest = held;
      }
    }
    if (at === undefined || this.forgetAfterMs === undefined) return;
    const before = at - this.forgetAfterMs;
    if (before <= this.#oldestAt) return;
    for (let oldest = this.#oldest; oldest !== NONE; oldest = this.#oldest) {
      const oldestAt = this.#at[oldest] as number;
      if (oldestAt >= before) {
        this.#oldestAt = oldestAt;
        return;
      }
      this.#forget(oldest);
    }
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
    const slot = this.#slotOf(key);
    if (slot !== NONE) this.#forget(slot);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** The values from the least recently written on. */
  *values(): IterableIterator<V> {
    for (let slot = this.#oldest; slot !== NONE; slot = this.#newer[slot] as number) yield this.#values[slot] as V;
  }

  /** The slot of `key`, NONE when it has none; `key` becomes the last one read. */
  #slotOf(key: K): number {
    if (key !== this.#lastKey) {
      this.#lastKey = key;
      this.#lastSlot = this.#slots.get(key) ?? NONE;
    }
    return this.#lastSlot;
  }

  /** A free slot: one forgotten before, else a new one at the end of the arrays. */
  #newSlot(): number {
    const free = this.#free;
    if (free !== NONE) {
      this.#free = this.#newer[free] as number;
      return free;
    }
    const slot = this.#at.length;
    this.#keys.push(undefined);
    this.#values.push(undefined);
    this.#at.push(0);
    this.#older.push(NONE);
    this.#newer.push(NONE);
    return slot;
  }

  #forget(slot: number): void {
    this.#unlink(slot);
    this.#slots.delete(this.#keys[slot] as K);
    // Let go of what the entry held; the slot serves the next new key.
    this.#keys[slot] = undefined;
    this.#values[slot] = undefined;
    this.#newer[slot] = this.#free;
    this.#free = slot;
    if (this.#lastSlot === slot) this.#lastSlot = NONE;
    if (this.#lastWritten === slot) this.#lastWritten = NONE;
  }

  /** Takes `slot` out of the order (its own neighbours are left for the caller to set). */
  #unlink(slot: number): void {
    const older = this.#older[slot] as number;
    const newer = this.#newer[slot] as number;
    if (older === NONE) this.#oldest = newer;
    else this.#newer[older] = newer;
    if (newer === NONE) this.#newest = older;
    else this.#older[newer] = older;
  }
}
