import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';

const CUSTOMERS_KEPT = 10_000;

/**
 * Whether a token authenticated a customer, as far as the traffic shows. A target that serves an
 * invalid or blocked token (AUTH-2, AUTH-3) answers it with whatever it answers, and that answer is
 * the authentication rules' to judge, not the room rules'. A token counts as a customer's once it was
 * answered with success on two endpoints and never with 401: a target that wrongly serves one
 * endpoint shows that token refused, or unseen, on the others.
 */
export class TokenTrust {
  readonly #customers = new BoundedMap<string, { endpoints: Set<string>; refused: boolean }>(CUSTOMERS_KEPT);

  note(x: ExchangeView): void {
    const customer = x.customer;
    const status = x.status;
    // Only a 401 or a success tells of the token: a customer seen with others only is as trusted as one never seen.
    if (customer === undefined || (status !== 401 && (status < 200 || status > 299))) return;
    let seen = this.#customers.get(customer);
    if (seen === undefined) {
      seen = { endpoints: new Set(), refused: false };
      this.#customers.set(customer, seen);
    }
    if (status === 401) seen.refused = true;
    else if (seen.endpoints.size < 2) {
      const endpoint = x.endpoint?.id;
      if (endpoint !== undefined) seen.endpoints.add(endpoint);
    }
  }

  /** The token of `x` authenticated a customer: a success on another endpoint, no 401. */
  trusted(x: ExchangeView): boolean {
    const seen = x.customer === undefined ? undefined : this.#customers.get(x.customer);
    if (seen === undefined || seen.refused) return false;
    const own = x.endpoint?.id;
    for (const endpoint of seen.endpoints) if (endpoint !== own) return true;
    return false;
  }
}
