import { withoutCredentials } from '../customer-hash.js';
import type { ExchangeTimings, HeaderField, ObservedExchange } from '../exchange.js';
import type { HarEntry } from './har-schema.js';

/** A validated HAR entry as the judge reads exchanges; its tokens already replaced by their hash. */
export function exchangeFromEntry(source: string, index: number, entry: HarEntry): ObservedExchange {
  const { request, response, timings } = entry;
  const postData = request.postData;
  return withoutCredentials({
    source,
    index,
    startedAt: entry.startedDateTime,
    durationMs: entry.time,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: request.httpVersion,
      headers: withoutPseudoHeaders(request.headers),
      ...body(postData?.text, postData?.encoding),
      ...(postData?.mimeType !== undefined && { bodyMimeType: postData.mimeType }),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: response.httpVersion,
      headers: withoutPseudoHeaders(response.headers),
      mimeType: response.content.mimeType,
      bodySize: response.bodySize,
      ...(recordedBody(response) && body(response.content.text, response.content.encoding)),
    },
    ...(timings && { timings: Object.fromEntries(Object.entries(timings).filter(([, ms]) => ms !== undefined && ms >= 0)) as ExchangeTimings }),
  });
}

/** Chromium records HTTP/2 requests with `:method`, `:path` and the like; method and URL already say it, and HTTP/1.1 exchanges have none. */
function withoutPseudoHeaders(headers: HeaderField[]): HeaderField[] {
  return headers.filter((h) => !h.name.startsWith(':'));
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

function body(text: string | undefined, encoding: string | undefined): { bodyText?: string; bodyBinary?: Buffer } {
  if (text === undefined) return {};
  return encoding === 'base64' ? { bodyBinary: Buffer.from(text, 'base64') } : { bodyText: text };
}
