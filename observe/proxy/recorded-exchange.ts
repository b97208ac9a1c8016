import type { ExchangeTimings, HeaderField, ObservedExchange } from '../exchange.js';
import type { BodyCapture } from './body-capture.js';
import { bodyFields } from '../recorded-body.js';
import { requestCredentials, withoutCutCredential } from './cut-credentials.js';
import { decodedBody, type DecodedBody } from './decoded-body.js';

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

/**
 * The URL the client addressed: its Host and its request-target as received, not re-encoded. The
 * proxy itself speaks plain HTTP; behind a front that ended the client's TLS (a load balancer, a
 * gateway), the scheme the client used is the one the front passed on (`Forwarded: proto=`, RFC
 * 7239, or `X-Forwarded-Proto`), so that the scheme rule judges the client's, not the proxy's hop.
 */
export function addressedUrl(target: string, rawHeaders: readonly string[], upstreamHost: string): string {
  if (ABSOLUTE_FORM.test(target)) return target;
  return `${forwardedScheme(rawHeaders) ?? 'http'}://${headerValue(rawHeaders, 'host') ?? upstreamHost}${target}`;
}

const FORWARDED_PROTO = /(?:^|;)\s*proto\s*=\s*"?([A-Za-z]+)"?\s*(?:;|$)/i;

/** The scheme the client used as the first front says it (the `proto` of the first element of `Forwarded`, else the first of `X-Forwarded-Proto`: each front appends its own); http or https only. */
function forwardedScheme(rawHeaders: readonly string[]): string | undefined {
  const forwarded = FORWARDED_PROTO.exec(headerValue(rawHeaders, 'forwarded')?.split(',')[0] ?? '')?.[1];
  const proto = forwarded ?? headerValue(rawHeaders, 'x-forwarded-proto')?.split(',')[0];
  const scheme = proto?.trim().toLowerCase();
  return scheme === 'https' || scheme === 'http' ? scheme : undefined;
}

/**
 * The exchange before its credentials are replaced (`withoutCredentials` does that, and the proxy
 * numbers it): `source` `proxy`, `index` 0.
 */
export function recordedExchange(parts: ExchangeParts): RecordedExchange {
  const { request, response } = parts;
  const requestType = headerValue(request.rawHeaders, 'content-type');
  const responseType = headerValue(response.rawHeaders, 'content-type');
  const sent = decodedBody(request.body.bytes(), request.body.truncated, headerValue(request.rawHeaders, 'content-encoding'), request.body.cap);
  const answered = decodedBody(response.body.bytes(), response.body.truncated, headerValue(response.rawHeaders, 'content-encoding'), response.body.cap);
  const credentials = sent.truncated || answered.truncated ? requestCredentials(request.rawHeaders, request.target) : [];
  const truncated = { ...(sent.truncated && { request: true as const }), ...(answered.truncated && { response: true as const }) };
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
      ...bodyFields(recordedBytes(sent, credentials), sent.truncated, requestType, sent.contentEncoding),
      ...(requestType !== undefined && { bodyMimeType: requestType }),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: response.httpVersion,
      headers: headerFields(response.rawHeaders),
      mimeType: responseType ?? '',
      bodySize: response.body.forwardedBytes,
      ...bodyFields(recordedBytes(answered, credentials), answered.truncated, responseType, answered.contentEncoding),
    },
    timings: parts.timings,
    ...(parts.proxyFailure !== undefined && { proxyFailure: parts.proxyFailure }),
    ...(Object.keys(truncated).length > 0 && { bodyTruncated: truncated }),
  };
}

/** A cut body without the start of a credential at its end (cut-credentials.ts), looked for in what the judges read: the decoded bytes. */
function recordedBytes(body: DecodedBody, credentials: readonly string[]): Buffer {
  return body.truncated ? withoutCutCredential(body.bytes, credentials) : body.bytes;
}
