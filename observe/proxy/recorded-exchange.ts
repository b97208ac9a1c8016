import type { ExchangeTimings, HeaderField, ObservedExchange } from '../exchange.js';
import type { BodyCapture } from './body-capture.js';
import { bodyFields } from '../recorded-body.js';
import { requestCredentials, withoutCutCredential } from './cut-credentials.js';

/** An exchange as the recording proxy gives it (`bodyTruncated` set where the recording cap cut a body). */
export type RecordedExchange = ObservedExchange;

/** What the proxy saw of one exchange, as the wire gave it. */
export interface ExchangeParts {
  startedAt: number;
  durationMs: number;
  request: { method: string; target: string; httpVersion: string; rawHeaders: readonly string[]; body: BodyCapture };
  /** The upstream's answer, or the proxy's own when it failed. */
  response: { status: number; statusText: string; httpVersion: string; rawHeaders: readonly string[]; body: BodyCapture };
  timings: ExchangeTimings;
  proxyFailure?: string;
  /** Host and port of the upstream: the address of a request that named none. */
  upstreamHost: string;
}

/** Pairs of `rawHeaders` as header fields, in received order, duplicates and case kept. */
export function headerFields(rawHeaders: readonly string[]): HeaderField[] {
  const fields: HeaderField[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) fields.push({ name: rawHeaders[i] as string, value: rawHeaders[i + 1] as string });
  return fields;
}

/** The first value of a header, by name in any case. */
export function headerValue(rawHeaders: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if ((rawHeaders[i] as string).toLowerCase() === name) return rawHeaders[i + 1];
  return undefined;
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The URL the client addressed: its Host and its request-target as received, not re-encoded. */
export function addressedUrl(target: string, rawHeaders: readonly string[], upstreamHost: string): string {
  if (ABSOLUTE_FORM.test(target)) return target;
  return `http://${headerValue(rawHeaders, 'host') ?? upstreamHost}${target}`;
}

/**
 * The exchange before its credentials are replaced (`withoutCredentials` does that, and the proxy
 * numbers it): `source` `proxy`, `index` 0.
 */
export function recordedExchange(parts: ExchangeParts): RecordedExchange {
  const { request, response } = parts;
  const credentials = request.body.truncated || response.body.truncated ? requestCredentials(request.rawHeaders, request.target) : [];
  const requestType = headerValue(request.rawHeaders, 'content-type');
  const responseType = headerValue(response.rawHeaders, 'content-type');
  const truncated = { ...(request.body.truncated && { request: true as const }), ...(response.body.truncated && { response: true as const }) };
  return {
    source: 'proxy',
    index: 0,
    startedAt: parts.startedAt,
    durationMs: parts.durationMs,
    request: {
      method: request.method,
      url: addressedUrl(request.target, request.rawHeaders, parts.upstreamHost),
      httpVersion: request.httpVersion,
      headers: headerFields(request.rawHeaders),
      ...bodyFields(recordedBytes(request.body, credentials), request.body.truncated, requestType, headerValue(request.rawHeaders, 'content-encoding')),
      ...(requestType !== undefined && { bodyMimeType: requestType }),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: response.httpVersion,
      headers: headerFields(response.rawHeaders),
      mimeType: responseType ?? '',
      bodySize: response.body.forwardedBytes,
      ...bodyFields(recordedBytes(response.body, credentials), response.body.truncated, responseType, headerValue(response.rawHeaders, 'content-encoding')),
    },
    timings: parts.timings,
    ...(parts.proxyFailure !== undefined && { proxyFailure: parts.proxyFailure }),
    ...(Object.keys(truncated).length > 0 && { bodyTruncated: truncated }),
  };
}

function recordedBytes(body: BodyCapture, credentials: readonly string[]): Buffer {
  return body.truncated ? withoutCutCredential(body.bytes(), credentials) : body.bytes();
}
