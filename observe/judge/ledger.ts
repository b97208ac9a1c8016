import { PASSIVE } from '../../spec/rules/passive.js';
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
  readonly #tallies = new Map<string, Tally>();
  /**
   * Per customer (`NO_TOKEN` for requests without one), which rules' tallies have counted it: a bit
   * per `Tally.slot`. One lookup per exchange however many rules judge it, where a set of customers
   * per rule cost a lookup per judgement; bits, since a proxy meets customers by the hundred
   * thousand and an array of a slot per rule took 2.4 KB of each.
   */
  readonly #counted = new CountedRules();
  /** The exchange judged last and its customer's row in `#counted`: the judges of an exchange follow one another. */
  #lastView: ExchangeView | undefined;
  #lastRow = -1;

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

  /**
   * `judge` with its message made by `problem` of what the rule read (`of`), a function made once:
   * a message closure made at every judgement costs its object, and its function a context, where
   * the rule holds, as it nearly always does.
   */
  judgeOf<T>(rule: string, x: ExchangeView, ok: boolean, problem: (x: ExchangeView, of: T) => string, of: T): void {
    if (ok) this.held(rule, x);
    else this.#broke(rule, x, () => problem(x, of));
  }

  tallies(): Map<string, RuleTally> {
    return new Map([...this.#tallies].map(([rule, t]) => [rule, { judged: t.judged, failed: t.failed, customers: t.customers, failures: [...t.failures] }]));
  }

  #broke(rule: string, x: ExchangeView, message: () => string, proof: readonly ExchangeView[] = []): void {
    const tally = this.#tally(rule, x);
    tally.failed++;
    if (tally.failures.length < KEPT_FAILURES) tally.failures.push({ message: message(), exchanges: [x, ...proof].map((e) => keptExchange(e, this.keepBodies)) });
  }

  #tally(rule: string, x: ExchangeView): Tally {
    let tally = this.#tallies.get(rule);
    if (!tally) {
      tally = { judged: 0, failed: 0, customers: 0, slot: this.#tallies.size, failures: [] };
      this.#tallies.set(rule, tally);
    }
    tally.judged++;
    const row = this.#rowOf(x);
    if (!this.#counted.has(row, tally.slot)) {
      this.#counted.add(row, tally.slot);
      tally.customers++;
    }
    return tally;
  }

  #rowOf(x: ExchangeView): number {
    if (x !== this.#lastView) {
      this.#lastView = x;
      this.#lastRow = this.#counted.rowOf(x.customer ?? NO_TOKEN);
    }
    return this.#lastRow;
  }
}

/**
 * Each customer's slots as bits, in a row of one table for every customer: a customer costs an
 * entry in the map of rows and the row's words, and no object of its own (a proxy keeps them for as
 * long as it observes). A slot beyond the rows' words widens every row, by a copy.
 */
class CountedRules {
  readonly #rows = new Map<string, number>();
  #words = RULE_WORDS;
  #bits = new Uint32Array(RULE_WORDS * INITIAL_ROWS);

  /** The customer's row, made on the first ask. */
  rowOf(customer: string): number {
    let row = this.#rows.get(customer);
    if (row === undefined) {
      row = this.#rows.size;
      this.#rows.set(customer, row);
      if ((row + 1) * this.#words > this.#bits.length) {
        const grown = new Uint32Array(this.#bits.length * 2);
        grown.set(this.#bits);
        this.#bits = grown;
      }
    }
    return row;
  }

  has(row: number, slot: number): boolean {
    const word = slot >>> 5;
    return word < this.#words && ((this.#bits[row * this.#words + word] as number) & (1 << (slot & 31))) !== 0;
  }

  add(row: number, slot: number): void {
    const word = slot >>> 5;
    if (word >= this.#words) this.#widen(word + 1);
    const at = row * this.#words + word;
    this.#bits[at] = (this.#bits[at] as number) | (1 << (slot & 31));
  }

  #widen(words: number): void {
    const rows = this.#bits.length / this.#words;
    const wider = new Uint32Array(rows * words);
    for (let row = 0; row < rows; row++) wider.set(this.#bits.subarray(row * this.#words, (row + 1) * this.#words), row * words);
    this.#bits = wider;
    this.#words = words;
  }
}

/** Requests without a token count as one customer. */
const NO_TOKEN = 'no token';
/** A customer's bits at first: room for a slot per rule of the catalogue (a tally is a rule's). */
const RULE_WORDS = Math.ceil(Object.keys(PASSIVE).length / 32);
/** Rows the table has room for at first; it doubles when full. */
const INITIAL_ROWS = 1024;

interface Tally {
  judged: number;
  failed: number;
  /** Customers counted: those whose row of `#counted` has `slot` set. */
  customers: number;
  /** The rule's position among the tallies, in each customer's row of `#counted`. */
  slot: number;
  failures: RuleFailure[];
}
