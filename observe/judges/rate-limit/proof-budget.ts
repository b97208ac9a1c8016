import { KEPT_FAILURES } from '../../judge/ledger.js';

/**
 * The ledger keeps the first `KEPT_FAILURES` failures of a rule with their message and exchanges,
 * and only counts the later ones; a faulty limiter under a flood fails thousands a second, so a
 * failure's timeline is worked out only while the ledger would keep it.
 */
export class ProofBudget {
  readonly #used = new Map<string, number>();

  /** Whether a failure of `rule` would still be kept; counts it as kept. */
  take(rule: string): boolean {
    const used = this.#used.get(rule) ?? 0;
    if (used >= KEPT_FAILURES) return false;
    this.#used.set(rule, used + 1);
    return true;
  }

  /** Whether a failure of any of `rules` would still be kept, counting it for each. */
  takeAny(rules: readonly string[]): boolean {
    return rules.map((rule) => this.take(rule)).some(Boolean);
  }
}
