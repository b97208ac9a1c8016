import { healthResponseSchema, INTERFACE_VERSION, rootResponseSchema } from '../../spec/contract/meta.js';
import type { ExchangeView } from '../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../judge/judge.js';
import type { Ledger } from '../judge/ledger.js';
import { answerLinks, answerMayHoldLinks } from '../judge/handed-out-links.js';
import { plainOrigin } from '../judge/plain-urls.js';
import { answeredOnItsMerits, isLoopbackHost, refusedAsInvalidRequestTarget } from './answer-kinds.js';

const isRoot = (x: ExchangeView) => x.method === 'GET' && x.apiPath === '/';
/** Made once: a schema made per answer is compiled again per answer. */
const healthWithoutTimestamp = healthResponseSchema.omit({ timestamp: true });
const isHealth = (x: ExchangeView) => x.method === 'GET' && x.apiPath === '/health';

/** The public meta endpoints, the media type of answers and the scheme (META-1 to META-14). */
export function metaJudge({ links }: JudgeContext): Judge {
  const origins = new RequestOrigins();
  const linkOrigins = new Origins();
  return {
    rules: ['META-1', 'META-2', 'META-3', 'META-4', 'META-5', 'META-6', 'META-7', 'META-9', 'META-10', 'META-11', 'META-12', 'META-13', 'META-14'],
    see(x, ledger) {
      if (x.apiPath === undefined) return;
      // A handed-out link (a picture, a document) may lie under /api/v2 and is a file, not an answer of the API.
      const fetchesLink = links.fetches(x);
      if (isRoot(x)) publicRead(x, ledger, { status: 'META-1', shape: 'META-2', version: 'META-3' }, (body) => rootResponseSchema.safeParse(body).success);
      if (isHealth(x)) {
        publicRead(x, ledger, { status: 'META-4', shape: 'META-5', version: 'META-7' }, (body) => {
          const { timestamp: _judgedUnderMeta6, ...rest } = (body ?? {}) as Record<string, unknown>;
          return healthWithoutTimestamp.safeParse(rest).success && body !== null && typeof body === 'object' && 'timestamp' in body;
        });
        const body = x.responseJson as { timestamp?: unknown } | undefined;
        // "`timestamp: date-time`" (FREE-META-4: any offset, any moment); a missing one is META-5's "(all required)".
        if (x.status === 200 && x.responseBodyRecorded && body !== null && typeof body === 'object' && 'timestamp' in body) {
          ledger.judge('META-6', x, healthResponseSchema.shape.timestamp.safeParse(body.timestamp).success, () => 'GET /health `timestamp` is not a date-time');
        }
      }
      if (x.method === 'OPTIONS') options(x, ledger);
      if (!fetchesLink) mediaType(x, ledger);
      scheme(x, origins.of(x), linkSchemes(x, linkOrigins), ledger);
      // "the path prefix is `/api/v2`": the public reads answer there.
      if ((isRoot(x) || isHealth(x)) && answeredOnItsMerits(x)) ledger.judge('META-14', x, x.status !== 404, () => `GET ${x.apiPath} under /api/v2 answered 404`);
      prefixKept(x, ledger);
    },
  };
}

function publicRead(x: ExchangeView, ledger: Ledger, rules: { status: string; shape: string; version: string }, shapeHolds: (body: unknown) => boolean): void {
  if (!answeredOnItsMerits(x)) return;
  ledger.judge(rules.status, x, x.status === 200, () => `GET ${x.apiPath} answered ${x.status}, not 200`);
  if (x.status !== 200 || !x.responseBodyRecorded) return;
  const body = x.responseJson;
  ledger.judge(rules.shape, x, shapeHolds(body), () => `GET ${x.apiPath} answered a body without the members the endpoint table requires`);
  ledger.judge(rules.version, x, (body as { version?: unknown } | undefined)?.version === INTERFACE_VERSION, () => `GET ${x.apiPath} \`version\` is not "${INTERFACE_VERSION}"`);
}

function options(x: ExchangeView, ledger: Ledger): void {
  if (!answeredOnItsMerits(x)) return;
  // "OPTIONS | any API path | public | none | HTTP 204, no content; no general CORS grant"
  ledger.judge('META-9', x, x.status === 204, () => `OPTIONS ${x.apiPath} answered ${x.status}, not 204`);
  // "no content" holds whatever the status: a 200 with a body breaks both halves of the row.
  if (x.responseBodyRecorded) ledger.judge('META-10', x, !x.hasResponseBody, () => `an OPTIONS answer (${x.status}) carried content`);
  const allowOrigin = x.responseHeader('access-control-allow-origin');
  ledger.judge('META-11', x, allowOrigin?.trim() !== '*', () => 'an OPTIONS answer granted `Access-Control-Allow-Origin: *`');
}

/**
 * "the path prefix is `/api/v2`": a redirect of a request under it to a path outside it moves the
 * interface away (one within the prefix, a trailing slash, is left alone).
 */
function prefixKept(x: ExchangeView, ledger: Ledger): void {
  if (x.status < 300 || x.status > 399) return;
  const location = x.responseHeader('location');
  if (location === undefined) return;
  const target = parsedAgainst(location, x.exchange.request.url);
  if (target === undefined) return;
  ledger.judge('META-14', x, /^\/api\/v2(\/|$)/.test(target.pathname), () => `${x.method} ${x.apiPath} under /api/v2 answered ${x.status} to ${target.pathname.slice(0, 60)}, outside the prefix`);
}

/** "All requests and responses are JSON": an answer with a body names application/json. */
function mediaType(x: ExchangeView, ledger: Ledger): void {
  if (!answeredOnItsMerits(x) || !x.responseBodyRecorded || refusedAsInvalidRequestTarget(x)) return;
  if (!x.hasResponseBody) return;
  const type = x.responseHeader('content-type') ?? '';
  ledger.judge('META-12', x, /^application\/json\s*(;|$)/i.test(type.trim()), () => `an answer with a body has Content-Type "${type.slice(0, 80)}", not application/json`);
}

/** "Only HTTPS is used": the request URL and every link an answer hands out; plain http to a loopback host is waived. */
function scheme(x: ExchangeView, request: Origin | undefined, links: LinkSchemes, ledger: Ledger): void {
  // Judged unless every URL is waived; nearly every exchange has its request URL alone, so no list is built unless one is plain http.
  const requestJudged = request !== undefined && !request.waived;
  if (!requestJudged && !links.judged) return;
  let plain = requestJudged && request.protocol === 'http:' ? [x.exchange.request.url] : undefined;
  if (links.plain !== undefined) plain = plain === undefined ? links.plain : plain.concat(links.plain);
  ledger.judge('META-13', x, plain === undefined, () => `plain http: ${(plain ?? []).map((text) => new URL(text).origin).join(', ')}`);
}

/** What the scheme rule reads of a URL. */
interface Origin {
  protocol: string;
  waived: boolean;
}

/**
 * URLs' schemes and hosts, read from their text where that shows them, and once per run of URLs
 * of one authority: an observation's requests go to one or a few, and the links its answers hand
 * out lie on one or a few; a URL that starts with the authority read last, followed by the
 * character that ends an authority, has the scheme and host that one had.
 */
class Origins {
  #authority: string | undefined;
  #origin: Origin | undefined;

  /** Undefined where the text may parse otherwise or not at all: the URL parser tells (`originOf`). */
  plain(url: string): Origin | undefined {
    const authority = this.#authority;
    if (authority !== undefined && url.startsWith(authority) && endsAuthority(url, authority.length)) return this.#origin;
    const plain = plainOrigin(url);
    if (plain === undefined) return undefined;
    let end = url.indexOf('://') + 3;
    while (!endsAuthority(url, end)) end++;
    this.#authority = url.slice(0, end);
    this.#origin = { protocol: plain.protocol, waived: waived(plain) };
    return this.#origin;
  }
}

/** What the scheme rule reads of a URL the parser gave; undefined for one that does not parse. */
const originOf = (url: URL | undefined): Origin | undefined => url && { protocol: url.protocol, waived: waived(url) };

/** The request URLs' schemes and hosts: parsed only where their text does not show them. */
class RequestOrigins {
  readonly #origins = new Origins();

  of(x: ExchangeView): Origin | undefined {
    return this.#origins.plain(x.exchange.request.url) ?? originOf(x.url);
  }
}

/** Whether the authority of `url` ends at `at`: the path, the query or the fragment begins, or the URL ends. */
function endsAuthority(url: string, at: number): boolean {
  const c = url[at];
  return c === undefined || c === '/' || c === '?' || c === '#';
}

/** Plain http to a loopback host. */
const waived = (url: { protocol: string; hostname: string }) => url.protocol === 'http:' && isLoopbackHost(url.hostname);

/** What the scheme rule reads of an answer's absolute links that parse: whether any is not waived, and the texts of those in plain http. */
interface LinkSchemes {
  judged: boolean;
  plain?: string[];
}

/** No link judged, or none in plain http, as nearly every answer's: one object for each. */
const NO_LINK_JUDGED: LinkSchemes = Object.freeze({ judged: false });
const NO_PLAIN_LINK: LinkSchemes = Object.freeze({ judged: true });

/** What the scheme rule reads of the answer's absolute links, their schemes and hosts read by `origins`. */
function linkSchemes(x: ExchangeView, origins: Origins): LinkSchemes {
  // An answer is spared parsing where its text shows no member that holds links: a flood's 429s need not be parsed at all.
  if (!answerMayHoldLinks(x)) return NO_LINK_JUDGED;
  let judged = false;
  let plain: string[] | undefined;
  for (const text of answerLinks(x.responseJson, isAbsolute)) {
    const origin = origins.plain(text) ?? originOf(parsed(text));
    if (origin === undefined || origin.waived) continue;
    judged = true;
    if (origin.protocol === 'http:') (plain ??= []).push(text);
  }
  if (plain !== undefined) return { judged, plain };
  return judged ? NO_PLAIN_LINK : NO_LINK_JUDGED;
}

/** A relative picture URL has no scheme of its own: it takes the request's. */
const isAbsolute = (candidate: unknown): candidate is string => typeof candidate === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(candidate);

function parsed(url: string): URL | undefined {
  return parsedAgainst(url);
}

function parsedAgainst(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}
