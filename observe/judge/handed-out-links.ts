import { ENDPOINTS } from '../../spec/endpoints.js';
import { PATH_PREFIX } from '../../spec/contract/meta.js';
import { BoundedMap } from './bounded-map.js';
import { fact, apiPartsOf, type ExchangeView } from './exchange-view.js';
import { plainPathname } from './plain-urls.js';
import { isPlainObject } from '../json-value.js';

const handedOutPlacesFact = fact(handedOutPlaces);
const mayHoldLinksFact = fact(mayHoldLinks);
const requestPlaceFact = fact(requestPlace);

/** Links and link areas remembered per observation: a day of a busy proxy's documents and pictures. */
const REMEMBERED_LINKS = 20_000;

/** The first path segments of the table's endpoints: an area named so is the API's own. */
const TABLE_SEGMENTS = new Set(ENDPOINTS.map((e) => e.path.split('/')[1] ?? ''));

/** A link's place under the API prefix. */
interface Place {
  /** Its origin and path: a fetch of the link, whatever its query. */
  path: string;
  /** Its path alone. */
  pathname: string;
  /** The area its first segment below the prefix names (with the origin), unless the table uses that segment. */
  area?: { key: string; segment: string };
}

const NO_PLACES: readonly Place[] = Object.freeze([]);

/**
 * The links the spec's answers hand out: the report page, a document's links, picture URLs, in
 * that order; those `keep` takes (here: whose text may name a path under the prefix, meta.ts: the
 * absolute ones). LINK_MEMBERS names the same members.
 */
export function answerLinks(body: unknown, keep: (link: unknown) => link is string): string[] {
  if (!isPlainObject(body)) return [];
  const header = isPlainObject(body.projektHeader) ? body.projektHeader : {};
  const file = isPlainObject(body.file) ? body.file : {};
  const pictures = Array.isArray(body.pictures) ? (body.pictures as unknown[]) : [];
  const links: string[] = [];
  for (const link of [header.link, body.linkToDocument, file.url, file.viewerUrl]) if (keep(link)) links.push(link);
  for (const picture of pictures) if (isPlainObject(picture) && keep(picture.url)) links.push(picture.url);
  return links;
}

/**
 * Whether the answer's body may hold a member that holds links (`answerLinks`): in a JSON text
 * without escapes, every member name is written as it is. Most answers have none, and their bodies
 * are then never parsed for links. Worked out once per exchange for every judge that asks.
 */
export function answerMayHoldLinks(x: ExchangeView): boolean {
  return x.derived(mayHoldLinksFact);
}

const LINK_MEMBERS = /"(?:link|linkToDocument|url|viewerUrl)"/;

function mayHoldLinks(x: ExchangeView): boolean {
  const text = x.exchange.response.bodyText;
  return text !== undefined && (text.includes('\\') || LINK_MEMBERS.test(text));
}

/** The URL parser drops tabs and line breaks and adds no letters: a link whose text has neither `api` nor one of those names no path under the prefix. */
function mayLieUnderTheApi(link: unknown): link is string {
  return typeof link === 'string' && (link.includes('api') || /[\t\n\r]/.test(link));
}

/** The link's place under the API prefix, undefined for a URL outside it. */
function placeOf(url: URL): Place | undefined {
  const api = apiPartsOf(url.href);
  if (api === undefined) return undefined;
  const segment = firstSegment(api.path);
  return { path: `${url.origin}${url.pathname}`, pathname: url.pathname, ...(!TABLE_SEGMENTS.has(segment) && { area: { key: `${url.origin} ${segment}`, segment } }) };
}

const firstSegment = (apiPath: string) => apiPath.split('/')[1] ?? '';

/** The places of the links a successful answer of the API hands out (the judges keeping links each ask: worked out once per exchange). */
function handedOutPlaces(x: ExchangeView): readonly Place[] {
  if (x.apiPath === undefined || x.status < 200 || x.status >= 300) return NO_PLACES;
  const links = answerMayHoldLinks(x) ? answerLinks(x.responseJson, mayLieUnderTheApi) : [];
  const url = links.length === 0 ? undefined : x.url;
  if (url === undefined) return NO_PLACES;
  const origin = `${url.origin}/`;
  const places: Place[] = [];
  for (const link of links) {
    const place = URL.canParse(link, origin) ? placeOf(new URL(link, origin)) : undefined;
    if (place !== undefined) places.push(place);
  }
  return places;
}

function requestPlace(x: ExchangeView): Place | undefined {
  const url = x.url;
  return url === undefined ? undefined : placeOf(url);
}

/** The first segment below the prefix of a path, as `apiPartsOf` reads the prefix; undefined for a path outside it. */
function segmentBelowPrefix(pathname: string): string | undefined {
  const at = pathname.indexOf(PATH_PREFIX);
  if (at === -1) return undefined;
  const below = pathname.slice(at + PATH_PREFIX.length);
  return below === '' || below.startsWith('/') ? firstSegment(below) : undefined;
}

/**
 * A successful answer of an endpoint with a body the recording does not hold (HEAD and 204 have
 * none). A file fetched at a path of no endpoint (a picture a proxy's cap cut, say) hands out no link.
 */
function answeredUnseen(x: ExchangeView): boolean {
  return x.endpoint !== undefined && x.status >= 200 && x.status < 300 && x.status !== 204 && x.method !== 'HEAD' && !x.responseBodyRecorded;
}

/** The kinds of file the interface hands out links to: pictures and documents. */
const FILE_TYPE = /^\s*(?:image\/[\w.+-]+|application\/pdf)\s*(?:;|$)/i;

/**
 * A picture or a document served at a path of no endpoint: the fetch of a link whose handing out
 * the recording does not hold (a HAR begun after the list that handed it out, one saved without
 * bodies, a list the browser served from its cache, links handed out before the proxy started),
 * not an answer of the API, since links may lie anywhere under the site.
 */
function unlistedFile(x: ExchangeView): boolean {
  // A path an endpoint's row matches is known to match one without trying every row's path (`pathEndpoints`), and most answers are no file.
  return (x.method === 'GET' || x.method === 'HEAD') && x.status >= 200 && x.status < 300 && x.endpoint === undefined && FILE_TYPE.test(x.responseHeader('content-type') ?? '') && x.pathEndpoints.length === 0;
}

/**
 * The signed links the interface hands out are the target's own URLs, authorised by their
 * signature, and may lie anywhere under the site, `/api/v2` included ("may be relative and then
 * resolves against the server origin"): a fetch of one, or of another file of the area they lie
 * in (a link altered to probe its signature), is no request of the API's endpoints, and neither
 * needs a token nor answers with the error envelope.
 */
export class HandedOutLinks {
  readonly #places = new BoundedMap<string, true>(REMEMBERED_LINKS);
  /**
   * The paths and area segments of the places, each written with its place: every place kept has
   * its path and segment kept, so a request whose path and segment are of none fetches no link,
   * known without parsing its URL.
   */
  readonly #pathnames = new BoundedMap<string, true>(REMEMBERED_LINKS);
  readonly #segments = new BoundedMap<string, true>(REMEMBERED_LINKS);
  /** A successful answer of the API came without its body (left out or cut by the recorder): the links it may have handed out are unknown. */
  #blind = false;

  /** Remembers the links under the API prefix that a successful answer of the API hands out. */
  note(x: ExchangeView): void {
    if (!this.#blind && answeredUnseen(x)) this.#blind = true;
    for (const place of x.derived(handedOutPlacesFact)) {
      this.#places.set(place.path, true);
      this.#pathnames.set(place.pathname, true);
      if (place.area === undefined) continue;
      this.#places.set(place.area.key, true);
      this.#segments.set(place.area.segment, true);
    }
  }

  /**
   * Whether the request fetches a link handed out before (whatever its query) or another file of its
   * area, or a file the recording did not show handed out (`unlistedFile`).
   */
  fetches(x: ExchangeView): boolean {
    return this.#fetchesHandedOut(x) || unlistedFile(x) || this.#mayFetchUnseen(x);
  }

  /**
   * Once an answer that may have handed out links went unseen: a fetch at a path of no endpoint, in
   * an area the table does not use, where such a link may lie (a link's refusal, a 403 to an altered
   * signature say, is then no answer of the API's either). Where every answer was seen, links lie
   * only where they were handed out.
   */
  #mayFetchUnseen(x: ExchangeView): boolean {
    if (!this.#blind || (x.method !== 'GET' && x.method !== 'HEAD') || x.pathEndpoints.length > 0) return false;
    return x.derived(requestPlaceFact)?.area !== undefined;
  }

  #fetchesHandedOut(x: ExchangeView): boolean {
    if (this.#places.size === 0 || !this.#mayFetch(x)) return false;
    const place = x.derived(requestPlaceFact);
    if (place === undefined) return false;
    if (this.#places.get(place.path) !== undefined) return true;
    return place.area !== undefined && x.pathEndpoints.length === 0 && this.#places.get(place.area.key) !== undefined;
  }

  /** False where the request's path, read from its text, is of no link, and its area of none (a path of the table has no area). */
  #mayFetch(x: ExchangeView): boolean {
    const pathname = plainPathname(x);
    if (pathname === undefined || this.#pathnames.get(pathname) !== undefined) return true;
    if (x.endpoint !== undefined || this.#segments.size === 0) return false;
    const segment = segmentBelowPrefix(pathname);
    return segment !== undefined && !TABLE_SEGMENTS.has(segment) && this.#segments.get(segment) !== undefined;
  }
}
