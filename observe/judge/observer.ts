import { PASSIVE, type PassiveClass } from '../../spec/rules/passive.js';
import type { ObservedExchange } from '../exchange.js';
import { ExchangeView } from './exchange-view.js';
import { HandedOutLinks } from './handed-out-links.js';
import type { Judge, JudgeFactory, JudgeOptions } from './judge.js';
import { Ledger, type RuleFailure } from './ledger.js';
import { judgesInGroups, type JudgeGroup } from './judge-groups.js';
import { rowOf } from './reader-table.js';
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
  /**
   * Exchanges judged together (default `BATCH_EXCHANGES`): 1 judges each before the next is
   * seen, what a run in batches must equal.
   */
  batchSize?: number;
}

/**
 * Exchanges handed to one group of judges after another. Each judge then runs over many
 * exchanges in a row: its code and its state stay in the core's caches, where one exchange at a
 * time through every judge evicts them at each judge. Larger batches judged no faster, and the
 * exchanges of a batch are held whole until the last group has read them.
 */
export const BATCH_EXCHANGES = 128;

/**
 * An exchange waiting for its batch: its view, and what tells the judges that take it. One without
 * an answer of the target (`proxyFailure`, `unanswered`) only `seeUnanswered` takes.
 */
type Waiting = { readonly view: ExchangeView; readonly unanswered: true } | { readonly view: ExchangeView; readonly unanswered: false; readonly row: ReturnType<typeof rowOf>; readonly tooMany: boolean };

/**
 * Feeds each exchange to the judges that read it (`Judge.reads`) and its time to those that only
 * tick (`Judge.tick`), and turns the ledger into per-rule verdicts. The exchanges are judged in
 * batches, a group of judges that share nothing with the others at a time (judge-groups.ts): each
 * judge gets the exchanges in the order given, and a batch is complete before any verdict is
 * given. The same for a file read to its end and for a proxy that asks for the verdicts now and then.
 */
export class Observer {
  readonly #judges: Judge[];
  readonly #groups: JudgeGroup[];
  readonly #ledger: Ledger;
  readonly #customers = new Set<string>();
  #seq = 0;
  #exchanges = 0;
  #from = Infinity;
  #to = -Infinity;
  readonly #ignored = { outsideApi: 0, proxyFailures: 0, unanswered: 0 };
  readonly #coarseStarts = { exchanges: 0, unitMs: 0 };
  readonly #oneTokenPerCustomer: boolean;
  readonly #links = new HandedOutLinks();
  readonly #batchSize: number;
  readonly #batch: Waiting[] = [];

  constructor(factories: readonly JudgeFactory[], options: ObserverOptions = {}) {
    this.#oneTokenPerCustomer = options.oneTokenPerCustomer ?? false;
    const context = { oneTokenPerCustomer: this.#oneTokenPerCustomer, links: this.#links, shared: sharedStore() };
    ({ judges: this.#judges, groups: this.#groups } = judgesInGroups(factories, context));
    this.#ledger = new Ledger(options.keepBodies ?? false);
    this.#batchSize = Math.max(1, options.batchSize ?? BATCH_EXCHANGES);
  }

  /**
   * Takes an exchange in; the judges read it with its batch. A judge that throws loses nothing of
   * the others: the batch is judged to its end, then the first error is thrown.
   */
  see(exchange: ObservedExchange): void {
    if (exchange.proxyFailure !== undefined || exchange.unanswered !== undefined) {
      if (exchange.proxyFailure !== undefined) this.#ignored.proxyFailures++;
      else this.#ignored.unanswered++;
      this.#wait({ view: new ExchangeView(exchange, this.#seq), unanswered: true });
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
    this.#wait({ view, unanswered: false, row: rowOf(view), tooMany: view.status === 429 });
  }

  #wait(waiting: Waiting): void {
    this.#batch.push(waiting);
    if (this.#batch.length >= this.#batchSize) this.#judgeBatch();
  }

  /** Every group of judges over the exchanges waiting, one group after another; then their views keep only what a failure shows. */
  #judgeBatch(): void {
    const batch = this.#batch;
    const ledger = this.#ledger;
    let thrown: { error: unknown } | undefined;
    for (const group of this.#groups) {
      for (const waiting of batch) {
        const { view } = waiting;
        try {
          if (waiting.unanswered) {
            for (const judge of group.unanswered) judge.seeUnanswered?.(view, ledger);
            continue;
          }
          for (const turn of group.readers.ofKind(waiting.row, waiting.tooMany)) {
            if (turn.reads) turn.judge.see(view, ledger);
            else turn.judge.tick?.(view.sentAt, ledger);
          }
          if (group.readsLinks) this.#links.note(view);
        } catch (error) {
          thrown ??= { error };
        }
      }
    }
    for (const waiting of batch) waiting.view.judged();
    batch.length = 0;
    if (thrown) throw thrown.error;
  }

  /** The verdicts so far; `final` lets the timeline judges decide on what they still hold (once, at the end). */
  verdicts(final = false): Observation {
    this.#judgeBatch();
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
