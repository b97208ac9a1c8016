import { rateLimitErrorSchema, retryAfterHeaderSchema } from '../../../spec/contract/error-envelope.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import { ExchangeView } from '../../judge/exchange-view.js';
import { PROTECTED_ENDPOINTS } from '../../../spec/endpoints.js';
import type { Judge, Reads } from '../../judge/judge.js';
import { SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { rememberedCheck } from '../../judge/remembered-checks.js';
import { rememberedPerAnswer } from './remembered-answers.js';
import { admitsItsToken, authorizationHeaders, envelopeDetails, errorBodyReadable, shown } from './request-facts.js';

const isRetryAfter = rememberedCheck(retryAfterHeaderSchema);

/** Customers whose last admission is kept (with its exchange, as proof): LRU beyond. */
const REMEMBERED_CUSTOMERS = 1_000;

/** The admission as proof: its request line, headers and status; its bodies (a results answer may be large) are not kept. */
function withoutBodies(x: ExchangeView): ExchangeView {
  const exchange = x.exchange;
  return new ExchangeView({ ...exchange, request: withoutBody(exchange.request), response: withoutBody(exchange.response) }, x.seq);
}

function withoutBody<M extends { bodyText?: string; bodyBinary?: Buffer }>(message: M): M {
  if (message.bodyText === undefined && message.bodyBinary === undefined) return message;
  const { bodyText: _text, bodyBinary: _bytes, ...rest } = message;
  return rest as M;
}

/** "429 | `rate_limit` (with `limit` 2, `windowSeconds` 1, `retryAfter` 1)": a matter of the body alone. */
function limitDetails(x: ExchangeView): { holds: boolean; message: () => string } {
  const details = envelopeDetails(x);
  const holds = rateLimitErrorSchema.shape.details.safeParse(details).success;
  const body = details === undefined ? (x.responseJson ?? x.responseBody.kind) : undefined;
  return { holds, message: () => `a 429 to an admitted token carries ${details ? `details ${shown(details, 120)}` : `the body ${shown(body)}`}, not type rate_limit with limit 2, windowSeconds 1, retryAfter 1` };
}

const limitDetailsOf = rememberedPerAnswer(limitDetails);

/** Every protected request, refused or not, a path of no row included: only the public rows' are turned away. */
const READS: Reads = { endpoints: PROTECTED_ENDPOINTS.map((e) => e.id), unmatched: true, tooManyRequests: true };

/**
 * The 429 of the customer limit (ERR-22, ERR-23). The per-address limit of invalid tokens may
 * answer with other values (FREE-RATE-2), so only a 429 to a token the traffic saw admitted
 * shortly before is the customer limit's; a 401 to it since makes it unknown again.
 */
export function rateLimitAnswerJudge(): Judge {
  const admissions = new BoundedMap<string, ExchangeView>(REMEMBERED_CUSTOMERS, SEQUENCE_HORIZON_MS);
  return {
    rules: ['ERR-22', 'ERR-23'],
    reads: READS,
    see(x, ledger) {
      const customer = x.customer;
      if (customer === undefined || !x.isProtected || authorizationHeaders(x).length !== 1) return;
      if (x.status === 401) admissions.delete(customer);
      // Served: the strongest sign that the token is the customer's (a target may refuse an invalid token wrongly with 403 or 404).
      if (admitsItsToken(x) && x.status < 300) admissions.set(customer, withoutBodies(x), x.answeredAt);
      if (x.status !== 429) return;
      const admission = admissions.get(customer);
      if (admission === undefined || x.sentAt - admission.answeredAt > SEQUENCE_HORIZON_MS) return;
      if (errorBodyReadable(x)) {
        const { holds, message } = limitDetailsOf(x);
        ledger.judge('ERR-22', x, holds, message, [admission]);
      }
      // "response header `Retry-After` (integer, value 1)"
      const retryAfter = x.responseHeader('retry-after');
      ledger.judge('ERR-23', x, isRetryAfter(retryAfter?.trim()), () => `a 429 to an admitted token carries Retry-After ${shown(retryAfter)}, not 1`, [admission]);
    },
  };
}
