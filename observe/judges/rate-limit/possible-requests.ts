import { LIMIT, WINDOW_MS, type Hit } from '../../../harness-core/rate-limit-timeline.js';
import { TimeOrdered } from './time-ordered.js';
import type { TimelineEntry } from './timeline-entry.js';

/** Keys of the lists, made once: a token's scope is made for every token that comes back after a pause (JudgeOptions `oneTokenPerCustomer`). */
const sentAt = (e: TimelineEntry) => e.sentAt;
const receivedAt = (e: TimelineEntry) => e.receivedAt;

/**
 * Requests of any token that may have counted toward a customer's limit, answered ones, asked how
 * many can lie in the second before a refusal: those sent before the refusal was answered and
 * answered after one second before its send (the condition of `livenessViolations` in
 * rate-limit-timeline.ts). Counted as "sent by then" minus "answered by the window's start"; every
 * request answered by then was sent by then, and those dropped lie before every later window.
 */
export class PossibleRequests {
  readonly #bySend = new TimeOrdered<TimelineEntry>(sentAt);
  readonly #byAnswer = new TimeOrdered<TimelineEntry>(receivedAt);

  add(e: TimelineEntry): void {
    this.#bySend.add(e);
    this.#byAnswer.add(e);
  }

  countFor(refused: Hit): number {
    return this.#bySend.countAtMost(refused.receivedAt) - this.#byAnswer.countAtMost(refused.sentAt - WINDOW_MS);
  }

  /** The requests `countFor` counts, for a failure's proof (a scan: only while failures are kept). */
  listFor(refused: Hit): TimelineEntry[] {
    const from = refused.sentAt - WINDOW_MS;
    return this.#byAnswer.between(from, Infinity).filter((e) => e.receivedAt > from && e.sentAt <= refused.receivedAt);
  }

  /** Forgets what was answered before `bound`; `countFor` stays exact for refusals sent at least a window after it. */
  dropBelow(bound: number): void {
    this.#bySend.dropBelow(bound);
    this.#byAnswer.dropBelow(bound);
  }

  get size(): number {
    return this.#byAnswer.size;
  }
}

/**
 * Unknown outcomes (5xx): each may have been admitted at any time after its send, so it may lie
 * in the window of every refusal answered after that; only the `LIMIT` sent first ever matter.
 */
export class OpenOutcomes {
  #earliest: TimelineEntry[] = [];

  add(e: TimelineEntry): void {
    if (this.#earliest.length >= LIMIT && (this.#earliest[LIMIT - 1] as TimelineEntry).sentAt <= e.sentAt) return;
    this.#earliest = [...this.#earliest, e].sort((a, b) => a.sentAt - b.sentAt).slice(0, LIMIT);
  }

  countFor(refused: Hit): number {
    let count = 0;
    for (const e of this.#earliest) if (e.sentAt <= refused.receivedAt) count++;
    return count;
  }

  listFor(refused: Hit): TimelineEntry[] {
    return this.#earliest.filter((e) => e.sentAt <= refused.receivedAt);
  }
}
