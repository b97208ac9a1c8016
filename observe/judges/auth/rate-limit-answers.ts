import { rateLimitErrorSchema, retryAfterHeaderSchema } from '../../../spec/contract/error-envelope.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import { ExchangeView } from '../../judge/exchange-view.js';
import type { ObservedExchange, ObservedRequest, ObservedResponse } from '../../exchange.js';
import { PROTECTED_ENDPOINTS } from '../../../spec/endpoints.js';
import type { Judge, Reads } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { rememberedCheck } from '../../judge/remembered-checks.js';
import { rememberedPerAnswer } from './remembered-answers.js';
import { admitsItsToken, authorizationHeaders, envelopeDetails, errorBodyReadable, shown } from './request-facts.js';

const isRetryAfter = rememberedCheck(retryAfterHeaderSchema);

/** Customers whose last admission is kept (with its exchange, as proof): LRU beyond. */
const REMEMBERED_CUSTOMERS = 1_000;

/**
 * The admission as proof: what a failure keeps of it (kept-exchange.ts: its request line and
 * headers, its status) and its times; its bodies (a results answer may be large) are not kept.
 * Made at every admission, so built field by field rather than copied whole.
 */
function withoutBodies(x: ExchangeView): ExchangeView {
  const e = x.exchange;
  const r = e.response;
  const response: ObservedResponse = { status: r.status, statusText: r.statusText, httpVersion: r.httpVersion, headers: r.headers, mimeType: r.mimeType, bodySize: r.bodySize };
  const kept: ObservedExchange = { source: e.source, index: e.index, startedAt: e.startedAt, durationMs: e.durationMs, request: withoutBody(e.request), response };
  if (e.customer !== undefined) kept.customer = e.customer;
  return new ExchangeView(kept, x.seq);
}

function withoutBody(request: ObservedRequest): ObservedRequest {
  if (request.bodyText === undefined && request.bodyBinary === undefined) return request;
  const kept: ObservedRequest = { method: request.method, url: request.url, httpVersion: request.httpVersion, headers: request.headers };
  if (request.bodyMimeType !== undefined) kept.bodyMimeType = request.bodyMimeType;
  return kept;
}

/** "429 | `rate_limit` (with `limit` 2, `windowSeconds` 1, `retryAfter` 1)": a matter of the body alone. */
function limitDetails(x: ExchangeView): { holds: boolean; message: () => string } {
  const details = envelopeDetails(x);
  const holds = rateLimitErrorSchema.shape.details.safeParse(details).success;
  const body = details === undefined ? (x.responseJson ?? x.responseBody.kind) : undefined;
  return { holds, message: () => `a 429 to an admitted token carries ${details ? `details ${shown(details, 120)}` : `the body ${shown(body)}`}, not type rate_limit with limit 2, windowSeconds 1, retryAfter 1` };
}

const limitDetailsOf = rememberedPerAnswer(limitDetails);

/** ERR-22 and ERR-23 on a 429 to `x`'s customer, whose last admission (if kept) is `admission`. */
function judgeLimitAnswer(x: ExchangeView, admission: ExchangeView | undefined, ledger: Ledger): void {
  if (admission === undefined || x.sentAt - admission.answeredAt > SEQUENCE_HORIZON_MS) return;
  const proof = [admission];
  if (errorBodyReadable(x)) {
    const { holds, message } = limitDetailsOf(x);
    ledger.judge('ERR-22', x, holds, message, proof);
  }
  // "response header `Retry-After` (integer, value 1)"
  const retryAfter = x.responseHeader('retry-after');
  ledger.judge('ERR-23', x, isRetryAfter(retryAfter?.trim()), () => `a 429 to an admitted token carries Retry-After ${shown(retryAfter)}, not 1`, proof);
}

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
      const status = x.status;
      // Only an admission, a 401 and a 429 change or meet what is kept.
      if (customer === undefined || (status >= 300 && status !== 401 && status !== 429) || !x.isProtected || authorizationHeaders(x).length !== 1) return;
      if (status === 401) admissions.delete(customer);
      // Served: the strongest sign that the token is the customer's (a target may refuse an invalid token wrongly with 403 or 404).
      else if (status < 300) {
        if (admitsItsToken(x)) admissions.set(customer, withoutBodies(x), x.answeredAt);
      } else judgeLimitAnswer(x, admissions.get(customer), ledger);
    },
  };
}
