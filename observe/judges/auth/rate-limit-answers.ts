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

/** Customers whose last admission is kept (with what a failure shows of it, as proof): LRU beyond. */
const REMEMBERED_CUSTOMERS = 1_000;

/**
 * An admission, for the 429s after it: when it was answered, and what a failure keeps of it as
 * proof (kept-exchange.ts: its request line and headers, its status), not its bodies (a results
 * answer may be large). Written at every admission and read as proof only for a failure, so the
 * view of it is made then.
 */
class Admission {
  answeredAt = 0;
  #seq = 0;
  #source = '';
  #index = 0;
  #startedAt = 0;
  #durationMs = 0;
  #request!: ObservedRequest;
  #status = 0;
  readonly #customer: string;

  constructor(x: ExchangeView, customer: string) {
    this.#customer = customer;
    this.renew(x);
  }

  /** The customer's admission is now `x`: renewed in place, as no reader keeps it, where a new one would be promoted to the old heap with every admission. */
  renew(x: ExchangeView): this {
    const e = x.exchange;
    this.answeredAt = x.answeredAt;
    this.#seq = x.seq;
    this.#source = e.source;
    this.#index = e.index;
    this.#startedAt = e.startedAt;
    this.#durationMs = e.durationMs;
    this.#request = withoutBody(e.request);
    this.#status = e.response.status;
    return this;
  }

  proof(): ExchangeView {
    const response: ObservedResponse = { status: this.#status, statusText: '', httpVersion: '', headers: [], mimeType: '', bodySize: -1 };
    const exchange: ObservedExchange = { source: this.#source, index: this.#index, startedAt: this.#startedAt, durationMs: this.#durationMs, request: this.#request, response, customer: this.#customer };
    return new ExchangeView(exchange, this.#seq);
  }
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

/** ERR-22 and ERR-23 on a 429 to `x`'s customer, whose last admission (if kept) is `admission`: its proof is made only for a failure. */
function judgeLimitAnswer(x: ExchangeView, admission: Admission | undefined, ledger: Ledger): void {
  if (admission === undefined || x.sentAt - admission.answeredAt > SEQUENCE_HORIZON_MS) return;
  if (errorBodyReadable(x)) {
    const { holds, message } = limitDetailsOf(x);
    if (holds) ledger.held('ERR-22', x);
    else ledger.judge('ERR-22', x, false, message, [admission.proof()]);
  }
  // "response header `Retry-After` (integer, value 1)"
  const retryAfter = x.responseHeader('retry-after');
  if (isRetryAfter(retryAfter?.trim())) ledger.held('ERR-23', x);
  else wrongRetryAfter(x, retryAfter, admission, ledger);
}

function wrongRetryAfter(x: ExchangeView, retryAfter: string | undefined, admission: Admission, ledger: Ledger): void {
  ledger.judge('ERR-23', x, false, () => `a 429 to an admitted token carries Retry-After ${shown(retryAfter)}, not 1`, [admission.proof()]);
}

/** Every protected request, refused or not, a path of no row included: only the public rows' are turned away. */
const READS: Reads = { endpoints: PROTECTED_ENDPOINTS.map((e) => e.id), unmatched: true, tooManyRequests: true };

/**
 * The 429 of the customer limit (ERR-22, ERR-23). The per-address limit of invalid tokens may
 * answer with other values (FREE-RATE-2), so only a 429 to a token the traffic saw admitted
 * shortly before is the customer limit's; a 401 to it since makes it unknown again.
 */
export function rateLimitAnswerJudge(): Judge {
  const admissions = new BoundedMap<string, Admission>(REMEMBERED_CUSTOMERS, SEQUENCE_HORIZON_MS);
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
        if (admitsItsToken(x)) {
          const held = admissions.get(customer);
          admissions.set(customer, held === undefined ? new Admission(x, customer) : held.renew(x), x.answeredAt);
        }
      } else judgeLimitAnswer(x, admissions.get(customer), ledger);
    },
  };
}
