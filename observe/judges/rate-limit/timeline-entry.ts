import { outcome, type Hit } from '../../../harness-core/rate-limit-timeline.js';
import { rateLimitErrorSchema } from '../../../spec/contract/error-envelope.js';
import { isProtected, type Endpoint } from '../../../spec/endpoints.js';
import type { ObservedExchange } from '../../exchange.js';
import { answeredAtOf, ExchangeView } from '../../judge/exchange-view.js';
import { stampSlack } from '../../judge/recorded-times.js';
import { authorizationHeaders } from '../auth/request-facts.js';

/**
 * Milliseconds each interval is widened by on both sides: recorders write milliseconds (HAR's
 * `startedDateTime`) and wall clocks step a little. A wider interval only weakens a proof.
 */
export const CLOCK_SLACK_MS = 2;

/**
 * How far an exchange's interval is widened on both sides: `CLOCK_SLACK_MS`, and the unit of a start
 * stamped coarser than a millisecond more (recorded-times.ts: a second for one without a fraction):
 * no proof may rest on an order the recording does not show.
 */
export function slackOf(x: { startUnitMs?: number | undefined }): number {
  return CLOCK_SLACK_MS + stampSlack(x);
}

/**
 * What an exchange is on the customer limit's timeline:
 * - `counted`: certainly counted by the limit of its token's customer: a protected endpoint of
 *   the table answered with one of the answers the spec makes count (served, 403, 404, 422), on a
 *   request with exactly one Authorization header (the server keeps the first or the last of
 *   several, so the customer is known only with one);
 * - `possible`: any other protected request not refused: it may have counted for some customer
 *   (a 401 may be a blocked customer's, a 400 or 413 may come from after the limiter, a request
 *   with several Authorization headers from any of them);
 * - `unknown`: a 5xx, or a request the recording holds no answer of (`unansweredEntry`): it may
 *   have been admitted, and decided at any time after its send (rate-limit-timeline.ts `decidedBy`);
 * - `refused`: a protected 429;
 * - `public`, `public-refused`: GET /, GET /health or OPTIONS sent with credentials (only such a
 *   request could count for a customer), answered or refused.
 * A request without credentials answered 401 belongs to no customer and is left out.
 */
export type EntryKind = 'counted' | 'possible' | 'unknown' | 'refused' | 'public' | 'public-refused';

/**
 * An exchange on the timeline: a `Hit` of rate-limit-timeline.ts, its interval widened by
 * `CLOCK_SLACK_MS`. What the decisions read of the exchange is taken from the view it was judged
 * with, where it is worked out already or shared with other judges: of the proving view, each
 * would be worked out anew.
 */
export class TimelineEntry implements Hit {
  /** What a failure keeps of the exchange (ExchangeView.provingExchange), without a view (`view`). */
  readonly #kept: ObservedExchange;
  readonly sentAt: number;
  readonly receivedAt: number;
  readonly status: number;
  readonly seq: number;
  readonly endpoint: Endpoint | undefined;
  /** A 429 of the customer limit (`isCustomerLimitAnswer`); false for any other answer. */
  readonly customerLimitAnswer: boolean;
  #asksForMore: boolean | undefined;

  constructor(
    seen: ExchangeView,
    readonly kind: EntryKind,
    /** The customer hash of its one Bearer token; undefined without one, or with several Authorization headers. */
    readonly token: string | undefined,
  ) {
    this.#kept = seen.provingExchange();
    const slack = slackOf(seen);
    this.sentAt = seen.sentAt - slack;
    this.receivedAt = seen.answeredAt + slack;
    this.status = seen.status;
    this.seq = seen.seq;
    this.endpoint = seen.endpoint;
    this.customerLimitAnswer = seen.status === 429 && isCustomerLimitAnswer(seen);
  }

  /** When the request started, as recorded (not widened). */
  get startedAt(): number {
    return this.#kept.startedAt;
  }
  /** When the answer had arrived, as recorded (ExchangeView.answeredAt). */
  get answeredAt(): number {
    return answeredAtOf(this.#kept);
  }
  /** The unit of the start's stamp where coarser than a millisecond (ObservedExchange.startUnitMs). */
  get startUnitMs(): number | undefined {
    return this.#kept.startUnitMs;
  }

  /**
   * The exchange as a failure keeps it, made anew at each call: the timeline keeps every entry for
   * seconds, and a view kept with each would be copied by every collection meanwhile, where one
   * made for a decision dies young.
   */
  view(): ExchangeView {
    return new ExchangeView(this.#kept, this.seq);
  }

  /** Asks for a higher limit (admissions.ts, RATE-15): worked out once, for the requests of busy seconds only. */
  get asksForMore(): boolean {
    this.#asksForMore ??= asksForMore(this.view(), this.endpoint);
    return this.#asksForMore;
  }

  /** For timelines in messages (worked out only for them): what was asked, by whom (a short customer hash, never a token), where in the recording. */
  get label(): string {
    const x = this.view();
    const path = x.apiPath ?? '';
    const shown = path.length > 60 ? `${path.slice(0, 57)}...` : path;
    const query = x.rawQuery === '' ? '' : '?...';
    const who = x.customer === undefined ? 'no token' : x.customer.slice(0, 'customer:'.length + 8);
    const source = x.exchange.source.split(/[\\/]/).pop() ?? x.exchange.source;
    return `${x.method} ${shown}${query} (${who}; ${source} #${x.exchange.index})`;
  }
}

/** The answers the spec makes count: served, and "rejected for business reasons" as the kit checks them (RATE-9: 403, 404, 422). */
const COUNTED_REJECTIONS = new Set([403, 404, 422]);

export function timelineEntry(x: ExchangeView): TimelineEntry | undefined {
  if (x.apiPath === undefined) return undefined;
  const credentials = credentialsOf(x);
  const token = credentials === 1 ? x.customer : undefined;
  const status = x.status;
  let kind: EntryKind;
  if (x.isPublic) {
    if (credentials === 0) return undefined;
    kind = status === 429 ? 'public-refused' : 'public';
  } else if (status === 429) kind = 'refused';
  else if (outcome({ status }) === 'unknown') kind = 'unknown';
  else if (token !== undefined && x.endpoint !== undefined && isProtected(x.endpoint) && ((status >= 200 && status < 300) || COUNTED_REJECTIONS.has(status))) kind = 'counted';
  else if (credentials === 0 && status === 401) return undefined;
  else kind = 'possible';
  return new TimelineEntry(x, kind, token);
}

/** Whether a body is the customer limit's 429, per body text: a flood gets the same few bodies thousands of times. */
const customerLimitBodies = new Map<string, boolean>();

/** Whether the customer limit gave this 429, as far as the recording shows: not when its body is another limit's (FREE-RATE-2: the per-address limit of invalid tokens may answer with other values). */
function isCustomerLimitAnswer(x: ExchangeView): boolean {
  const text = x.exchange.response.bodyText;
  // Bytes the recorder kept as such are JSON to the view where they are (a body not recorded at all tells nothing).
  if (text === undefined) return x.exchange.response.bodyBinary === undefined || rateLimitErrorSchema.safeParse(x.responseJson).success;
  let known = customerLimitBodies.get(text);
  if (known === undefined) {
    known = rateLimitErrorSchema.safeParse(x.responseJson).success;
    if (customerLimitBodies.size >= 64) customerLimitBodies.clear();
    customerLimitBodies.set(text, known);
  }
  return known;
}

/**
 * A request the recording holds no answer of (Judge.seeUnanswered: a HAR entry of status 0, a
 * request the proxy could not forward): the target may or may not have received and counted it,
 * at any time after its send, so it is an `unknown` outcome, never an admission or a refusal.
 * Only a request with credentials can count for a customer.
 */
export function unansweredEntry(x: ExchangeView): TimelineEntry | undefined {
  if (x.apiPath === undefined) return undefined;
  const credentials = credentialsOf(x);
  return credentials === 0 ? undefined : new TimelineEntry(x, 'unknown', credentials === 1 ? x.customer : undefined);
}

/** Header names a client might ask for a higher limit with (the IETF RateLimit fields, X-RateLimit-*, a bypass). */
const ASKING_HEADER = /rate|limit|quota|burst|bypass/i;

/** A request to `endpoint` asking for more: a header named for a rate limit, or a query parameter the endpoint lacks. */
function asksForMore(x: ExchangeView, endpoint: Endpoint | undefined): boolean {
  for (const h of x.exchange.request.headers) if (ASKING_HEADER.test(h.name)) return true;
  if (x.rawQuery === '') return false;
  for (const name of x.query.keys()) if (!endpoint?.query.some((q) => q.name === name)) return true;
  return false;
}

/** How many Authorization headers the request carries: found once per exchange for the judges of tokens as well. */
function credentialsOf(x: ExchangeView): number {
  return authorizationHeaders(x).length;
}
