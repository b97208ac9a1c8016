/**
 * Judging a rate limiter from the outside, without clock synchronisation.
 *
 * The target decides on a request at some instant between the moment the harness sent it and the
 * moment the harness received the answer; both are read from one monotonic clock of the harness.
 * A wider interval only weakens the proofs, never falsifies them, so an earlier instant for the send
 * and a later one for the receipt do as well (the pacer's grant and release: pacer-timeline.ts).
 * From these intervals alone two kinds of violation can be proven:
 *
 * - safety: `limit + 1` admitted requests whose intervals all fit into less than one window
 *   (latest receipt minus earliest send < windowMs): whatever the exact instants were, one sliding
 *   window held them all;
 * - liveness: a refused request (429) for which fewer than `limit` admitted requests can possibly
 *   lie in the window before it (an admitted request is possible when it may have been decided
 *   before the refusal and less than one window earlier): the limiter was stricter than the spec.
 *
 * Refused requests never count (a 429 is not a protected request that was served). Requests
 * without a known outcome (no answer read, or a 5xx) may have been admitted, and at any time: a
 * target can hold a request on a dropped connection (or behind a gateway's 504) for seconds and
 * decide on it long after the harness stopped waiting. So their interval is [sentAt, +infinity)
 * (`decidedBy`): they are left out of safety proofs, counted as possible in the liveness proof of
 * every refusal answered after their send, and never used for the queueing bound. Each verdict
 * then holds for every placement of them.
 */
export const LIMIT = 2;
export const WINDOW_MS = 1000;

export interface Hit {
  /** What the request was, for the report (endpoint, token, plan step). */
  label: string;
  /** Harness monotonic clock (ms) just before sending, or earlier. */
  sentAt: number;
  /**
   * Harness monotonic clock (ms) after the answer was read, or later. With status 0 (no answer
   * read) the latest instant the target can have decided on it: `Infinity` when nothing bounds it
   * (a dropped connection, a request given up), a finite bound only when the caller knows the
   * decision was over by then (the pacer: a lane given back after all its answers were read).
   */
  receivedAt: number;
  /** HTTP status, or 0 when no answer came (connection dropped, given up). */
  status: number;
}

/**
 * The latest instant the target can have decided on `hit`: its receipt for a 429 or an admission,
 * the caller's bound for status 0, and none for a 5xx (a gateway's 504 leaves the request running
 * behind it; reading the 504 bounds nothing).
 */
export function decidedBy(hit: Pick<Hit, 'status' | 'receivedAt'>): number {
  return hit.status >= 500 ? Infinity : hit.receivedAt;
}

export type Outcome = 'admitted' | 'refused' | 'unknown';

/**
 * Only a 429 or an answer of the target below 500 shows what its limiter decided. No answer, a
 * gateway's 502 or 504, or the target's own 500 or 503 can come from before the limiter or after
 * it admitted the request: unknown.
 */
export function outcome(hit: Pick<Hit, 'status'>): Outcome {
  if (hit.status === 429) return 'refused';
  return hit.status === 0 || hit.status >= 500 ? 'unknown' : 'admitted';
}

export interface SafetyViolation {
  /** `limit + 1` admitted hits, earliest send first. */
  hits: Hit[];
  /** Latest receipt minus earliest send: the target decided on all of them within this span. */
  spanMs: number;
}

export interface LivenessViolation {
  refused: Hit;
  /** The admitted (or unknown, sent before the refusal was answered) hits that could lie in the refused hit's window: fewer than the limit. */
  possible: Hit[];
}

export interface Limits {
  limit?: number;
  windowMs?: number;
  /** Stop after this many violations (the load run has hundreds of thousands of hits). */
  max?: number;
}

/** Sets of `limit + 1` admitted hits that provably fell into one sliding window. */
export function safetyViolations(hits: readonly Hit[], { limit = LIMIT, windowMs = WINDOW_MS, max = 20 }: Limits = {}): SafetyViolation[] {
  const admitted = hits.filter((h) => outcome(h) === 'admitted').sort((a, b) => a.sentAt - b.sentAt);
  const found: SafetyViolation[] = [];
  for (let i = 0; i < admitted.length && found.length < max; i++) {
    const first = admitted[i] as Hit;
    const end = first.sentAt + windowMs;
    if (first.receivedAt >= end) continue;
    // Everything sent at or after `first` and answered before `end` fits with it into one window.
    const fitting: Hit[] = [];
    for (let j = i + 1; j < admitted.length; j++) {
      const h = admitted[j] as Hit;
      if (h.sentAt >= end) break;
      if (h.receivedAt < end) fitting.push(h);
    }
    if (fitting.length < limit) continue;
    const chosen = [first, ...fitting.sort((a, b) => a.receivedAt - b.receivedAt).slice(0, limit)];
    found.push({ hits: chosen.sort((a, b) => a.sentAt - b.sentAt), spanMs: Math.max(...chosen.map((h) => h.receivedAt)) - first.sentAt });
  }
  return found;
}

/**
 * A limiter must answer 429 on exceeding, not hold a request back until its window has room and
 * admit it then (a queue): from the outside a held request looks like a slow one, so the bound on
 * how long the target may take to decide is taken from the same run. A refusal is decided and
 * answered without waiting for room, so the slowest refusal's round trip shows how slow the
 * network and the target are; without refusals (a queue never refuses) the fastest answer does.
 * `HOLD_MARGIN_MS` on top of that covers jitter. A conforming target that holds requests before
 * deciding (a busy thread pool, a slow store) holds the ones it then refuses as well, so its slow
 * refusals raise the bound. Only answers read count: an unknown outcome's interval is open, it
 * shows neither how slow the target is nor when it decided, and a late decision on a dropped
 * connection proves nothing about queueing; an admitted answer that arrives late does (it was
 * decided within [sent, received]).
 */
export const HOLD_MARGIN_MS = 500;

/**
 * The slowest answer to a request the sliding second had room for when it was sent (fewer than
 * `limit` of the customer's other requests not refused were sent in the second before it): a
 * limiter that queues holds only requests that find the window full, so a request with room that
 * still waited shows how long this target takes to decide anyway (a late-deciding thread pool,
 * a slow store). `hits` are one customer's; answers only, since an unknown outcome shows nothing.
 */
export function roomyDelayMs(hits: readonly Hit[], { limit = LIMIT, windowMs = WINDOW_MS }: Limits = {}): number {
  const bySend = [...hits].sort((a, b) => a.sentAt - b.sentAt);
  const counted: number[] = [];
  let slowest = 0;
  let from = 0;
  for (const h of bySend) {
    while (from < counted.length && (counted[from] as number) <= h.sentAt - windowMs) from++;
    if (outcome(h) !== 'unknown' && counted.length - from < limit) slowest = Math.max(slowest, h.receivedAt - h.sentAt);
    if (outcome(h) !== 'refused') counted.push(h.sentAt);
  }
  return slowest;
}

/** The latest a conforming target can have decided on a request after it was sent, judged from `hits`. */
export function holdBoundMs(hits: readonly Hit[]): number {
  // Loops, not Math.max(...): a load run has hundreds of thousands of hits.
  let slowestRefusal = -Infinity;
  let fastestAnswer = Infinity;
  for (const h of hits) {
    const kind = outcome(h);
    if (kind === 'unknown') continue;
    const roundTrip = h.receivedAt - h.sentAt;
    if (kind === 'refused') slowestRefusal = Math.max(slowestRefusal, roundTrip);
    fastestAnswer = Math.min(fastestAnswer, roundTrip);
  }
  const reference = Number.isFinite(slowestRefusal) ? slowestRefusal : fastestAnswer;
  return (Number.isFinite(reference) ? reference : 0) + HOLD_MARGIN_MS;
}

export interface HoldViolation {
  /** Admitted hits, earliest send first: more than a sliding window admits in `spanMs`. */
  hits: Hit[];
  /** From the earliest send to the latest instant any of them can have been decided within `boundMs`. */
  spanMs: number;
  /** How many a sliding window admits in `spanMs`. */
  most: number;
  /** The decision bound used: each request decided at most this long after it was sent. */
  boundMs: number;
}

/**
 * Sets of admitted hits that a sliding window can only have admitted by deciding one of them more
 * than `boundMs` after it was sent, i.e. by holding it back instead of refusing it. With each
 * decided within [sent, min(received, sent + boundMs)], a set falls into `spanMs`; a sliding window
 * admits at most `limit` per window, `limit * (floor(spanMs / windowMs) + 1)` in that span (pairs
 * exactly one window apart), so more is a queue. A burst held back in a queue gives sets of any
 * size, hence the count over the span rather than only `limit + 1` within one window. Check
 * `safetyViolations` first: its violations are among these as well.
 */
export function heldBackViolations(hits: readonly Hit[], { limit = LIMIT, windowMs = WINDOW_MS, max = 20, boundMs = holdBoundMs(hits) }: Limits & { boundMs?: number } = {}): HoldViolation[] {
  const admitted = hits
    .filter((h) => outcome(h) === 'admitted')
    .map((hit) => ({ hit, from: hit.sentAt, to: Math.min(hit.receivedAt, hit.sentAt + boundMs) }))
    .sort((a, b) => a.from - b.from);
  const found: HoldViolation[] = [];
  for (let i = 0; i < admitted.length && found.length < max; i++) {
    const first = admitted[i] as (typeof admitted)[number];
    const chosen = [first];
    for (const next of admitted.slice(i + 1).sort((a, b) => a.to - b.to)) {
      chosen.push(next);
      const spanMs = Math.max(first.to, next.to) - first.from;
      const most = limit * (Math.floor(spanMs / windowMs) + 1);
      if (chosen.length > most) {
        if (answeredPromptlyAfterRoom(chosen, windowMs, boundMs)) found.push({ hits: chosen.map((c) => c.hit).sort((a, b) => a.sentAt - b.sentAt), spanMs, most, boundMs });
        break;
      }
    }
  }
  return found;
}

/**
 * A queue admits a held request as soon as its window has room, and answers it within the
 * target's usual round trip after that; room comes a window after the others' decisions at the
 * latest. A request of the set answered later than that was held for some other reason (a late
 * decider), which proves no queueing.
 */
function answeredPromptlyAfterRoom(set: readonly { hit: Hit; to: number }[], windowMs: number, boundMs: number): boolean {
  const held = set.reduce((latest, c) => (c.hit.receivedAt > latest.hit.receivedAt ? c : latest));
  const roomBy = Math.max(...set.filter((c) => c !== held).map((c) => c.to)) + windowMs;
  return held.hit.receivedAt <= roomBy + boundMs;
}

/** The index of the first hit of `list` (sorted by `key`) whose key is past `bound`. */
export function firstAfter(list: readonly Hit[], key: (h: Hit) => number, bound: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(list[mid] as Hit) > bound) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Refusals for which fewer than `limit` admitted hits can lie in the window before them. */
export function livenessViolations(hits: readonly Hit[], { limit = LIMIT, windowMs = WINDOW_MS, max = 20 }: Limits = {}): LivenessViolation[] {
  // Admitted hits (and unknowns with a known bound), by receipt: one can lie in the window of a
  // refusal r when it may have been decided before r (sent before r was answered) and after r's
  // earliest instant minus one window (answered after that).
  const counted = hits.filter((h) => outcome(h) !== 'refused');
  const admitted = counted.filter((h) => Number.isFinite(decidedBy(h))).sort((a, b) => a.receivedAt - b.receivedAt);
  // Unknown outcomes without a bound, by send: decided at some instant in [sentAt, +infinity), so
  // each one sent before r was answered can lie in r's window, however long before r it was sent.
  const unknown = counted.filter((h) => !Number.isFinite(decidedBy(h))).sort((a, b) => a.sentAt - b.sentAt);
  // No admitted hit is longer than this, so one answered later than r's answer plus it was sent after r's answer.
  const longest = admitted.reduce((max, h) => Math.max(max, h.receivedAt - h.sentAt), 0);
  const found: LivenessViolation[] = [];
  for (const r of hits) {
    if (outcome(r) !== 'refused') continue;
    const from = r.sentAt - windowMs;
    const possible: Hit[] = [];
    for (let k = firstAfter(admitted, (h) => h.receivedAt, from); k < admitted.length && possible.length < limit; k++) {
      const h = admitted[k] as Hit;
      if (h.receivedAt > r.receivedAt + longest) break;
      if (h.sentAt <= r.receivedAt) possible.push(h);
    }
    // The unknowns sent last before r's answer: the ones nearest to it, for the report.
    const unknownBefore = firstAfter(unknown, (h) => h.sentAt, r.receivedAt);
    for (let k = unknownBefore - 1; k >= 0 && possible.length < limit; k--) possible.push(unknown[k] as Hit);
    if (possible.length < limit) {
      found.push({ refused: r, possible });
      if (found.length >= max) break;
    }
  }
  return found;
}

/** A readable table of hits relative to the earliest send, for failure messages and reports. */
export function formatTimeline(hits: readonly Hit[], origin = Math.min(...hits.map((h) => h.sentAt))): string {
  const rows = [...hits]
    .sort((a, b) => a.sentAt - b.sentAt)
    .map((h) => {
      const received = Number.isFinite(h.receivedAt) ? `received ${(h.receivedAt - origin).toFixed(1).padStart(8)} ms` : `never received${' '.repeat(6)}`;
      const open = outcome(h) === 'unknown' && !Number.isFinite(decidedBy(h)) ? ' (outcome unknown: decided at any time at or after its send)' : '';
      return `  sent ${(h.sentAt - origin).toFixed(1).padStart(8)} ms  ${received}  ${String(h.status || 'unknown').padStart(7)}  ${h.label}${open}`;
    });
  return rows.join('\n');
}

export function describeSafety(v: SafetyViolation, origin?: number): string {
  return `${v.hits.length} admitted requests answered within ${v.spanMs.toFixed(1)} ms of the first one's send (less than ${WINDOW_MS} ms, so one sliding second held them all):\n${formatTimeline(v.hits, origin)}`;
}

export function describeLiveness(v: LivenessViolation, origin?: number): string {
  const others = v.possible.length === 0 ? 'no admitted request' : `only ${v.possible.length} admitted request(s)`;
  return `refused although ${others} can lie in the second before it:\n${formatTimeline([v.refused, ...v.possible], origin)}`;
}

export function describeHeldBack(v: HoldViolation, origin?: number): string {
  return `${v.hits.length} admitted requests: had the target decided each within ${v.boundMs.toFixed(0)} ms of its send (${HOLD_MARGIN_MS} ms beyond the round trips this target shows), it decided all of them within ${v.spanMs.toFixed(1)} ms, in which a sliding second admits at most ${v.most}; so it held requests back until the window had room instead of refusing them with 429:\n${formatTimeline(v.hits, origin)}`;
}
