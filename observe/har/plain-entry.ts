import { recordedStart, type HarEntry } from './har-schema.js';
import { isPlainObject } from '../json-value.js';
import { isNumber, isOptionalString, plainHeaders, plainTimings } from '../plain-fields.js';

/**
 * An entry of the usual shape checked by hand: what `harEntrySchema` gives for it, the same fields
 * in the same order, or undefined for anything else (a field missing, of another type, out of
 * range), which the schema then reads to give the entry or its first issue. zod takes every field
 * through closures and issue lists, at a good part of what parsing the entry's JSON costs, and
 * nearly every entry of a recording has the usual shape.
 *
 * `value` is what JSON.parse gave: no field holds `undefined`, so a field that does is absent.
 */
export function plainHarEntry(value: unknown): HarEntry | undefined {
  if (!isPlainObject(value)) return undefined;
  const { _fromCache, time } = value;
  if (_fromCache !== undefined && typeof _fromCache !== 'string') return undefined;
  const startedDateTime = typeof value.startedDateTime === 'string' ? recordedStart(value.startedDateTime) : undefined;
  if (startedDateTime === undefined || !isNumber(time) || time < 0) return undefined;
  const request = plainRequest(value.request);
  const response = plainResponse(value.response);
  if (!request || !response) return undefined;
  const timings = value.timings === undefined ? undefined : plainTimings(value.timings, isNumber);
  if (timings === null) return undefined;
  const entry: HarEntry = _fromCache === undefined ? { startedDateTime, time, request, response } : { _fromCache, startedDateTime, time, request, response };
  if (timings) entry.timings = timings;
  return entry;
}

/** A field with a default: the default when absent, null when of another type. */
const stringOr = (value: unknown, absent: string): string | null => (value === undefined ? absent : typeof value === 'string' ? value : null);
const isEncoding = (value: unknown): value is 'base64' | '' | undefined => value === undefined || value === 'base64' || value === '';

function plainRequest(value: unknown): HarEntry['request'] | undefined {
  if (!isPlainObject(value)) return undefined;
  const { method, url, postData } = value;
  const httpVersion = stringOr(value.httpVersion, '');
  const headers = plainHeaders(value.headers);
  if (typeof method !== 'string' || method === '' || typeof url !== 'string' || url === '' || httpVersion === null || !headers) return undefined;
  const request: HarEntry['request'] = { method, url, httpVersion, headers, bodySize: knownSize(value.bodySize) };
  if (postData !== undefined) {
    if (!isPlainObject(postData)) return undefined;
    const { mimeType, text, encoding, _file: file } = postData;
    if (!isOptionalString(mimeType) || !isOptionalString(text) || !isEncoding(encoding) || !isOptionalString(file)) return undefined;
    // Member by member rather than by spreads of optional members, as every entry with a body passes here.
    const data: NonNullable<HarEntry['request']['postData']> = {};
    if (mimeType !== undefined) data.mimeType = mimeType;
    if (text !== undefined) data.text = text;
    if (encoding !== undefined) data.encoding = encoding;
    if (file !== undefined) data._file = file;
    request.postData = data;
  }
  return request;
}

function plainResponse(value: unknown): HarEntry['response'] | undefined {
  if (!isPlainObject(value)) return undefined;
  const { status, content } = value;
  const statusText = stringOr(value.statusText, '');
  const httpVersion = stringOr(value.httpVersion, '');
  const headers = plainHeaders(value.headers);
  const bodySize = value.bodySize === undefined ? -1 : value.bodySize;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < -1 || status > 999 || statusText === null || httpVersion === null || !headers || !isNumber(bodySize)) return undefined;
  if (!isPlainObject(content)) return undefined;
  const { text, encoding, _file: file } = content;
  const mimeType = stringOr(content.mimeType, '');
  if (mimeType === null || !isOptionalString(text) || !isEncoding(encoding) || !isOptionalString(file)) return undefined;
  // Member by member, as the request's body.
  const plainContent: HarEntry['response']['content'] = { size: knownSize(content.size), mimeType };
  if (text !== undefined) plainContent.text = text;
  if (encoding !== undefined) plainContent.encoding = encoding;
  if (file !== undefined) plainContent._file = file;
  return { status, statusText, httpVersion, headers, content: plainContent, bodySize };
}

/** A size as the schema reads one: a number, else unknown (-1). */
function knownSize(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : -1;
}
