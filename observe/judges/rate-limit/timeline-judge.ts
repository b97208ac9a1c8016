import { WINDOW_MS } from '../../../harness-core/rate-limit-timeline.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeOptions } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { judgeAdmission } from './admissions.js';
import { RequestScope } from './request-scope.js';
import { ProofBudget } from './proof-budget.js';
import { canPrecede, failingRules, recordPublicRefusal, recordRefusal, refusalVerdict, type RefusalCase } from './refusals.js';
import { TimeOrdered } from './time-ordered.js';
import { timelineEntry, unansweredEntry, type TimelineEntry } from './timeline-entry.js';
import { served, TokenWindow } from './token-window.js';

/**
 * A HAR lists exchanges by start, a proxy by completion: an entry is decided once an exchange sent
 * this long after its answer was seen (or at the end). At least a window, so every admission that
 * can share its second, and every request that can lie in its refusal's second, has arrived in
 * either order, but for requests still running then.
 */
const DECIDE_AFTER_MS = 3000;
/**
 * Those long requests: a request sent before a refusal was answered may be answered (and so
 * recorded by a proxy) long after it. A refusal that looks too soon is failed only once exchanges
 * sent this long after its answer were seen, and none of the late ones could lie in its second.
 */
const LATE_ANSWER_MS = 60_000;
/** Refusals awaiting that wait at once; a further one is left undecided (a faulty limiter under a flood fills them quickly, and they suffice to show it). */
const AWAITED_REFUSALS = 256;
/** What the timeline keeps behind the newest send: what the decisions still to come can ask for. */
const KEEP_MS = DECIDE_AFTER_MS + WINDOW_MS + 2000;
/** Forgetting goes in steps of this much recorded time, not at every exchange. */
const FORGET_STEP_MS = 100;
/** How often (in recorded time) idle tokens are forgotten. */
const SWEEP_EVERY_MS = KEEP_MS;
/** Tokens remembered as seen served (token-window.ts `seenServed`). */
const SERVED_TOKENS = 100_000;

const RATE_TIMELINE_RULES = ['RATE-1', 'RATE-2', 'RATE-3', 'RATE-4', 'RATE-7', 'RATE-9', 'RATE-10', 'RATE-11', 'RATE-15'] as const;

/**
 * The customer limit judged from the times of the exchanges alone (rate-limit-timeline.ts): each
 * counted admission for safety (admissions.ts), each refusal for liveness (refusals.ts), both
 * only for tokens seen served (token-window.ts `seenServed`). Streamed with memory bounded by
 * time: only the last seconds of requests are kept, the tokens seen served in an LRU. Verdicts
 * assume the observer sees all traffic that reaches the target (spec/rules/passive.ts): in a HAR
 * of one client, a refusal may answer requests it does not hold; a request the recording lacks
 * (one the client gave up on, left out by the recorder) may have been admitted.
 */
export function rateLimitTimelineJudge(options: JudgeOptions = {}): Judge {
  const timeline = new RateTimeline(options.oneTokenPerCustomer ?? false);
  return {
    rules: RATE_TIMELINE_RULES,
    see: (x, ledger) => timeline.see(x, ledger),
    seeUnanswered: (x, ledger) => timeline.seeUnanswered(x, ledger),
    end: (ledger) => timeline.end(ledger),
  };
}

interface AwaitedRefusal extends RefusalCase {
  /** Decided once an exchange sent after this was seen. */
  until: number;
}

/** The timeline of one observation: what arrives is kept by time, decided once late enough, then forgotten. */
export class RateTimeline {
  #newestSend = -Infinity;
  /** The earliest send the recording holds: what was sent before it went unseen. */
  #firstSend = Infinity;
  /** Everything answered before this is forgotten; a decision that would need it is not made. */
  #forgottenBefore = -Infinity;
  #lastSweep = -Infinity;
  readonly #pending = new TimeOrdered<TimelineEntry>((e) => e.receivedAt);
  readonly #tokens = new Map<string, TokenWindow>();
  readonly #servedTokens = new BoundedMap<string, true>(SERVED_TOKENS);
  /** Every token's requests, for a recording whose tokens may share a customer (RATE-6). */
  readonly #all = new RequestScope();
  /** Each token's own, where each customer has one token. */
  readonly #byToken = new Map<string, RequestScope>();
  #awaited: AwaitedRefusal[] = [];
  readonly #budget = new ProofBudget();

  /** `oneTokenPerCustomer`: a refusal is weighed against its own token's requests only (JudgeOptions). */
  constructor(readonly oneTokenPerCustomer = false) {}

  /** Where an entry of `token` counts; none for a request without a token when each customer has one. */
  #scopeOf(token: string | undefined): RequestScope | undefined {
    if (!this.oneTokenPerCustomer) return this.#all;
    if (token === undefined) return undefined;
    let scope = this.#byToken.get(token);
    if (!scope) this.#byToken.set(token, (scope = new RequestScope()));
    return scope;
  }

  /** Whether `e` may have counted toward the limit `refused` met. */
  #sameLimit(e: TimelineEntry, refused: TimelineEntry): boolean {
    return !this.oneTokenPerCustomer || e.token === refused.token;
  }

  see(x: ExchangeView, ledger: Ledger): void {
    this.#advance(x.sentAt, timelineEntry(x), ledger);
  }

  /** A request without an answer: one the target may have counted, for the refusals around it (timeline-entry.ts `unansweredEntry`). */
  seeUnanswered(x: ExchangeView, ledger: Ledger): void {
    this.#advance(x.sentAt, unansweredEntry(x), ledger);
  }

  /** The timeline moved on to a request sent at `sentAt`: it is added, and what is late enough decided and forgotten. */
  #advance(sentAt: number, e: TimelineEntry | undefined, ledger: Ledger): void {
    this.#newestSend = Math.max(this.#newestSend, sentAt);
    this.#firstSend = Math.min(this.#firstSend, sentAt);
    if (e) this.#add(e);
    this.#decide(ledger, this.#newestSend - DECIDE_AFTER_MS);
    this.#settle(ledger, this.#newestSend);
    this.#forget();
  }

  end(ledger: Ledger): void {
    this.#decide(ledger, Infinity);
    this.#settle(ledger, Infinity);
  }

  #add(e: TimelineEntry): void {
    switch (e.kind) {
      case 'counted': {
        this.#scopeOf(e.token)?.add(e);
        const w = this.#windowToAdd(e.token as string);
        // The LRU is told once per token window: while it lasts, the window remembers.
        if (!w.seenServed && served(e)) this.#servedTokens.set(e.token as string, true);
        w.add(e);
        this.#pending.add(e);
        break;
      }
      case 'possible':
      case 'unknown':
      case 'public':
        this.#scopeOf(e.token)?.add(e);
        break;
      case 'refused':
        if (e.token === undefined) break;
        this.#windowToAdd(e.token).add(e);
        if (e.customerLimitAnswer) this.#pending.add(e);
        break;
      case 'public-refused':
        if (e.token !== undefined) this.#pending.add(e);
        break;
    }
    if (e.kind !== 'refused' && e.kind !== 'public-refused') for (const a of this.#awaited) if (canPrecede(e, a.refused) && this.#sameLimit(e, a.refused)) this.#addLate(a, e);
  }

  /** Whether `token`, whose window `w` is, was seen served; asked of the LRU once per token window, which remembers a yes. */
  #seenServed(token: string, w: TokenWindow): boolean {
    if (!w.seenServed && this.#servedTokens.get(token) !== undefined) w.seenServed = true;
    return w.seenServed;
  }

  #window(token: string): TokenWindow {
    let w = this.#tokens.get(token);
    if (!w) this.#tokens.set(token, (w = new TokenWindow()));
    return w;
  }

  /** The token's window, forgetting what it no longer needs (a flooding token sends thousands a second). */
  #windowToAdd(token: string): TokenWindow {
    const w = this.#window(token);
    w.dropBelow(this.#forgottenBefore);
    return w;
  }

  /** Decides the entries answered before `bound`. */
  #decide(ledger: Ledger, bound: number): void {
    for (let e = this.#pending.first(); e !== undefined && e.receivedAt < bound; e = this.#pending.first()) {
      this.#pending.shift();
      const token = e.token as string;
      const window = this.#window(token);
      if (!this.#seenServed(token, window)) {
        // Not a token known to be a customer's: see token-window.ts `seenServed`.
      } else if (e.kind === 'counted') {
        // Its second's other admissions may be forgotten already (a request answered long after its send).
        if (e.sentAt > this.#forgottenBefore) judgeAdmission(e, window, ledger, this.#budget);
      } else if (e.kind === 'public-refused') {
        if (e.customerLimitAnswer && e.view().responseBodyRecorded) recordPublicRefusal(e, ledger);
      } else if (e.sentAt - WINDOW_MS >= this.#forgottenBefore) this.#judgeRefusal(e, window, ledger);
    }
  }

  /** Decides a refusal of the token whose window `window` is. */
  #judgeRefusal(refused: TimelineEntry, window: TokenWindow, ledger: Ledger): void {
    const scope = this.#scopeOf(refused.token) as RequestScope;
    const c: AwaitedRefusal = {
      refused,
      retry: window.isRetry(refused),
      ownRefusals: window.refusalsBefore(refused),
      possible: scope.possibleFor(refused),
      ownTokenOnly: this.oneTokenPerCustomer,
      until: refused.receivedAt + LATE_ANSWER_MS,
    };
    if (refusalVerdict(c.possible) !== 'too-soon') {
      recordRefusal(c, ledger);
      return;
    }
    // The second before it began before the recording (a HAR begun later, a proxy started while
    // clients were sending): what was admitted then is not in it, and the refusal proves nothing.
    if (refused.sentAt - WINDOW_MS < this.#firstSend) return;
    if (this.#awaited.length >= AWAITED_REFUSALS) return;
    if (this.#budget.takeAny(failingRules(c))) {
      c.shown = scope.listFor(refused);
    }
    this.#awaited.push(c);
  }

  /** A request recorded late that can lie in an awaited refusal's second. */
  #addLate(a: AwaitedRefusal, e: TimelineEntry): void {
    if (e.kind === 'counted') a.possible.counted++;
    else if (e.kind === 'public') a.possible.publicRequests++;
    else a.possible.uncertain++;
    if (a.shown) (e.kind === 'public' ? a.shown.publicRequests : a.shown.protectedRequests).push(e);
  }

  /** Decides the awaited refusals whose wait is over. */
  #settle(ledger: Ledger, newestSend: number): void {
    // They wait in about the order of their answers: nothing is due while the first is not.
    const first = this.#awaited[0];
    if (first === undefined || first.until >= newestSend) return;
    const due = this.#awaited.filter((a) => a.until < newestSend);
    if (due.length === 0) return;
    this.#awaited = this.#awaited.filter((a) => a.until >= newestSend);
    for (const a of due) recordRefusal(a, ledger);
  }

  #forget(): void {
    const bound = this.#newestSend - KEEP_MS;
    if (bound < this.#forgottenBefore + FORGET_STEP_MS) return;
    this.#forgottenBefore = bound;
    this.#all.dropBelow(bound);
    if (this.#newestSend - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = this.#newestSend;
    for (const [token, w] of this.#tokens) {
      w.dropBelow(bound);
      if (w.empty) this.#tokens.delete(token);
    }
    // Kept longer than the shared scope between sweeps, which changes no count (refusals.ts `canPrecede`).
    for (const [token, scope] of this.#byToken) {
      scope.dropBelow(bound);
      if (scope.empty) this.#byToken.delete(token);
    }
  }

  /** For the memory tests: how much the timeline holds. */
  get held(): { tokens: number; pending: number; possible: number; awaited: number } {
    let possible = this.#all.size;
    for (const scope of this.#byToken.values()) possible += scope.size;
    return { tokens: this.#tokens.size, pending: this.#pending.size, possible, awaited: this.#awaited.length };
  }
}
