import { withoutCredentials } from '../customer-hash.js';
import type { ExchangeTimings, HeaderField, ObservedExchange, ObservedRequest, ObservedResponse } from '../exchange.js';
import type { HarEntry } from './har-schema.js';

/** A validated HAR entry as the judge reads exchanges; its tokens already replaced by their hash. */
export function exchangeFromEntry(source: string, index: number, entry: HarEntry): ObservedExchange {
  const { request, response, timings } = entry;
  const postData = request.postData;
  // Field by field rather than with spreads, as every entry passes here; in the order an exchange log written from them shows.
  const observedRequest: ObservedRequest = { method: request.method, url: request.url, httpVersion: request.httpVersion, headers: withoutPseudoHeaders(request.headers) };
  if (postData) {
    setBody(observedRequest, postData.text, postData.encoding);
    if (postData.mimeType !== undefined) observedRequest.bodyMimeType = postData.mimeType;
  }
  const observedResponse: ObservedResponse = {
    status: response.status,
    statusText: response.statusText,
    httpVersion: response.httpVersion,
    headers: withoutPseudoHeaders(response.headers),
    mimeType: response.content.mimeType,
    bodySize: response.bodySize,
  };
  if (recordedBody(response)) setBody(observedResponse, response.content.text, response.content.encoding);
  const exchange: ObservedExchange = { source, index, startedAt: entry.startedDateTime, durationMs: entry.time, request: observedRequest, response: observedResponse };
  if (timings) exchange.timings = phasesTaken(timings);
  return withoutCredentials(exchange);
}

/** HAR writes -1 for a phase that did not apply; the exchange leaves it out. */
function phasesTaken(timings: NonNullable<HarEntry['timings']>): ExchangeTimings {
  const taken: ExchangeTimings = {};
  for (const phase in timings) {
    const ms = timings[phase as keyof ExchangeTimings];
    if (ms !== undefined && ms >= 0) taken[phase as keyof ExchangeTimings] = ms;
  }
  return taken;
}

/** Chromium records HTTP/2 requests with `:method`, `:path` and the like; method and URL already say it, and HTTP/1.1 exchanges have none. */
function withoutPseudoHeaders(headers: HeaderField[]): HeaderField[] {
  return headers.some((h) => h.name.startsWith(':')) ? headers.filter((h) => !h.name.startsWith(':')) : headers;
}

/**
 * Playwright writes a body the page read as a blob as empty text while the answer's size and
 * Content-Length show it had bytes: a body not recorded, not an empty one.
 */
function recordedBody(response: HarEntry['response']): boolean {
  if (response.content.text !== '') return true;
  const declared = response.headers.find((h) => h.name.toLowerCase() === 'content-length')?.value;
  return !(response.bodySize > 0 || (declared !== undefined && Number(declared) > 0));
}

function setBody(message: ObservedRequest | ObservedResponse, text: string | undefined, encoding: string | undefined): void {
  if (text === undefined) return;
  if (encoding === 'base64') message.bodyBinary = Buffer.from(text, 'base64');
  else message.bodyText = text;
}
