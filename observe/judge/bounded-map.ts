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
 */
/** What a BoundedMap holds: anything but undefined, which its reads give for a key it lacks. */
export type Remembered = NonNullable<unknown> | null;

/** An entry, with its neighbours in the order of the writes. */
interface Slot<K, V> {
  readonly key: K;
  value: V;
  /** When it was last written (the newest entry's time for one written without a time; -Infinity without any). */
  at: number;
  older: Slot<K, V> | undefined;
  newer: Slot<K, V> | undefined;
}

/** No key read yet, or the one read last was deleted: no judge's key is this one. */
const NO_KEY = Symbol('no key');

export class BoundedMap<K, V extends Remembered> {
  readonly #slots = new Map<K, Slot<K, V>>();
  /** The least and the most recently written entries. */
  #oldest: Slot<K, V> | undefined;
  #newest: Slot<K, V> | undefined;
  /** The entry written last, while it is held: a new entry written without a time takes its time. */
  #lastWritten: Slot<K, V> | undefined;
  /**
   * The key read or written last, with its entry (undefined when there is none): a judge reads an
   * entry and writes it, and the next exchange of the customer or project reads it again. A lookup
   * in a map of thousands costs more than a comparison of keys.
   */
  #lastKey: unknown = NO_KEY;
  #lastSlot: Slot<K, V> | undefined;
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
    return this.#slotOf(key)?.value;
  }

  /**
   * `at`: when the exchange that writes it happened (its `answeredAt`); needed with `forgetAfterMs`
   * (written without it, an entry keeps the time it had, a new one takes the newest entry's).
   */
  set(key: K, value: V, at?: number): void {
    const held = this.#slotOf(key);
    if (held === undefined) {
      const slot: Slot<K, V> = { key, value, at: at ?? this.#lastWritten?.at ?? -Infinity, older: this.#newest, newer: undefined };
      if (this.#newest === undefined) this.#oldest = slot;
      else this.#newest.newer = slot;
      this.#newest = slot;
      this.#slots.set(key, slot);
      this.#lastSlot = slot;
      this.#lastWritten = slot;
      if (this.#slots.size > this.max) this.#forget(this.#oldest as Slot<K, V>);
    } else {
      held.value = value;
      if (at !== undefined) held.at = at;
      this.#lastWritten = held;
      if (held !== this.#newest) {
        this.#unlink(held);
        held.older = this.#newest;
        held.newer = undefined;
        (this.#newest as Slot<K, V>).newer = held;
        this.#newest = held;
      }
    }
    if (at === undefined || this.forgetAfterMs === undefined) return;
    const before = at - this.forgetAfterMs;
    if (before <= this.#oldestAt) return;
    for (let oldest = this.#oldest; oldest !== undefined; oldest = this.#oldest) {
      if (oldest.at >= before) {
        this.#oldestAt = oldest.at;
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
    if (slot !== undefined) this.#forget(slot);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** The values from the least recently written on. */
  *values(): IterableIterator<V> {
    for (let slot = this.#oldest; slot !== undefined; slot = slot.newer) yield slot.value;
  }

  /** The entry of `key`, undefined when there is none; `key` becomes the last one read. */
  #slotOf(key: K): Slot<K, V> | undefined {
    if (key !== this.#lastKey) {
      this.#lastKey = key;
      this.#lastSlot = this.#slots.get(key);
    }
    return this.#lastSlot;
  }

  #forget(slot: Slot<K, V>): void {
    this.#unlink(slot);
    this.#slots.delete(slot.key);
    if (this.#lastSlot === slot) this.#lastSlot = undefined;
    if (this.#lastWritten === slot) this.#lastWritten = undefined;
  }

  /** Takes `slot` out of the order (its own neighbours are left for the caller to set). */
  #unlink(slot: Slot<K, V>): void {
    if (slot.older === undefined) this.#oldest = slot.newer;
    else slot.older.newer = slot.newer;
    if (slot.newer === undefined) this.#newest = slot.older;
    else slot.newer.older = slot.older;
  }
}
