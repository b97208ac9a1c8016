import { isUtf8 } from 'node:buffer';
import { ENDPOINTS, isProtected, pathParameters, pathPattern, type Endpoint, type PathParameter } from '../../spec/endpoints.js';
import { PATH_PREFIX } from '../../spec/contract/meta.js';
import type { HeaderField, ObservedExchange, ObservedResponse } from '../exchange.js';

/** A body as the judges read it: JSON where it parses, else what it is. */
export type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'not-json'; text: string } | { kind: 'binary'; bytes: number } | { kind: 'truncated' };

const NONE: Body = Object.freeze({ kind: 'none' });
/** A body the recorder cut at its cap: nothing of its content is the target's answer as a whole. */
const TRUNCATED: Body = Object.freeze({ kind: 'truncated' });

const PATTERNS = ENDPOINTS.filter((e) => e.path !== '*').map((e) => ({ endpoint: e, pattern: pathPattern(e), parameters: pathParameters(e) }));

/**
 * One exchange as every judge reads it: the API path under `/api/v2`, the endpoint row it matches,
 * the parsed bodies and the header lookups, each worked out once on first use (most judges look at
 * few exchanges, and every judge at the same few facts).
 */
export class ExchangeView {
  /** The exchange as recorded while it is judged; from `judged` on, what a failure keeps of it (`provingExchange`). */
  #x: ObservedExchange;
  #proving: ObservedExchange | undefined;
  readonly #method: string;
  #api: { path: string; rawQuery: string } | null | undefined;
  #query: URLSearchParams | undefined;
  #route: { endpoint?: Endpoint; params: Partial<Record<PathParameter, string>> } | undefined;
  #pathEndpoints: Endpoint[] | undefined;
  #url: URL | null | undefined;
  #requestBody: Body | undefined;
  #responseBody: Body | undefined;
  /** Each fact's value in its slot (`Fact.slot`), `UNKNOWN` until worked out. */
  #facts: unknown[] | undefined;

  /** `seq` counts the exchanges an observation has seen, so judges can tell "the next one" apart from "a later one". */
  constructor(
    exchange: ObservedExchange,
    readonly seq: number,
  ) {
    this.#x = exchange;
    this.#method = exchange.request.method.toUpperCase();
  }

  get exchange(): ObservedExchange {
    return this.#x;
  }
  get method(): string {
    return this.#method;
  }
  get status(): number {
    return this.#x.response.status;
  }
  get customer(): string | undefined {
    return this.#x.customer;
  }
  /** When the request started: the target decided on it no earlier. */
  get sentAt(): number {
    return this.#x.startedAt;
  }
  /** When the answer had arrived: the target decided on it no later. */
  get answeredAt(): number {
    return answeredAtOf(this.#x);
  }
  /** The unit of the recorded start's stamp where coarser than a millisecond (ObservedExchange.startUnitMs): both times lie up to that far off. */
  get startUnitMs(): number | undefined {
    return this.#x.startUnitMs;
  }

  /** The path below `/api/v2` (`/` for the prefix itself), as sent (not decoded); undefined for a URL outside the API. */
  get apiPath(): string | undefined {
    return this.#apiParts()?.path;
  }
  /** Shared by every judge that reads it: none may change it. */
  get query(): URLSearchParams {
    this.#query ??= new URLSearchParams(this.#apiParts()?.rawQuery ?? '');
    return this.#query;
  }
  /** The request URL parsed, undefined when it does not parse; shared by every judge that reads it: none may change it. */
  get url(): URL | undefined {
    if (this.#url === undefined) this.#url = URL.canParse(this.#x.request.url) ? new URL(this.#x.request.url) : null;
    return this.#url ?? undefined;
  }
  /** The raw query string without `?`, as sent. */
  get rawQuery(): string {
    const url = this.#x.request.url;
    const at = url.indexOf('?');
    if (at === -1) return '';
    const hash = url.indexOf('#', at);
    return url.slice(at + 1, hash === -1 ? undefined : hash);
  }

  /** The endpoint row the method and path match; undefined for OPTIONS, another method or a path no row has. */
  get endpoint(): Endpoint | undefined {
    return this.#routeParts().endpoint;
  }
  get params(): Partial<Record<PathParameter, string>> {
    return this.#routeParts().params;
  }
  /** The rows whose path matches whatever the method: a method the row lacks, or a path of none. */
  get pathEndpoints(): Endpoint[] {
    if (this.#pathEndpoints === undefined) {
      const path = this.apiPath;
      this.#pathEndpoints = path === undefined ? [] : PATTERNS.filter((p) => p.pattern.test(path)).map((p) => p.endpoint);
    }
    return this.#pathEndpoints;
  }
  /** GET /, GET /health or OPTIONS: public, not counted by the limit. */
  get isPublic(): boolean {
    if (this.apiPath === undefined) return false;
    return this.method === 'OPTIONS' || (this.endpoint !== undefined && !isProtected(this.endpoint));
  }
  /** A request to the API that needs a token (any path but the public ones, existing or not). */
  get isProtected(): boolean {
    return this.apiPath !== undefined && !this.isPublic;
  }

  requestHeader(name: string): string | undefined {
    return firstValue(this.#x.request.headers, name.toLowerCase());
  }
  /** Every value of a request header, in recorded order. */
  requestHeaders(name: string): string[] {
    return allValues(this.#x.request.headers, name.toLowerCase());
  }
  responseHeader(name: string): string | undefined {
    return firstValue(this.#x.response.headers, name.toLowerCase());
  }
  responseHeaders(name: string): string[] {
    return allValues(this.#x.response.headers, name.toLowerCase());
  }
  /** The Authorization header as sent (its credentials replaced by their hash). */
  get authorization(): string | undefined {
    return this.requestHeader('authorization');
  }
  get hasBearer(): boolean {
    return this.#x.customer !== undefined;
  }
  /** The recording dropped the requests' credentials (a sanitized HAR export): a missing Authorization header says nothing. */
  get credentialsStripped(): boolean {
    return this.#x.credentialsStripped === true;
  }

  get requestBody(): Body {
    this.#requestBody ??= this.#x.bodyTruncated?.request ? TRUNCATED : bodyOf(this.#x.request.bodyText, this.#x.request.bodyBinary);
    return this.#requestBody;
  }
  get responseBody(): Body {
    this.#responseBody ??= this.#x.bodyTruncated?.response ? TRUNCATED : answerBodyOf(this.#x.response.bodyText, this.#x.response.bodyBinary);
    return this.#responseBody;
  }
  /** The request body's JSON value; undefined when there is none or it is not JSON. */
  get requestJson(): unknown {
    const body = this.requestBody;
    return body.kind === 'json' ? body.value : undefined;
  }
  get responseJson(): unknown {
    const body = this.responseBody;
    return body.kind === 'json' ? body.value : undefined;
  }
  /** Whether `responseBody` is other than `none`, told without parsing it (most answers' bodies are never read as JSON). */
  get hasResponseBody(): boolean {
    const r = this.#x.response;
    return this.#x.bodyTruncated?.response === true || r.bodyBinary !== undefined || (r.bodyText !== undefined && r.bodyText !== '');
  }
  /** Whether the recording holds the answer's body at all (a HAR may leave it out): a judge of the body needs it. */
  get responseBodyRecorded(): boolean {
    return (this.#x.response.bodyText !== undefined || this.#x.response.bodyBinary !== undefined) && this.#x.bodyTruncated?.response === undefined;
  }
  /** Whether the recording holds the request's body or shows there was none: a judge of the body needs it. */
  get requestBodyKnown(): boolean {
    const r = this.#x.request;
    if (this.#x.bodyTruncated?.request) return false;
    if (r.bodyText !== undefined || r.bodyBinary !== undefined || !/^(POST|PUT|PATCH|DELETE)$/.test(this.method)) return true;
    // A recorder that drops a body still shows its declared length.
    const declared = this.requestHeader('content-length');
    return (declared === undefined || declared === '0') && this.requestHeader('transfer-encoding') === undefined;
  }
  /** The request body's length in bytes, when known. */
  get requestBodyBytes(): number | undefined {
    const r = this.#x.request;
    if (r.bodyBinary) return r.bodyBinary.length;
    if (r.bodyText !== undefined) return Buffer.byteLength(r.bodyText);
    const declared = this.requestHeader('content-length');
    return declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
  }

  /**
   * What `fact` makes of this exchange, worked out once however many judges ask: `fact` must depend
   * on the exchange alone (not on a judge's state), and its result is shared, so no one may change it.
   */
  derived<T>(fact: Fact<T>): T {
    let facts = this.#facts;
    if (facts === undefined) facts = this.#facts = new Array<unknown>(factCount).fill(UNKNOWN);
    else while (facts.length <= fact.slot) facts.push(UNKNOWN);
    const known = facts[fact.slot];
    if (known !== UNKNOWN) return known as T;
    const value = fact.of(this);
    facts[fact.slot] = value;
    return value;
  }

  /**
   * Called once every judge has seen the exchange: the view lets go of what was worked out for them
   * (the parsed URL and query, the parsed bodies, `derived` facts) and of what no later reading
   * needs (the answer's headers and metadata, the timings, the token's facts): from here on it
   * views `provingExchange`. Judges of sequences keep views of earlier exchanges by the thousand, as
   * proof of a failure to come, for seconds to a minute of traffic: all that each held would
   * outlive the young generation and be copied at every collection meanwhile. A fact asked later
   * is worked out again.
   */
  judged(): void {
    this.#x = this.provingExchange();
    this.#url = undefined;
    this.#query = undefined;
    this.#facts = undefined;
    this.#requestBody = undefined;
    this.#responseBody = undefined;
  }

  /**
   * What a failure keeps of this exchange (kept-exchange.ts) and its times, made once: the view's
   * own exchange once judged, and what the rate limit's timeline keeps of every request with
   * credentials without a view.
   */
  provingExchange(): ObservedExchange {
    this.#proving ??= provingExchangeOf(this.#x);
    return this.#proving;
  }

  #apiParts(): { path: string; rawQuery: string } | undefined {
    if (this.#api === undefined) this.#api = apiPathOf(this.#x.request.url) ?? null;
    return this.#api ?? undefined;
  }

  #routeParts(): { endpoint?: Endpoint; params: Partial<Record<PathParameter, string>> } {
    this.#route ??= routeOf(this.method, this.apiPath);
    return this.#route;
  }
}

/** The endpoint row the method and path match, and the path's parameters; only the parameters (none) without one. */
function routeOf(method: string, path: string | undefined): { endpoint?: Endpoint; params: Partial<Record<PathParameter, string>> } {
  if (path !== undefined) {
    for (const { endpoint, pattern, parameters } of PATTERNS) {
      if (endpoint.method !== method) continue;
      const match = pattern.exec(path);
      if (!match) continue;
      const params: Partial<Record<PathParameter, string>> = {};
      for (let i = 0; i < parameters.length; i++) params[parameters[i] as PathParameter] = match[i + 1];
      return { endpoint, params };
    }
  }
  return { params: {} };
}

/** A fact not worked out yet: `undefined` is a fact's value as any other. */
const UNKNOWN = Symbol('not worked out');

/** What `ExchangeView.derived` works out once per exchange: `of`, in a slot of its own in every view. */
export interface Fact<T> {
  readonly slot: number;
  readonly of: (x: ExchangeView) => T;
}

let factCount = 0;

/** A fact of exchanges; made once, at the top of its module (every view has a slot for each one made). */
export function fact<T>(of: (x: ExchangeView) => T): Fact<T> {
  return { slot: factCount++, of };
}

/**
 * Whether a header's name is `lower` (an ASCII name in lower case) in any case. A message has a
 * few headers and an exchange's are looked up a few times, so a lookup walks them, and lowers only
 * names of its length: a name that lowers to an ASCII name has that name's length (the one
 * character that lowers to two, U+0130, lowers to one that is not ASCII).
 */
function named(header: HeaderField, lower: string): boolean {
  return header.name.length === lower.length && header.name.toLowerCase() === lower;
}

function firstValue(headers: readonly HeaderField[], lower: string): string | undefined {
  for (const header of headers) if (named(header, lower)) return header.value;
  return undefined;
}

function allValues(headers: readonly HeaderField[], lower: string): string[] {
  const values: string[] = [];
  for (const header of headers) if (named(header, lower)) values.push(header.value);
  return values;
}

/**
 * The path below the first `/api/v2` segment of the URL's path, and its query; a base address may
 * sit below a path of its own (`https://host/tenant/api/v2`).
 */
export function apiPartsOf(url: string): { path: string; query: URLSearchParams } | undefined {
  const parts = apiPathOf(url);
  return parts && { path: parts.path, query: new URLSearchParams(parts.rawQuery) };
}

/** As `apiPartsOf`, the query left as sent (without `?` and fragment): most exchanges' query is never read. */
function apiPathOf(url: string): { path: string; rawQuery: string } | undefined {
  const schemeEnd = url.indexOf('://');
  const pathStart = schemeEnd === -1 ? url.indexOf('/') : url.indexOf('/', schemeEnd + 3);
  if (pathStart === -1) return undefined;
  const rest = url.slice(pathStart);
  const queryAt = rest.search(/[?#]/);
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const at = path.indexOf(PATH_PREFIX);
  if (at === -1) return undefined;
  const after = path.slice(at + PATH_PREFIX.length);
  if (after !== '' && !after.startsWith('/')) return undefined;
  const rawQuery = queryAt !== -1 && rest[queryAt] === '?' ? (rest.slice(queryAt + 1).split('#')[0] as string) : '';
  return { path: after === '' ? '/' : after, rawQuery };
}

/** The characters a JSON text may start with after its leading whitespace: any other text is no JSON, known without a throw. */
const JSON_START = /^[\t\n\r ]*[{["\-0-9tfn]/;
const BYTE_ORDER_MARK = 0xfeff;

/**
 * An answer's body, read as the active checks read one: bytes the recorder kept as such (the proxy
 * for a type it does not take for text, recorded-body.ts) as their UTF-8 text, whatever the
 * Content-Type names (a target that labels a well-formed answer wrongly breaks META-12 alone), and
 * a text past a leading byte order mark, which their UTF-8 decoding drops (RFC 8259 8.1 lets a
 * parser ignore one). Where that reading is no JSON, the body is what it was recorded as.
 */
function answerBodyOf(text: string | undefined, binary: Buffer | undefined): Body {
  const asRead = binary ? (isUtf8(binary) ? binary.toString('utf8') : undefined) : text?.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : undefined;
  if (asRead !== undefined) {
    const read = bodyOf(asRead, undefined);
    if (read.kind === 'json') return read;
  }
  return bodyOf(text, binary);
}

function bodyOf(text: string | undefined, binary: Buffer | undefined): Body {
  if (binary) return { kind: 'binary', bytes: binary.length };
  if (text === undefined || text === '') return NONE;
  if (!JSON_START.test(text)) return { kind: 'not-json', text };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'not-json', text };
  }
}

/** What a failure keeps of `x` (ExchangeView.provingExchange). */
function provingExchangeOf(x: ObservedExchange): ObservedExchange {
  const r = x.response;
  const response: ObservedResponse = { status: r.status, statusText: '', httpVersion: '', headers: [], mimeType: '', bodySize: r.bodySize };
  if (r.bodyText !== undefined) response.bodyText = r.bodyText;
  if (r.bodyBinary !== undefined) response.bodyBinary = r.bodyBinary;
  const kept: ObservedExchange = { source: x.source, index: x.index, startedAt: x.startedAt, durationMs: x.durationMs, request: x.request, response };
  if (x.startUnitMs !== undefined) kept.startUnitMs = x.startUnitMs;
  if (x.customer !== undefined) kept.customer = x.customer;
  if (x.credentialsStripped !== undefined) kept.credentialsStripped = x.credentialsStripped;
  if (x.bodyTruncated !== undefined) kept.bodyTruncated = x.bodyTruncated;
  return kept;
}

/** When the exchange's answer had arrived: its start and its duration, a negative one (unknown) taken as none. */
export function answeredAtOf(x: ObservedExchange): number {
  return x.startedAt + Math.max(0, x.durationMs);
}
