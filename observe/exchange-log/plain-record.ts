import type { ExchangeLogRecord } from './exchange-log-schema.js';
import { isPlainObject } from '../json-value.js';
import { isNumber, isOptionalString, plainHeaders, plainTimings } from '../plain-fields.js';

/**
 * A record of the usual shape checked by hand: what `exchangeLogRecordSchema` gives for it, the
 * same fields in the same order, or undefined for anything else (a field missing, of another
 * type, out of range, a body in base64), which the schema then reads to give the record or its
 * first issue. zod takes every field through closures and issue lists, at a good part of what
 * parsing the line's JSON costs, and nearly every record of a log has the usual shape.
 *
 * `value` is what JSON.parse gave: no field holds `undefined`, so a field that does is absent.
 */
export function plainRecord(value: unknown): ExchangeLogRecord | undefined {
  if (!isPlainObject(value)) return undefined;
  const { source, index, startedAt, durationMs, customer, proxyFailure } = value;
  if (!isOptionalString(source) || (index !== undefined && !isIntegerFrom(index, 0)) || !isNumber(startedAt) || !isMilliseconds(durationMs)) return undefined;
  if (!isOptionalString(proxyFailure) || (customer !== undefined && !(typeof customer === 'string' && CUSTOMER.test(customer)))) return undefined;
  const request = plainRequest(value.request);
  const response = plainResponse(value.response);
  if (!request || !response) return undefined;
  const timings = value.timings === undefined ? undefined : plainTimings(value.timings, isMilliseconds);
  const token = value.token === undefined ? undefined : plainToken(value.token);
  const bodyTruncated = value.bodyTruncated === undefined ? undefined : plainBodyTruncated(value.bodyTruncated);
  if (timings === null || token === null || bodyTruncated === null) return undefined;
  // Filled in the schema's order, the optional fields only where present.
  const record = {} as ExchangeLogRecord;
  if (source !== undefined) record.source = source;
  if (index !== undefined) record.index = index;
  record.startedAt = startedAt;
  record.durationMs = durationMs;
  record.request = request;
  record.response = response;
  if (timings) record.timings = timings;
  if (customer !== undefined) record.customer = customer;
  if (token) record.token = token;
  if (proxyFailure !== undefined) record.proxyFailure = proxyFailure;
  if (bodyTruncated) record.bodyTruncated = bodyTruncated;
  return record;
}

const CUSTOMER = /^customer:[0-9a-f]{16}$/;

const isMilliseconds = (value: unknown): value is number => isNumber(value) && value >= 0;
/** zod's integer: a safe one. */
const isIntegerFrom = (value: unknown, min: number): value is number => Number.isSafeInteger(value) && (value as number) >= min;

function plainRequest(value: unknown): ExchangeLogRecord['request'] | undefined {
  if (!isPlainObject(value)) return undefined;
  const { method, url, httpVersion, bodyText, bodyBase64, bodyMimeType } = value;
  const headers = plainHeaders(value.headers);
  if (typeof method !== 'string' || method === '' || typeof url !== 'string' || url === '' || typeof httpVersion !== 'string' || !headers) return undefined;
  // Bytes in base64 are rare: the schema checks and decodes them.
  if (bodyBase64 !== undefined || !isOptionalString(bodyText) || !isOptionalString(bodyMimeType)) return undefined;
  const request: ExchangeLogRecord['request'] = { method, url, httpVersion, headers };
  if (bodyText !== undefined) request.bodyText = bodyText;
  if (bodyMimeType !== undefined) request.bodyMimeType = bodyMimeType;
  return request;
}

function plainResponse(value: unknown): ExchangeLogRecord['response'] | undefined {
  if (!isPlainObject(value)) return undefined;
  const { status, statusText, httpVersion, mimeType, bodySize, bodyText, bodyBase64 } = value;
  const headers = plainHeaders(value.headers);
  if (!isIntegerFrom(status, 0) || status > 999 || typeof statusText !== 'string' || typeof httpVersion !== 'string' || !headers || typeof mimeType !== 'string' || !isIntegerFrom(bodySize, -1)) return undefined;
  if (bodyBase64 !== undefined || !isOptionalString(bodyText)) return undefined;
  const response: ExchangeLogRecord['response'] = { status, statusText, httpVersion, headers, mimeType, bodySize };
  if (bodyText !== undefined) response.bodyText = bodyText;
  return response;
}



function plainToken(value: unknown): NonNullable<ExchangeLogRecord['token']> | null {
  if (!isPlainObject(value)) return null;
  const { jwtShaped, echoedInAnswer } = value;
  return typeof jwtShaped === 'boolean' && typeof echoedInAnswer === 'boolean' ? { jwtShaped, echoedInAnswer } : null;
}

function plainBodyTruncated(value: unknown): NonNullable<ExchangeLogRecord['bodyTruncated']> | null {
  if (!isPlainObject(value)) return null;
  const { request, response } = value;
  if ((request !== undefined && request !== true) || (response !== undefined && response !== true)) return null;
  return { ...(request && { request }), ...(response && { response }) };
}
