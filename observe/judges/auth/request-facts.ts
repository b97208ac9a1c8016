import { ENDPOINTS, hasJsonBody, MAX_BODY_BYTES, type Endpoint, type EndpointId } from '../../../spec/endpoints.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { detailsType } from '../answer-kinds.js';
import { isPlainObject } from '../../json-value.js';

const mediaTypeOfFact = fact(mediaTypeOf);
const readWriteBodyFact = fact(readWriteBody);
const parseWriteBodyFact = fact(parseWriteBody);
const authorizationValuesFact = fact(authorizationValues);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

const isJsonWrite = (endpoint: Endpoint) => WRITE_METHODS.has(endpoint.method) && hasJsonBody(endpoint);

/** The ids of the rows `jsonWriteEndpoint` finds. */
export const JSON_WRITE_ENDPOINTS: readonly EndpointId[] = ENDPOINTS.filter(isJsonWrite).map((e) => e.id);

/** The endpoint row of a write that takes a JSON body ("Write bodies need `Content-Type: application/json` and at most 65536 bytes"). */
export function jsonWriteEndpoint(x: ExchangeView): Endpoint | undefined {
  const endpoint = x.endpoint;
  return endpoint !== undefined && isJsonWrite(endpoint) ? endpoint : undefined;
}

/**
 * The request's media type as the body rules read it: `json` is application/json bare or with a
 * UTF-8 charset (the reading every check shares); `not-json` a type that is plainly something else;
 * `missing` no Content-Type. Other parameters, `+json` types and repeated headers are `doubtful`:
 * whether they are "application/json" the spec does not say.
 */
export type MediaType = 'json' | 'not-json' | 'missing' | 'doubtful';

export function requestMediaType(x: ExchangeView): MediaType {
  return x.derived(mediaTypeOfFact);
}

function mediaTypeOf(x: ExchangeView): MediaType {
  const values = x.requestHeaders('content-type');
  if (values.length > 1) return 'doubtful';
  const value = values[0];
  // A recorder that names a body type without the header saw something the headers do not show.
  if (value === undefined) return x.exchange.request.bodyMimeType ? 'doubtful' : 'missing';
  // As nearly every client sends it: known without taking it apart.
  if (value === 'application/json') return 'json';
  const [type = '', ...parameters] = value.split(';').map((part) => part.trim().toLowerCase());
  if (type === 'application/json') return parameters.every((p) => p === '' || /^charset="?utf-?8"?$/.test(p)) ? 'json' : 'doubtful';
  return type === '' || type.includes('json') ? 'doubtful' : 'not-json';
}

/** A write body as far as the recording shows it exactly: its bytes, and its text when it is UTF-8. */
export interface WriteBody {
  bytes: number;
  /** Absent when the recording holds only the declared length, or bytes that are no UTF-8. */
  text?: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body the target received, when the recording shows it exactly: not compressed, and its
 * recorded bytes agreeing with a declared Content-Length (a recorder that cuts a body, or a token
 * replaced inside it, makes them disagree). Undefined when it cannot be known.
 */
export function writeBodyOf(x: ExchangeView): WriteBody | undefined {
  return x.derived(readWriteBodyFact);
}

function readWriteBody(x: ExchangeView): WriteBody | undefined {
  if (x.requestHeader('content-encoding') !== undefined) return undefined;
  const request = x.exchange.request;
  const declaredHeader = x.requestHeader('content-length');
  const declared = declaredHeader !== undefined && /^\d+$/.test(declaredHeader.trim()) ? Number(declaredHeader.trim()) : undefined;
  const { bodyText, bodyBinary } = request;
  if (bodyBinary !== undefined) {
    if (declared !== undefined && declared !== bodyBinary.length) return undefined;
    try {
      return { bytes: bodyBinary.length, text: bodyText ?? utf8.decode(bodyBinary) };
    } catch {
      return { bytes: bodyBinary.length };
    }
  }
  if (bodyText !== undefined) {
    const bytes = Buffer.byteLength(bodyText);
    return declared !== undefined && declared !== bytes ? undefined : { bytes, text: bodyText };
  }
  if (declared !== undefined && x.requestHeader('transfer-encoding') === undefined) return declared === 0 ? { bytes: 0, text: '' } : { bytes: declared };
  return undefined;
}

/** Within "at most 65536 bytes". */
export function withinBodyLimit(body: WriteBody): boolean {
  return body.bytes <= MAX_BODY_BYTES;
}

/**
 * The body's JSON value: `malformed` only for text that is JSON by no reading (a BOM, or a body of
 * whitespace only, which may be read as an omitted body, are `doubtful`).
 */
export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'malformed' } | { kind: 'doubtful' };

/** The JSON value of the body `writeBodyOf` shows; `doubtful` where it shows none. */
export function parsedBody(x: ExchangeView): ParsedBody {
  return x.derived(parseWriteBodyFact);
}

function parseWriteBody(x: ExchangeView): ParsedBody {
  const text = writeBodyOf(x)?.text;
  if (text === undefined || text.trim() === '' || text.startsWith('\uFEFF')) return { kind: 'doubtful' };
  // The view has parsed the same text for the judges that read the request's JSON.
  const read = text === x.exchange.request.bodyText ? x.requestBody : undefined;
  if (read?.kind === 'json') return read;
  if (read?.kind === 'not-json') return { kind: 'malformed' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'malformed' };
  }
}

/** FREE-ERR-8: a request-target that is no valid URI may be refused by the HTTP layer before the API sees it. */
export function undecodableTarget(x: ExchangeView): boolean {
  try {
    decodeURIComponent(x.apiPath ?? '');
    decodeURIComponent(x.rawQuery);
    return false;
  } catch {
    return true;
  }
}

/** Whether the answer is the API's error envelope in form (its member values are other rules'). */
export function hasEnvelope(x: ExchangeView): boolean {
  const body = x.responseJson;
  return isPlainObject(body) && 'status' in body && 'error' in body && isPlainObject(body.details);
}

/** An answer of the HTTP layer in front of the API (FREE-ERR-8): a 400 without the envelope to a target that is no valid URI. */
export function refusedBeforeTheApi(x: ExchangeView): boolean {
  return x.status === 400 && undecodableTarget(x) && !hasEnvelope(x);
}

/** The envelope's `details` object, when the answer has one. */
export function envelopeDetails(x: ExchangeView): Record<string, unknown> | undefined {
  const body = x.responseJson;
  return isPlainObject(body) && isPlainObject(body.details) ? body.details : undefined;
}

/**
 * Whether an error answer's body can be read: HEAD has none, and a recording may leave it out, or
 * keep it empty while the answer's size or Content-Length shows there was one.
 */
export function errorBodyReadable(x: ExchangeView): boolean {
  if (x.method === 'HEAD' || !x.responseBodyRecorded) return false;
  if (x.hasResponseBody) return true;
  const declared = Number(x.responseHeader('content-length') ?? 0);
  return !(x.exchange.response.bodySize > 0 || declared > 0);
}

/**
 * Whether the answer's `details.type` is `type` where it gives one: a body that cannot be read, or
 * an envelope without a type (ERR-1's and ERR-5's to fail), leaves only the status to judge.
 */
export function typeWhereGiven(x: ExchangeView, type: string): boolean {
  const given = errorBodyReadable(x) ? detailsType(x) : undefined;
  return given === undefined || given === type;
}

/** The answer's status and `details.type`, for messages. */
export function answerShown(x: ExchangeView): string {
  const type = detailsType(x);
  return type === undefined ? `HTTP ${x.status}` : `${x.status} ${shown(type, 30)}`;
}

/** The Authorization headers of the request, as sent (their credentials hashed). */
export function authorizationHeaders(x: ExchangeView): readonly string[] {
  return x.derived(authorizationValuesFact);
}

function authorizationValues(x: ExchangeView): readonly string[] {
  return x.requestHeaders('authorization');
}

/**
 * A protected request whose Bearer token the target took: an answer only an authenticated customer
 * gets (FREE-ERR-7: 401 comes first). 400, 413 and 415 may come from a layer in front of the API,
 * 429 from the per-address limit of invalid tokens, 5xx from anything: none of them tells.
 */
export function admitsItsToken(x: ExchangeView): boolean {
  const status = x.status;
  if (!((status >= 200 && status < 300) || status === 403 || status === 404 || status === 422)) return false;
  return x.customer !== undefined && x.isProtected && authorizationHeaders(x).length === 1;
}

/** A value for a message, cut short: bodies may be long. */
export function shown(value: unknown, max = 60): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
