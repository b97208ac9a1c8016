import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { earliestSend, latestAnswer, type RecordedAnswer, type RecordedSend } from '../../judge/recorded-times.js';

export interface Logged<T> {
  seq: number;
  /** The earliest moment the write may have been sent and the latest it may have been answered (recorded-times.ts). */
  sentAt: number;
  answeredAt: number;
  entry: T;
}

/** Entries kept per resource: more writes to one resource within a window than this are not judged. */
const PER_RESOURCE = 64;
/**
 * Forgotten entries a log holds on to before it lets go of them at once: dropping the oldest
 * entry one by one would move every later one at each write to a busy resource.
 */
const FORGOTTEN_HELD = 16;

interface ResourceLog<T> {
  /** The entries from `first` on are kept, in the order they came; those before it are forgotten. */
  entries: Logged<T>[];
  first: number;
  forgottenUpTo: number;
}

/**
 * The writes seen per resource (a room, a project) with their times, so that a judgement about a
 * window can leave out what other writes, seen before or after, may have changed in it. What the
 * log forgot is remembered as a time before which no window is judged.
 */
export class IntervalLog<T> {
  readonly #logs: BoundedMap<string, ResourceLog<T>>;
  readonly #maxResources: number;
  #forgottenUpTo = -Infinity;
  #latest = -Infinity;

  constructor(maxResources: number) {
    this.#logs = new BoundedMap(maxResources);
    this.#maxResources = maxResources;
  }

  /** Logs `x` from the earliest moment it may have been sent to the latest it may have been answered (recorded-times.ts): a window it may overlap finds it. */
  add(resource: string, x: ExchangeView, entry: T): void {
    const answeredAt = latestAnswer(x);
    this.#latest = Math.max(this.#latest, answeredAt);
    let log = this.#logs.get(resource);
    if (!log) {
      // The map forgets its least recently used resource without telling which: no window before now is judged any more.
      if (this.#logs.size >= this.#maxResources) this.#forgottenUpTo = this.#latest;
      log = { entries: [], first: 0, forgottenUpTo: -Infinity };
      this.#logs.set(resource, log);
    }
    const entries = log.entries;
    entries.push({ seq: x.seq, sentAt: earliestSend(x), answeredAt, entry });
    if (entries.length - log.first > PER_RESOURCE) {
      const dropped = entries[log.first++] as Logged<T>;
      log.forgottenUpTo = Math.max(log.forgottenUpTo, dropped.answeredAt);
      if (log.first === FORGOTTEN_HELD) {
        entries.splice(0, FORGOTTEN_HELD);
        log.first = 0;
      }
    }
  }

  /**
   * The entries whose exchange may overlap the window from `first`'s send to `last`'s answer, each
   * taken as wide as its stamps allow, or undefined when the log may have forgotten one.
   */
  overlapping(resource: string, first: RecordedSend, last: RecordedAnswer): Logged<T>[] | undefined {
    const from = earliestSend(first);
    const to = latestAnswer(last);
    const log = this.#logs.get(resource);
    if (from <= Math.max(this.#forgottenUpTo, log?.forgottenUpTo ?? -Infinity)) return undefined;
    const found: Logged<T>[] = [];
    if (!log) return found;
    const entries = log.entries;
    for (let i = log.first; i < entries.length; i++) {
      const e = entries[i] as Logged<T>;
      if (e.sentAt <= to && e.answeredAt >= from) found.push(e);
    }
    return found;
  }
}
