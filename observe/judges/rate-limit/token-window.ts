import { WINDOW_MS } from '../../../harness-core/rate-limit-timeline.js';
import { TimeOrdered } from './time-ordered.js';
import type { TimelineEntry } from './timeline-entry.js';

/** Answered with success: only a customer's token is. */
export const served = (e: TimelineEntry) => e.status >= 200 && e.status < 300;

/** A refusal more than a second after an earlier one of its token but within this long is a retry after waiting (RATE-11). */
const RETRY_WITHIN_MS = 5000;

/** How many of a token's refusals in a window are looked at for its endpoints and overlaps: enough to show them, bounded under a flood. */
const REFUSALS_LOOKED_AT = 8;

/** Keys of the windows' lists, made once: a window is made for every token that comes back after a pause. */
const sentAt = (e: TimelineEntry) => e.sentAt;
const itself = (t: number) => t;
const NONE: readonly TimelineEntry[] = [];

/** What `TokenWindow.secondFrom` finds in the sliding second from an admission. */
export interface Second {
  candidates: TimelineEntry[];
  fitting: TimelineEntry[];
  refusals: TimelineEntry[];
  refusalCount: number;
  lastRefusal?: TimelineEntry;
  /**
   * Refusals sent before the admission and still under way when it was sent: a parallel burst's
   * requests reach the recorder in some order within a fraction of a millisecond, and its refusals
   * may be recorded a hair before its admissions, yet shared the admission's second.
   */
  underWay: readonly TimelineEntry[];
}

/**
 * One token's recent requests: its counted admissions and its refusals by send, and when its
 * refusals were answered (for retries). Tokens of one customer look like different customers, so
 * a token's window is a part of its customer's, and what it proves against the limit holds for
 * the customer's.
 */
export class TokenWindow {
  readonly admissions = new TimeOrdered<TimelineEntry>(sentAt);
  /** Made at the token's first refusal in the window: of the thousands of windows a run makes, few get one. */
  #refusals: Refusals | undefined;
  /**
   * The token was seen served (answered 2xx on a protected endpoint): it is a customer's. Only then
   * do its 403, 404 and 422 answers show the customer limit admitted them (a server that answers
   * invalid tokens 404 has no customer to count them for), and its 429s the customer limit's rather
   * than the per-address one's (FREE-RATE-2).
   */
  seenServed = false;

  add(e: TimelineEntry): void {
    if (e.kind === 'counted') {
      this.admissions.add(e);
      if (served(e)) this.seenServed = true;
    } else if (e.kind === 'refused') {
      const refusals = (this.#refusals ??= new Refusals());
      refusals.bySend.add(e);
      refusals.answers.add(e.receivedAt);
    }
  }

  /**
   * How many of the token's requests, `first` among them, admitted or refused, were sent in the
   * second that starts at `first`'s send, or refused and still under way at it: at least as many as
   * `secondFrom` lists, counted without listing them.
   */
  sentInSecondFrom(first: TimelineEntry): number {
    const end = first.sentAt + WINDOW_MS;
    return this.admissions.countBelow(end) - this.admissions.countBelow(first.sentAt) + this.#refusalsSentIn(first.sentAt, end) + this.#underWayAt(first).length;
  }

  /**
   * The second that starts at `first`'s send: the token's later admissions sent in it
   * (`candidates`), those of them also answered in it (`fitting`: with `first`, provably decided
   * within one sliding second), and some of the refusals sent in it.
   */
  secondFrom(first: TimelineEntry): Second {
    const end = first.sentAt + WINDOW_MS;
    // Sent with `first` or after it; of those sent at the same instant, those seen after it, so that a set is found from one member only.
    // Left out of the array `between` made, in place: a copy costs an array at every admission.
    const candidates = this.admissions.between(first.sentAt, end);
    let kept = 0;
    for (const e of candidates) if (e.sentAt > first.sentAt || e.seq > first.seq) candidates[kept++] = e;
    candidates.length = kept;
    const fitting = first.receivedAt < end ? candidates.filter((e) => e.receivedAt < end) : [];
    const refusalCount = this.#refusalsSentIn(first.sentAt, end);
    // Most seconds hold no refusal: none is looked for then (every refusal dropped was sent before `first`).
    const bySend = refusalCount === 0 ? undefined : this.#refusals?.bySend;
    const refusals = bySend === undefined ? [] : bySend.between(first.sentAt, end, REFUSALS_LOOKED_AT);
    const second: Second = { candidates, fitting, refusals, refusalCount, underWay: this.#underWayAt(first) };
    const lastRefusal = bySend?.lastBefore(end);
    // Set rather than spread in: a spread of a member costs an object and its copy at every admission.
    if (lastRefusal !== undefined && lastRefusal.sentAt >= first.sentAt) second.lastRefusal = lastRefusal;
    return second;
  }

  /** Whether `refused` comes more than a second, and at most `RETRY_WITHIN_MS`, after the answer of an earlier refusal of the token. */
  isRetry(refused: TimelineEntry): boolean {
    const answers = this.#refusals?.answers;
    return answers !== undefined && answers.countBelow(refused.sentAt - WINDOW_MS) - answers.countBelow(refused.sentAt - RETRY_WITHIN_MS) > 0;
  }

  /** How many other refusals of the token were sent in the second before `refused` or while it was under way. */
  refusalsBefore(refused: TimelineEntry): number {
    const bySend = this.#refusals?.bySend;
    return (bySend === undefined ? 0 : bySend.countAtMost(refused.receivedAt) - bySend.countBelow(refused.sentAt - WINDOW_MS)) - 1;
  }

  /** Forgets requests sent before `bound` (refusal answers `RETRY_WITHIN_MS` longer); what is asked of later ones stays exact. */
  dropBelow(bound: number): void {
    this.admissions.dropBelow(bound);
    const refusals = this.#refusals;
    if (refusals === undefined) return;
    refusals.bySend.dropBelow(bound);
    refusals.answers.dropBelow(bound - RETRY_WITHIN_MS);
  }

  get empty(): boolean {
    const refusals = this.#refusals;
    return this.admissions.size === 0 && (refusals === undefined || (refusals.bySend.size === 0 && refusals.answers.size === 0));
  }

  /** Some of the token's refusals sent before `first` and answered after its send (`Second.underWay`): most tokens have none, a flood's are looked at up to a bound. */
  #underWayAt(first: TimelineEntry): readonly TimelineEntry[] {
    const bySend = this.#refusals?.bySend;
    return bySend === undefined ? NONE : bySend.lastBelow(first.sentAt, REFUSALS_LOOKED_AT).filter((r) => r.receivedAt > first.sentAt);
  }

  /** How many of the token's refusals were sent in [from, to). */
  #refusalsSentIn(from: number, to: number): number {
    const bySend = this.#refusals?.bySend;
    return bySend === undefined ? 0 : bySend.countBelow(to) - bySend.countBelow(from);
  }
}

/** A token's refusals by send, and when they were answered (for retries). */
class Refusals {
  readonly bySend = new TimeOrdered<TimelineEntry>(sentAt);
  readonly answers = new TimeOrdered<number>(itself);
}
