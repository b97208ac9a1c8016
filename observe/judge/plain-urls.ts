import { fact, type ExchangeView } from './exchange-view.js';

const plainRequestPathnameFact = fact(plainRequestPathname);

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
  return x.derived(plainRequestPathnameFact);
}

function plainRequestPathname(x: ExchangeView): string | undefined {
  return PLAIN.exec(x.exchange.request.url)?.[1];
}

/**
 * An http(s) URL whose scheme and host the URL parser keeps as written: lower case, a port it
 * takes, and a host that is a dotted IPv4 address in its own notation or a name of plain labels
 * (none in punycode, which the parser checks, and the last no number, which it reads as IPv4).
 */
const PLAIN_ORIGIN = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?(?:[/?#]|$)/;
const IPV4_PART = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_PART}(?:\\.${IPV4_PART}){3}$`);
const NUMBER_LABEL = /(?:^|\.)(?:\d+|0x[0-9a-f]*)$/;
const MAX_PORT = 65535;

/**
 * The scheme (`http:`, `https:`) and host name the URL parser gives `url`, read from its text;
 * undefined where the text may parse otherwise or not at all. Parsing every request's URL costs
 * more than a judge of its scheme spends on the rest of it.
 */
export function plainOrigin(url: string): { protocol: string; hostname: string } | undefined {
  const match = PLAIN_ORIGIN.exec(url);
  if (!match) return undefined;
  const [, scheme, host, port] = match as unknown as [string, string, string, string | undefined];
  if (port !== undefined && Number(port) > MAX_PORT) return undefined;
  if (!IPV4.test(host) && (NUMBER_LABEL.test(host) || host.startsWith('xn--') || host.includes('.xn--'))) return undefined;
  return { protocol: `${scheme}:`, hostname: host };
}
