import { firstAfter, formatTimeline, outcome, type Hit } from '../../harness-core/rate-limit-timeline.js';
import type { InvalidTokenLimit } from './invalid-token-limit.js';

/**
 * Judging one source address's requests without a valid token against the documented limit, from
 * the lane's own send and answer times (rate-limit-timeline.ts: the target decided each request at
 * some instant between the two). The spec leaves open how the limit counts (FREE-RATE-2), so each
 * proof holds for every reading: a sliding or a fixed window, counting refused attempts or not.
 */

export interface LaneRefusal {
  refused: Hit;
  /** The address's other requests that can lie in the window before the refusal: fewer than the limit. */
  possible: Hit[];
}

/**
 * 429s proven false: fewer than `requests` of the address's other requests can lie in the window
 * before the refusal. Every request counts, refused ones too (a target may count every attempt, and
 * counting more only proves less). A request can lie in the window of refusal r when it may have
 * been decided before r (sent before r's answer) and less than a window before r's earliest
 * instant (answered after r's send minus a window; never answered: decided at any time after its
 * send). A 429 these timings cannot place is not proven either way.
 */
export function falseRefusals(hits: readonly Hit[], limit: InvalidTokenLimit): LaneRefusal[] {
  const windowMs = limit.windowSeconds * 1000;
  const answered = hits.filter((h) => Number.isFinite(h.receivedAt)).sort((a, b) => a.sentAt - b.sentAt);
  const open = hits.filter((h) => !Number.isFinite(h.receivedAt));
  const longest = answered.reduce((max, h) => Math.max(max, h.receivedAt - h.sentAt), 0);
  const found: LaneRefusal[] = [];
  for (const r of answered) {
    if (outcome(r) !== 'refused') continue;
    const from = r.sentAt - windowMs;
    const possible: Hit[] = open.filter((h) => h !== r && h.sentAt <= r.receivedAt).slice(0, limit.requests);
    // Latest sends first; none sent before `from - longest` was answered after `from`.
    for (let k = firstAfter(answered, (h) => h.sentAt, r.receivedAt) - 1; k >= 0 && possible.length < limit.requests; k--) {
      const h = answered[k] as Hit;
      if (h.sentAt < from - longest) break;
      if (h !== r && h.receivedAt > from) possible.push(h);
    }
    if (possible.length < limit.requests) found.push({ refused: r, possible });
  }
  return found;
}

export interface Admissions {
  /** The most requests answered other than 429 within less than one window: from the first's send to the last's answer. */
  count: number;
  /** That set's span, ms, and its first send. */
  spanMs: number;
  firstSentAt: number;
}

/**
 * The largest set of the address's admitted requests (answered, not with 429) that all fall within
 * less than one window, whatever the exact instants were. A sliding window of the limit admits at
 * most `requests` of them, a fixed one at most twice that (the end of one window and the start of
 * the next), so more than twice the limit proves that no limit of that value applied.
 */
export function mostAdmitted(hits: readonly Hit[], windowSeconds: number): Admissions {
  const windowMs = windowSeconds * 1000;
  const admitted = hits.filter((h) => outcome(h) === 'admitted').sort((a, b) => a.sentAt - b.sentAt);
  let best: Admissions = { count: 0, spanMs: 0, firstSentAt: 0 };
  for (let i = 0; i < admitted.length; i++) {
    const first = admitted[i] as Hit;
    const end = first.sentAt + windowMs;
    if (first.receivedAt >= end) continue;
    let count = 0;
    let last = first.receivedAt;
    for (let j = i; j < admitted.length; j++) {
      const h = admitted[j] as Hit;
      if (h.sentAt >= end) break;
      if (h.receivedAt < end) {
        count += 1;
        last = Math.max(last, h.receivedAt);
      }
    }
    if (count > best.count) best = { count, spanMs: last - first.sentAt, firstSentAt: first.sentAt };
  }
  return best;
}

/** A set of the address's admitted requests larger than any limit of the documented value lets through. */
export interface OverAdmission extends Admissions {
  /** The most that any reading of the limit admits within the set's span. */
  allowed: number;
}

/**
 * Proof that no limit of this value applied at the address: admitted requests all decided within
 * less than k windows, more than (k + 1) times the limit. A sliding window admits at most k times
 * the limit there; a fixed window (or a bucket refilled over the window) one window's worth more,
 * across its boundaries. Looked for within less than one window from every request (a burst),
 * and over whole windows from the address's first admitted request (a stream steadily past the
 * limit).
 */
export function overAdmission(hits: readonly Hit[], limit: InvalidTokenLimit): OverAdmission | undefined {
  const windowMs = limit.windowSeconds * 1000;
  const within = mostAdmitted(hits, limit.windowSeconds);
  if (within.count > 2 * limit.requests) return { ...within, allowed: 2 * limit.requests };
  const admitted = hits.filter((h) => outcome(h) === 'admitted');
  if (admitted.length === 0) return undefined;
  const from = Math.min(...admitted.map((h) => h.sentAt));
  const answers = admitted.map((h) => h.receivedAt).sort((a, b) => a - b);
  let count = 0;
  for (let k = 2; from + (k - 1) * windowMs <= (answers.at(-1) as number); k++) {
    const end = from + k * windowMs;
    while (count < answers.length && (answers[count] as number) < end) count++;
    const allowed = (k + 1) * limit.requests;
    if (count > allowed) return { count, spanMs: (answers[count - 1] as number) - from, firstSentAt: from, allowed };
  }
  return undefined;
}

/** How many possible requests a false refusal's example lists: the nearest ones. */
const SHOWN = 5;

export function describeFalseRefusal(address: string, v: LaneRefusal, limit: InvalidTokenLimit, origin: number): string {
  const shown = [...v.possible].sort((a, b) => b.sentAt - a.sentAt).slice(0, SHOWN);
  const more = v.possible.length > SHOWN ? `\n  (and ${v.possible.length - SHOWN} earlier)` : '';
  return `${address}: 429 although only ${v.possible.length} of its requests without a valid token can lie in the ${limit.windowSeconds} s before it (documented: ${limit.requests} per ${limit.windowSeconds} s):\n${formatTimeline([v.refused, ...shown], origin)}${more}`;
}

export function describeOverAdmission(address: string, a: OverAdmission, limit: InvalidTokenLimit, origin: number): string {
  return `${address}: ${a.count} requests without a valid token admitted (not refused with 429) within ${a.spanMs.toFixed(0)} ms from ${((a.firstSentAt - origin) / 1000).toFixed(1)} s on, where a limit of ${limit.requests} per ${limit.windowSeconds} s admits at most ${a.allowed}, whether its window slides or is fixed`;
}
