import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';

const CUSTOMERS_KEPT = 10_000;

/** What the traffic showed of one token: the first two endpoints it succeeded on (two tell all `trusted` asks), and a 401. */
interface Seen {
  first: string | undefined;
  second: string | undefined;
  refused: boolean;
}

/**
 * Whether a token authenticated a customer, as far as the traffic shows. A target that serves an
 * invalid or blocked token (AUTH-2, AUTH-3) answers it with whatever it answers, and that answer is
 * the authentication rules' to judge, not the room rules'. A token counts as a customer's once it was
 * answered with success on two endpoints and never with 401: a target that wrongly serves one
 * endpoint shows that token refused, or unseen, on the others.
 */
export class TokenTrust {
  readonly #customers = new BoundedMap<string, Seen>(CUSTOMERS_KEPT);

  note(x: ExchangeView): void {
    const customer = x.customer;
    const status = x.status;
    // Only a 401 or a success tells of the token: a customer seen with others only is as trusted as one never seen.
    if (customer === undefined || (status !== 401 && (status < 200 || status > 299))) return;
    let seen = this.#customers.get(customer);
    if (seen === undefined) {
      seen = { first: undefined, second: undefined, refused: false };
      this.#customers.set(customer, seen);
    }
    if (status === 401) seen.refused = true;
    else if (seen.second === undefined) {
      const endpoint = x.endpoint?.id;
      if (seen.first === undefined) seen.first = endpoint;
      else if (endpoint !== seen.first) seen.second = endpoint;
    }
  }

  /** The token of `x` authenticated a customer: a success on another endpoint, no 401. */
  trusted(x: ExchangeView): boolean {
    const seen = x.customer === undefined ? undefined : this.#customers.get(x.customer);
    if (seen === undefined || seen.refused) return false;
    const own = x.endpoint?.id;
    return (seen.first !== undefined && seen.first !== own) || (seen.second !== undefined && seen.second !== own);
  }
}
