import { BoundedMap } from '../../judge/bounded-map.js';
import type { TokenFacts } from '../../exchange.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { admitsItsToken, authorizationHeaders } from './request-facts.js';

/** Customers remembered as admitted: enough for every customer of a busy proxy's hour. */
const REMEMBERED_CUSTOMERS = 10_000;

/**
 * The form of the tokens the target admits and their absence from every answer (AUTH-6, AUTH-12).
 * Only an admitted token is the target's API token: an invalid one may be anything, and the
 * target may quote what it refused.
 */
export function tokenJudge(): Judge {
  const admitted = new BoundedMap<string, true>(REMEMBERED_CUSTOMERS);
  return {
    rules: ['AUTH-6', 'AUTH-12'],
    see(x, ledger) {
      const customer = x.customer;
      const facts = x.exchange.token;
      if (customer === undefined || facts === undefined || authorizationHeaders(x).length !== 1) return;
      // A token refused later (its customer blocked, the token withdrawn in the pro area) is no longer known to be one.
      if (x.status === 401 && x.isProtected) admitted.delete(customer);
      const admitsNow = admitsItsToken(x);
      const knownBefore = admitted.get(customer) !== undefined;
      if (admitsNow && !knownBefore) {
        admitted.set(customer, true);
        judgeForm(x, customer, facts, ledger);
      }
      // "stored tokens cannot be shown again": no answer, header or link gives the token back.
      if (!(admitsNow || knownBefore)) return;
      if (facts.echoedInAnswer) echoed(x, customer, ledger);
      else ledger.held('AUTH-12', x);
    },
  };
}

/** "The token is not a JWT": judged once per token, when the target first shows it takes it. */
function judgeForm(x: ExchangeView, customer: string, facts: TokenFacts, ledger: Ledger): void {
  ledger.judge('AUTH-6', x, !facts.jwtShaped, () => `the target admitted a token of JWT form (three base64url segments with a JSON header), ${customer}`);
}

/** AUTH-12 broken; its message made in a function of its own, so that judging every other answer makes no closure. */
function echoed(x: ExchangeView, customer: string, ledger: Ledger): void {
  ledger.judge('AUTH-12', x, false, () => `the answer to ${x.method} ${x.apiPath ?? x.exchange.request.url.split('?')[0]} contains the token of its request (${customer})`);
}
