import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { isPlainObject } from './request-facts.js';

/** Links remembered per observation: a day of a busy proxy's documents and pictures. */
const REMEMBERED_LINKS = 20_000;

/** The links the spec's answers hand out: the report page, a document's links, picture URLs. */
function linksOf(body: unknown): unknown[] {
  if (!isPlainObject(body)) return [];
  const header = isPlainObject(body.projektHeader) ? body.projektHeader : {};
  const file = isPlainObject(body.file) ? body.file : {};
  const pictures = Array.isArray(body.pictures) ? body.pictures : [];
  return [header.link, body.linkToDocument, file.url, file.viewerUrl, ...pictures.map((p: unknown) => (isPlainObject(p) ? p.url : undefined))];
}

function pathOf(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * The signed links the interface hands out are the target's own URLs, authorised by their
 * signature, and may lie anywhere under the site, `/api/v2` included ("may be relative and then
 * resolves against the server origin"): a fetch of one is no request of the API's endpoints, and
 * neither needs a token nor answers with the error envelope.
 */
export class HandedOutLinks {
  readonly #paths = new BoundedMap<string, true>(REMEMBERED_LINKS);

  /** Remembers the links a successful answer of the API hands out. */
  note(x: ExchangeView): void {
    if (x.apiPath === undefined || x.status < 200 || x.status >= 300 || !URL.canParse(x.exchange.request.url)) return;
    const links = linksOf(x.responseJson);
    if (links.length === 0) return;
    const origin = `${new URL(x.exchange.request.url).origin}/`;
    for (const link of links) {
      if (typeof link !== 'string' || !URL.canParse(link, origin)) continue;
      this.#paths.set(pathOf(new URL(link, origin)), true);
    }
  }

  /** Whether the request fetches a link handed out before (whatever its query: a signature may be altered or expired). */
  fetches(x: ExchangeView): boolean {
    const url = x.exchange.request.url;
    return URL.canParse(url) && this.#paths.get(pathOf(new URL(url))) !== undefined;
  }
}
