import { PASSIVE, type PassiveClass } from '../../spec/rules/passive.js';
import type { ObservedExchange } from '../exchange.js';
import { ExchangeView } from './exchange-view.js';
import { HandedOutLinks } from './handed-out-links.js';
import type { Judge, JudgeFactory, JudgeOptions } from './judge.js';
import { Ledger, type RuleFailure } from './ledger.js';
import { ReaderTable } from './reader-table.js';
import { sharedStore } from './shared-state.js';

export type ObservedVerdict = 'pass' | 'fail' | 'not-observed' | 'not-passive';

export interface RuleObservation {
  verdict: ObservedVerdict;
  class: PassiveClass;
  /** What the judge looks at, or why the rule cannot be judged passively. */
  reason: string;
  judged: number;
  failed: number;
  customers: number;
  failures: RuleFailure[];
  /** Of a rule classified decidable: no judge of this kit version reads it yet. */
  noJudge?: true;
}

export interface Observation {
  /** Per testable rule of the catalogue, in the passive table's order. */
  rules: Record<string, RuleObservation>;
  /** Exchanges seen under the API, judged. */
  exchanges: number;
  /** Distinct token hashes among them. */
  customers: number;
  /** First request start and last answer, ISO; absent without exchanges. */
  from?: string;
  to?: string;
  /**
   * Exchanges outside `/api/v2` (seen only by the judges of links), those the proxy answered itself
   * and requests a recording holds no answer of (both seen only by `seeUnanswered`).
   */
  ignored: { outsideApi: number; proxyFailures: number; unanswered?: number };
  /** What the one who observed declared of the traffic (JudgeOptions): verdicts of the timeline rest on it. */
  declared?: { oneTokenPerCustomer: true };
  /**
   * Exchanges whose start the recorder stamped coarser than a millisecond, and the coarsest unit
   * (ObservedExchange.startUnitMs): orders their stamps leave open are not judged.
   */
  coarseStarts?: { exchanges: number; unitMs: number };
}

export interface ObserverOptions extends JudgeOptions {
  /** Keep failed exchanges' bodies whole (personal fields too). */
  keepBodies?: boolean;
}

/**
 * Feeds each exchange to the judges that read it (`Judge.reads`) and its time to those that only
 * tick (`Judge.tick`), in the order given, and turns the ledger into per-rule verdicts. The same
 * for a file read to its end and for a proxy that asks for the verdicts now and then.
 */
export class Observer {
  readonly #judges: Judge[];
  readonly #readers: ReaderTable;
  readonly #ledger: Ledger;
  readonly #customers = new Set<string>();
  #seq = 0;
  #exchanges = 0;
  #from = Infinity;
  #to = -Infinity;
  readonly #ignored = { outsideApi: 0, proxyFailures: 0, unanswered: 0 };
  readonly #coarseStarts = { exchanges: 0, unitMs: 0 };
  readonly #unansweredJudges: Judge[];
  readonly #oneTokenPerCustomer: boolean;
  readonly #links = new HandedOutLinks();

  constructor(factories: readonly JudgeFactory[], options: ObserverOptions = {}) {
    this.#oneTokenPerCustomer = options.oneTokenPerCustomer ?? false;
    const context = { oneTokenPerCustomer: this.#oneTokenPerCustomer, links: this.#links, shared: sharedStore() };
    this.#judges = factories.map((make) => make(context));
    this.#readers = new ReaderTable(this.#judges);
    this.#unansweredJudges = this.#judges.filter((judge) => judge.seeUnanswered !== undefined);
    this.#ledger = new Ledger(options.keepBodies ?? false);
  }

  see(exchange: ObservedExchange): void {
    if (exchange.proxyFailure !== undefined || exchange.unanswered !== undefined) {
      if (exchange.proxyFailure !== undefined) this.#ignored.proxyFailures++;
      else this.#ignored.unanswered++;
      if (this.#unansweredJudges.length === 0) return;
      const view = new ExchangeView(exchange, this.#seq);
      for (const judge of this.#unansweredJudges) judge.seeUnanswered?.(view, this.#ledger);
      return;
    }
    const view = new ExchangeView(exchange, this.#seq++);
    // Judges of links see their fetches too (documents and pictures live under the site, not the API).
    if (view.apiPath === undefined) this.#ignored.outsideApi++;
    else {
      this.#exchanges++;
      if (exchange.startUnitMs !== undefined) {
        this.#coarseStarts.exchanges++;
        this.#coarseStarts.unitMs = Math.max(this.#coarseStarts.unitMs, exchange.startUnitMs);
      }
      if (exchange.customer !== undefined) this.#customers.add(exchange.customer);
      this.#from = Math.min(this.#from, view.sentAt);
      this.#to = Math.max(this.#to, view.answeredAt);
    }
    for (const turn of this.#readers.of(view)) {
      if (turn.reads) turn.judge.see(view, this.#ledger);
      else turn.judge.tick?.(view.sentAt, this.#ledger);
    }
    this.#links.note(view);
    view.judged();
  }

  /** The verdicts so far; `final` lets the timeline judges decide on what they still hold (once, at the end). */
  verdicts(final = false): Observation {
    if (final) for (const judge of this.#judges) judge.end?.(this.#ledger);
    const tallies = this.#ledger.tallies();
    const judgedRules = new Set(this.#judges.flatMap((j) => j.rules));
    const rules: Record<string, RuleObservation> = {};
    for (const [id, passive] of Object.entries(PASSIVE)) {
      const tally = tallies.get(id);
      const base = { class: passive.class, reason: passive.reason, judged: tally?.judged ?? 0, failed: tally?.failed ?? 0, customers: tally?.customers ?? 0, failures: tally?.failures ?? [] };
      if (passive.class === 'not-passive') rules[id] = { ...base, verdict: 'not-passive' };
      else if (!judgedRules.has(id)) rules[id] = { ...base, verdict: 'not-observed', noJudge: true };
      else rules[id] = { ...base, verdict: base.failed > 0 ? 'fail' : base.judged > 0 ? 'pass' : 'not-observed' };
    }
    return {
      rules,
      exchanges: this.#exchanges,
      customers: this.#customers.size,
      ...(this.#exchanges > 0 && { from: new Date(this.#from).toISOString(), to: new Date(this.#to).toISOString() }),
      ignored: { ...this.#ignored },
      ...(this.#oneTokenPerCustomer && { declared: { oneTokenPerCustomer: true } }),
      ...(this.#coarseStarts.exchanges > 0 && { coarseStarts: { ...this.#coarseStarts } }),
    };
  }
}

/** Judges every exchange of a reading to its end. */
export async function observeAll(exchanges: AsyncIterable<ObservedExchange>, factories: readonly JudgeFactory[], options: ObserverOptions = {}): Promise<Observation> {
  const observer = new Observer(factories, options);
  for await (const exchange of exchanges) observer.see(exchange);
  return observer.verdicts(true);
}
