/**
 * A Map that forgets its least recently written entries beyond `max`: judges of sequences remember
 * per customer and per resource what they saw, and a proxy may observe for days.
 */
export class BoundedMap<K, V> {
  readonly #map = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** Reading does not renew an entry (that would cost a delete and an insert per read): writing does. */
  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.max) this.#map.delete(this.#map.keys().next().value as K);
  }

  /** The value for `key`, made by `make` when there is none. */
  upsert(key: K, make: () => V): V {
    const found = this.get(key);
    if (found !== undefined) return found;
    const made = make();
    this.set(key, made);
    return made;
  }

  delete(key: K): void {
    this.#map.delete(key);
  }

  get size(): number {
    return this.#map.size;
  }

  values(): IterableIterator<V> {
    return this.#map.values();
  }
}
