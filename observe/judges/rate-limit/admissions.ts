import { describeSafety, LIMIT, safetyViolations } from '../../../harness-core/rate-limit-timeline.js';
import type { Ledger } from '../../judge/ledger.js';
import { stampSlack } from '../../judge/recorded-times.js';
import type { ProofBudget } from './proof-budget.js';
import type { TimelineEntry } from './timeline-entry.js';
import type { Second, TokenWindow } from './token-window.js';

/**
 * The safety decision on one counted admission `first` of a token: do `LIMIT` more of the token's
 * admissions fall with it into the sliding second that starts at its send (sent no earlier, all
 * answered before that second ends)? Then the target admitted them all within one window
 * (rate-limit-timeline.ts `safetyViolations` proves the set). Every admission is `first` of one
 * decision, so each set is found from its earliest member.
 *
 * RATE-1 ("at most 2 in every sliding 1 second window") judges every decision and fails on every
 * violation. The rules on how the limit counts judge a decision when the token's second shows
 * their situation, as their active checks set it up, and was busy (more requests sent in it than
 * the limit, refused ones included, so the limiter had to count them together; a refusal recorded
 * as sent a hair before the admission and still under way at its send counts too, as a parallel
 * burst's requests reach the recorder in any order); a violation fails them only when a violating
 * set of `LIMIT + 1` shows their situation:
 * - RATE-4 ("shared over all protected endpoints"): each on another endpoint, in a second in which
 *   the limiter refused requests of the token, so it was counting (the uncounted endpoint then
 *   explains rejections on several endpoints better than uncounted rejections do);
 * - RATE-7 ("not circumvented by ... parallel clients"): all of them under way at one instant,
 *   none asking for more;
 * - RATE-9 ("rejected for business reasons count as well"): `LIMIT` business rejections (403,
 *   404, 422) answered before another admission was sent;
 * - RATE-15 ("fixed, not raisable"; "no request header or query parameter raises it"): a request
 *   asking for more, with a header named for a rate limit or a query parameter its endpoint lacks.
 * RATE-3 ("the window must slide (not a fixed window, counter approximation or token bucket)")
 * holds on every decision without a violation, and fails on a violating set admitted within
 * `SHAPE_SPAN_MS` that neither endpoints counted apart, parallel requests, uncounted rejections nor
 * requests asking for more explain: a sliding
 * window that is merely short admits a third only about a second after the first (RATE-1's
 * window faults, 850 and 950 ms), the impostors far sooner. Other violations say nothing about it.
 * No single set tells every mechanism apart (a fixed window admits what uncounted rejections
 * would), so these are the situations the violation arose in, not a diagnosis.
 */
export function judgeAdmission(first: TimelineEntry, window: TokenWindow, ledger: Ledger, budget: ProofBudget): void {
  // A second of at most `LIMIT` requests holds no violation and shows no situation: most are such, and need no list of their requests.
  const second = window.sentInSecondFrom(first) > LIMIT ? window.secondFrom(first) : undefined;
  if (second !== undefined && second.fitting.length >= LIMIT && failViolation(first, second, ledger, budget)) return;
  const x = first.view();
  ledger.held('RATE-1', x);
  ledger.held('RATE-3', x);
  if (second === undefined) return;
  const refusals = second.refusalCount + second.underWay.length;
  if (1 + second.candidates.length + refusals <= LIMIT) return;
  const seen = [first, ...second.candidates, ...second.underWay, ...second.refusals, ...(second.lastRefusal && !second.refusals.includes(second.lastRefusal) ? [second.lastRefusal] : [])];
  for (const { rule, showing } of SITUATIONS) if (showing(seen, refusals, SURELY)) ledger.held(rule, x);
}

/** Fails the rules a violating set of `first` and the admissions fitting in its second shows; whether there is one. */
function failViolation(first: TimelineEntry, second: Second, ledger: Ledger, budget: ProofBudget): boolean {
  const set = [first, ...second.fitting];
  const violation = safetyViolations(set, { max: 1 })[0];
  if (violation === undefined) return false;
  const hits = violation.hits as TimelineEntry[];
  fail(ledger, budget, 'RATE-1', hits, 'a third admission within one sliding second');
  const shown = new Map(SITUATIONS.map((s) => [s.rule, { ...s, members: s.showing(set, second.refusalCount, SURELY) }]));
  // Requests that asked for more explain a burst as well as parallel connections do; endpoints
  // counted apart explain rejections on several endpoints as well as uncounted rejections do.
  if (shown.get('RATE-15')?.members) shown.delete('RATE-7');
  if (shown.get('RATE-4')?.members) shown.delete('RATE-9');
  for (const { rule, members, what } of shown.values()) if (members) fail(ledger, budget, rule, members, what);
  // A fixed window admits what uncounted rejections would: a set they may explain says nothing of the window's shape.
  const explained = SITUATIONS.some((s) => s.showing(set, second.refusalCount, POSSIBLY) !== undefined);
  if (!explained && violation.spanMs < SHAPE_SPAN_MS) fail(ledger, budget, 'RATE-3', hits, `more than ${LIMIT} admitted within ${SHAPE_SPAN_MS} ms, as a fixed window, a counter or a bucket admits`);
  return true;
}

/**
 * How a situation reads the recorded times: +1 for what the recording shows for certain (a failure
 * or a pass rests on it), -1 for what it leaves possible (what spares RATE-3). A start stamped
 * coarser than a millisecond may lie its unit either way, and the answer with it
 * (recorded-times.ts); to the millisecond, both read the times as recorded.
 */
type Reading = 1 | -1;
const SURELY: Reading = 1;
const POSSIBLY: Reading = -1;

/** When `e` was under way, read `reading`: surely from the latest send its stamp allows to the earliest answer, possibly from the earliest send to the latest answer. */
const underWayFrom = (e: TimelineEntry, reading: Reading) => e.startedAt + reading * stampSlack(e);
const underWayTo = (e: TimelineEntry, reading: Reading) => e.answeredAt - reading * stampSlack(e);

/** Whether `later` was sent after `earlier` was answered, read `reading`: surely, its earliest send after the latest answer; possibly, its latest send after the earliest answer. */
const sentAfterAnswer = (later: TimelineEntry, earlier: TimelineEntry, reading: Reading) => later.startedAt - reading * stampSlack(later) > earlier.answeredAt + reading * stampSlack(earlier);

/** A set admitted faster than this is the work of an impostor rather than of a sliding window a little short of a second. */
const SHAPE_SPAN_MS = 800;

interface Situation {
  rule: string;
  /** Requests of `among` (at least `LIMIT + 1`) that show the situation, in a set of one token's second that held `refusals` refusals, its times read `reading`. */
  showing: (among: readonly TimelineEntry[], refusals: number, reading: Reading) => TimelineEntry[] | undefined;
  what: string;
}

/** The answers of business rejections RATE-9 names. */
const REJECTIONS = new Set([403, 404, 422]);

const SITUATIONS: readonly Situation[] = [
  {
    rule: 'RATE-4',
    showing: (among, refusals) => {
      // The limiter refused in that second, so it was counting; more endpoints than the limit got through.
      if (refusals === 0) return undefined;
      const byEndpoint = new Map<string, TimelineEntry>();
      for (const e of among) if (e.endpoint && !byEndpoint.has(e.endpoint.id)) byEndpoint.set(e.endpoint.id, e);
      return byEndpoint.size > LIMIT ? [...byEndpoint.values()].slice(0, LIMIT + 1) : undefined;
    },
    what: 'requests to different protected endpoints were not counted in one window',
  },
  {
    rule: 'RATE-7',
    showing: (among, _refusals, reading) => {
      const at = crowdedInstant(among, reading);
      return at === undefined ? undefined : among.filter((e) => underWayFrom(e, reading) <= at && at < underWayTo(e, reading)).slice(0, LIMIT + 1);
    },
    what: 'requests under way at the same time (parallel connections) were not counted in one window',
  },
  {
    rule: 'RATE-9',
    showing: (among, _refusals, reading) => {
      const rejections = among.filter((e) => REJECTIONS.has(e.status));
      if (rejections.length < LIMIT) return undefined;
      for (const later of among) {
        const before: TimelineEntry[] = [];
        for (const r of rejections) {
          if (r !== later && sentAfterAnswer(later, r, reading) && before.push(r) >= LIMIT) return [...before, later];
        }
      }
      return undefined;
    },
    what: `${LIMIT} business rejections (403, 404, 422) were not counted toward the later admission of their token`,
  },
  {
    rule: 'RATE-15',
    showing: (among) => {
      const asking = among.find((e) => e.asksForMore);
      return asking ? [asking, ...among.filter((e) => e !== asking)].slice(0, LIMIT + 1) : undefined;
    },
    what: `the limit of ${LIMIT} per sliding second was exceeded by requests asking for more (a rate-limit header or a query parameter the endpoint lacks)`,
  },
];

/**
 * The earliest instant more than `LIMIT` of the requests were under way at (as recorded, read
 * `reading`, not widened by the clocks' slack), if any: intervals that overlap pairwise share an
 * instant, the latest send among them, so the sends are the instants to try. A sweep over the sends
 * in order: a flood's sets are asked about again and again.
 */
function crowdedInstant(among: readonly TimelineEntry[], reading: Reading): number | undefined {
  const sends = among.map((e) => underWayFrom(e, reading)).sort((a, b) => a - b);
  const answers = among.map((e) => underWayTo(e, reading)).sort((a, b) => a - b);
  // Under way at t: sent at or before t, answered after t.
  let sent = 0;
  let answered = 0;
  for (const t of sends) {
    while (sent < sends.length && (sends[sent] as number) <= t) sent++;
    while (answered < answers.length && (answers[answered] as number) <= t) answered++;
    if (sent - answered > LIMIT) return t;
  }
  return undefined;
}

/** Fails `rule` with the violating set `shown` (proven by the module); its timeline only while the ledger keeps failures. */
function fail(ledger: Ledger, budget: ProofBudget, rule: string, shown: readonly TimelineEntry[], what: string): void {
  if (safetyViolations(shown, { max: 1 }).length === 0) return;
  const hits = [...shown].sort((a, b) => a.sentAt - b.sentAt);
  // The admission that made the set too many: the one answered last.
  const last = hits.reduce((latest, h) => (h.receivedAt > latest.receivedAt ? h : latest));
  if (!budget.take(rule)) return ledger.broke(rule, last.view(), what);
  const spanMs = last.receivedAt - (hits[0] as TimelineEntry).sentAt;
  ledger.broke(rule, last.view(), `${what}: ${describeSafety({ hits, spanMs })}`, hits.filter((h) => h !== last).map((h) => h.view()));
}
