import type { ExchangeView } from './exchange-view.js';

/**
 * An http(s) URL whose authority and path the URL parser keeps as written: a host, and a path
 * without dot segments, percent signs, backslashes, whitespace or any character the parser encodes.
 */
const PLAIN = /^https?:\/\/[^/\\?#\s]+(\/[\w~!$&()*+,;=:@/-]*)(?:[?#]|$)/i;

/**
 * The request URL's path as the URL parser would give it, read from the text; undefined where the
 * text may parse otherwise. Parsing every request's URL costs more than the judges of links may
 * spend on the requests that fetch none: a path no link has tells them apart.
 */
export function plainPathname(x: ExchangeView): string | undefined {
  return x.derived(plainRequestPathname);
}

function plainRequestPathname(x: ExchangeView): string | undefined {
  return PLAIN.exec(x.exchange.request.url)?.[1];
}
