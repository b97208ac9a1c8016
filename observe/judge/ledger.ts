import type { ExchangeView } from './exchange-view.js';
import { keptExchange, type KeptExchange } from './kept-exchange.js';

/** Failures kept per rule with their exchanges; further ones are only counted. */
export const KEPT_FAILURES = 10;

export interface RuleFailure {
  message: string;
  /** The exchange that broke the rule, then the earlier ones that prove it (the write before a read, the admissions before a third). */
  exchanges: KeptExchange[];
}

export interface RuleTally {
  /** Exchanges (or sequences, or timeline decisions) judged for the rule, holding or not. */
  judged: number;
  failed: number;
  /** How many customers (token hashes) the judged exchanges came from; requests without a token count as one. */
  customers: number;
  failures: RuleFailure[];
}

/**
 * What the judges found, per rule: every judgement counts, a failure keeps its exchanges (bodies
 * as kept-exchange.ts allows) up to `KEPT_FAILURES`.
 */
export class Ledger {
  readonly #tallies = new Map<string, { judged: number; failed: number; customers: Set<string>; lastCustomer: string; failures: RuleFailure[] }>();

  constructor(private readonly keepBodies = false) {}

  /** The rule was judged on this exchange and held. */
  held(rule: string, x: ExchangeView): void {
    this.#tally(rule, x);
  }

  /** The rule was judged on this exchange and broken; `proof` are earlier exchanges the judgement rests on. */
  broke(rule: string, x: ExchangeView, message: string, proof: readonly ExchangeView[] = []): void {
    this.#broke(rule, x, () => message, proof);
  }

  /** Held when `ok`, else broken with the message, worked out only then and only while failures of the rule are still kept (a flood of them costs a count each). */
  judge(rule: string, x: ExchangeView, ok: boolean, message: () => string, proof?: readonly ExchangeView[]): void {
    if (ok) this.held(rule, x);
    else this.#broke(rule, x, message, proof);
  }

  tallies(): Map<string, RuleTally> {
    return new Map([...this.#tallies].map(([rule, t]) => [rule, { judged: t.judged, failed: t.failed, customers: t.customers.size, failures: [...t.failures] }]));
  }

  #broke(rule: string, x: ExchangeView, message: () => string, proof: readonly ExchangeView[] = []): void {
    const tally = this.#tally(rule, x);
    tally.failed++;
    if (tally.failures.length < KEPT_FAILURES) tally.failures.push({ message: message(), exchanges: [x, ...proof].map((e) => keptExchange(e, this.keepBodies)) });
  }

  #tally(rule: string, x: ExchangeView) {
    let tally = this.#tallies.get(rule);
    if (!tally) {
      tally = { judged: 0, failed: 0, customers: new Set(), lastCustomer: '', failures: [] };
      this.#tallies.set(rule, tally);
    }
    tally.judged++;
    // A customer's exchanges come in runs: the set is asked only when the customer changes.
    const customer = x.customer ?? 'no token';
    if (customer !== tally.lastCustomer) {
      tally.customers.add(customer);
      tally.lastCustomer = customer;
    }
    return tally;
  }
}
