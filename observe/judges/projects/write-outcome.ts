/** What the answer to a project write did, as the input rules compare it with what the body deserves. */
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { RecordedExchange } from '../../proxy/recorded-exchange.js';
import { detailsType } from '../answer-kinds.js';

export const succeeded = (x: ExchangeView): boolean => x.status >= 200 && x.status < 300;

/** Which bodies the recording proxy cut at its cap (forwarded whole, recorded in part). */
export const cutBodies = (x: ExchangeView): RecordedExchange['bodyTruncated'] => (x.exchange as RecordedExchange).bodyTruncated;

/** Whether the recording holds the whole answer body: a body cut short is not the target's. */
export const answerBodyWhole = (x: ExchangeView): boolean => x.responseBodyRecorded && !cutBodies(x)?.response;

/** "422 | `validation`": the status, and the envelope's type where the recording holds the body. */
export function refusedAsValidation(x: ExchangeView): boolean {
  return x.status === 422 && (!answerBodyWhole(x) || detailsType(x) === 'validation');
}

/** The answer as a message names it. */
export function answered(x: ExchangeView): string {
  if (x.status !== 422 || !answerBodyWhole(x)) return `answered ${x.status}`;
  const type = detailsType(x);
  return `answered 422 with details.type ${typeof type === 'string' ? JSON.stringify(type.slice(0, 40)) : 'missing'}`;
}

/** The request as a message names it: method and the endpoint row's path, so no key or id is echoed. */
export function requestLabel(x: ExchangeView): string {
  return `${x.method} ${x.endpoint?.path ?? x.apiPath ?? ''}`;
}
