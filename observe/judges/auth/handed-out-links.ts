import { ENDPOINTS } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import { apiPartsOf, type ExchangeView } from '../../judge/exchange-view.js';
import { isPlainObject } from './request-facts.js';

/** Links and link areas remembered per observation: a day of a busy proxy's documents and pictures. */
const REMEMBERED_LINKS = 20_000;

/** The first path segments of the table's endpoints: an area named so is the API's own. */
const TABLE_SEGMENTS = new Set(ENDPOINTS.map((e) => e.path.split('/')[1] ?? ''));

/** The links the spec's answers hand out: the report page, a document's links, picture URLs. */
function linksOf(body: unknown): unknown[] {
  if (!isPlainObject(body)) return [];
  const header = isPlainObject(body.projektHeader) ? body.projektHeader : {};
  const file = isPlainObject(body.file) ? body.file : {};
  const pictures = Array.isArray(body.pictures) ? body.pictures : [];
  return [header.link, body.linkToDocument, file.url, file.viewerUrl, ...pictures.map((p: unknown) => (isPlainObject(p) ? p.url : undefined))];
}

/** The link's place under the API prefix: its path, and the area its first segment names unless the table uses that segment. */
function placeOf(url: URL): { path: string; area?: string } | undefined {
  const api = apiPartsOf(url.href);
  if (api === undefined) return undefined;
  const segment = api.path.split('/')[1] ?? '';
  return { path: `${url.origin}${url.pathname}`, ...(!TABLE_SEGMENTS.has(segment) && { area: `${url.origin} ${segment}` }) };
}

/** The places of the links a successful answer of the API hands out (the judges keeping links each ask: worked out once per exchange). */
function handedOutPlaces(x: ExchangeView): { path: string; area?: string }[] {
  const url = x.url;
  if (x.apiPath === undefined || x.status < 200 || x.status >= 300 || url === undefined) return [];
  const links = linksOf(x.responseJson);
  if (links.length === 0) return [];
  const origin = `${url.origin}/`;
  const places: { path: string; area?: string }[] = [];
  for (const link of links) {
    const place = typeof link === 'string' && URL.canParse(link, origin) ? placeOf(new URL(link, origin)) : undefined;
    if (place !== undefined) places.push(place);
  }
  return places;
}

function requestPlace(x: ExchangeView): { path: string; area?: string } | undefined {
  const url = x.url;
  return url === undefined ? undefined : placeOf(url);
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

  /** Remembers the links under the API prefix that a successful answer of the API hands out. */
  note(x: ExchangeView): void {
    for (const place of x.derived(handedOutPlaces)) {
      this.#places.set(place.path, true);
      if (place.area !== undefined) this.#places.set(place.area, true);
    }
  }

  /** Whether the request fetches a link handed out before (whatever its query) or another file of its area. */
  fetches(x: ExchangeView): boolean {
    const place = x.derived(requestPlace);
    if (place === undefined) return false;
    if (this.#places.get(place.path) !== undefined) return true;
    return place.area !== undefined && x.pathEndpoints.length === 0 && this.#places.get(place.area) !== undefined;
  }
}
