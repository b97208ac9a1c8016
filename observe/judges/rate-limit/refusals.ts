import { formatTimeline, LIMIT, WINDOW_MS } from '../../../harness-core/rate-limit-timeline.js';
import type { Ledger } from '../../judge/ledger.js';
import type { TimelineEntry } from './timeline-entry.js';

/**
 * What can lie in the second before a refusal (rate-limit-timeline.ts `livenessViolations`: sent
 * before the refusal was answered, decided after one second before its send), by how sure the
 * judge is that it counted for some customer: `counted` certainly did, `uncertain` (other answers,
 * 401s, unknown outcomes) may have, `publicRequests` only would under a limit that counts GET /,
 * GET /health and OPTIONS. Tokens of one customer look like different customers, so requests of
 * every token count.
 */
export interface Possible {
  counted: number;
  uncertain: number;
  publicRequests: number;
}

/**
 * - `held`: at least `LIMIT` counted requests can lie in the refusal's second: a sliding second
 *   of 2 may refuse it;
 * - `undecided`: only with uncertain ones;
 * - `too-soon`: not even with them: the limit refused a request its second had room for.
 */
export function refusalVerdict(p: Possible): 'held' | 'undecided' | 'too-soon' {
  if (p.counted >= LIMIT) return 'held';
  return p.counted + p.uncertain >= LIMIT ? 'undecided' : 'too-soon';
}

/** Whether `e` can lie in the second before `refused` (an unknown outcome whenever it was sent before the refusal was answered). */
export function canPrecede(e: TimelineEntry, refused: TimelineEntry): boolean {
  return e.sentAt <= refused.receivedAt && (e.kind === 'unknown' || e.receivedAt > refused.sentAt - WINDOW_MS);
}

export interface RefusalCase {
  refused: TimelineEntry;
  /** More than a second, and not much more, after an earlier refusal of its token (RATE-11). */
  retry: boolean;
  possible: Possible;
  /** The token's other refusals that lie in the second before it: a limit that counts refusals counts them. */
  ownRefusals: number;
  /** `possible` counts the refused token's requests only (JudgeOptions `oneTokenPerCustomer`). */
  ownTokenOnly?: boolean;
  /** The requests counted in `possible`, kept for a failure's proof (only while failures are kept). */
  shown?: { protectedRequests: TimelineEntry[]; publicRequests: TimelineEntry[] };
}

/**
 * The rule a refusal that looks too soon fails, by what explains it: public requests that could
 * have been counted (RATE-10: "public endpoints ... must not count"); the token's own refusals, on
 * a retry more than a second after a 429 (RATE-11: "after waiting 1 second past a 429 the next
 * request must be admitted"); nothing (RATE-2: "paced at 2 per sliding second must all be
 * admitted", and RATE-11 as well on a retry).
 */
export function failingRules(c: RefusalCase): string[] {
  const protectedCount = c.possible.counted + c.possible.uncertain;
  if (protectedCount + c.possible.publicRequests >= LIMIT) return ['RATE-10'];
  if (c.retry && protectedCount + c.ownRefusals >= LIMIT) return ['RATE-11'];
  return c.retry ? ['RATE-2', 'RATE-11'] : ['RATE-2'];
}

/**
 * Records the liveness decision on a refusal: held for RATE-2 and RATE-3 (a sliding second of 2
 * may refuse it), for RATE-11 on a retry, for RATE-10 where public requests could lie before it;
 * failed for the rule `failingRules` names.
 */
export function recordRefusal(c: RefusalCase, ledger: Ledger): void {
  const { refused, retry, possible } = c;
  const verdict = refusalVerdict(possible);
  if (verdict === 'undecided') return;
  const x = refused.view();
  if (verdict === 'held') {
    ledger.held('RATE-2', x);
    ledger.held('RATE-3', x);
    if (retry) ledger.held('RATE-11', x);
    if (possible.publicRequests > 0) ledger.held('RATE-10', x);
    return;
  }
  const protectedRequests = c.shown?.protectedRequests ?? [];
  const publicRequests = c.shown?.publicRequests ?? [];
  const count = possible.counted + possible.uncertain;
  const intro = `refused although ${count === 0 ? 'no protected request' : `only ${count} protected request(s)`} of ${c.ownTokenOnly ? 'its token (one token per customer, as declared)' : 'any token'} can lie in the second before it`;
  const timeline = (shown: readonly TimelineEntry[]) => (c.shown ? `:\n${formatTimeline([refused, ...shown])}` : '');
  const messages: Record<string, string> = {
    'RATE-2': `${intro}${timeline(protectedRequests)}`,
    'RATE-11': `${intro}, more than a second after an earlier 429 of its token${c.ownRefusals > 0 ? ' (only counting its refused requests could explain it)' : ''}${timeline(protectedRequests)}`,
    'RATE-10': `${intro}; only counting the public requests sent with credentials (GET /, GET /health, OPTIONS) could explain it${timeline([...protectedRequests, ...publicRequests])}`,
  };
  for (const rule of failingRules(c)) {
    const proof = rule === 'RATE-10' ? [...protectedRequests, ...publicRequests] : protectedRequests;
    ledger.broke(rule, x, messages[rule] as string, proof.map((e) => e.view()));
  }
}

/** A public request answered with the customer limit's 429: only a limit that counts public endpoints refuses one. */
export function recordPublicRefusal(e: TimelineEntry, ledger: Ledger): void {
  const x = e.view();
  ledger.broke('RATE-10', x, `${x.method} ${x.apiPath} is public, but was answered with the customer limit's 429 (limit 2, windowSeconds 1): public endpoints do not count toward the limit`);
}
