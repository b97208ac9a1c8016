import { hash } from 'node:crypto';
import { isJwtShaped } from '../harness-core/jwt-shape.js';
import type { HeaderField, ObservedExchange, ObservedRequest, ObservedResponse } from './exchange.js';

/**
 * The judge tells customers apart without ever keeping a token (issue 42, privacy): a token is
 * replaced, wherever a request carries it, by `customer:` and the first 16 hex digits of its
 * SHA-256. The same token always gives the same name, 64 bits keep the customers of any recording
 * apart, and the name does not give the token back.
 */
export function customerOf(token: string): string {
  const known = names.get(token);
  if (known !== undefined) return known;
  const older = olderNames.get(token);
  // The one-shot hash: the proxy and the readers name a customer per exchange.
  const name = older ?? `customer:${hash('sha256', token, 'hex').slice(0, 16)}`;
  if (names.size >= REMEMBERED_NAMES) {
    olderNames = names;
    names = new Map();
  }
  names.set(token, name);
  return name;
}

/**
 * The names of the tokens seen last, so that a customer's every exchange does not cost a SHA-256:
 * traffic comes from far fewer tokens than exchanges. Full, the names become the older generation
 * and the one before is forgotten, which costs a hash per token again and never a wrong name. A
 * token still named in the older generation keeps its name's string: the judges' maps find a key
 * they were given before by its identity, where an equal string made anew is compared letter by
 * letter (a population larger than one generation renamed every customer at each emptying).
 */
const REMEMBERED_NAMES = 10_000;
let names = new Map<string, string>();
let olderNames = new Map<string, string>();

/** Scheme, the whitespace after it, credentials. */
const SCHEME_AND_CREDENTIALS = /^(\S+)(\s+)(\S[\s\S]*)$/;
/** The query parameters a client may wrongly put its token in (AUTH-5). */
const QUERY_TOKEN = /([?&](?:access_)?token=)([^&#]+)/gi;
/** Whether a URL may hold one (QUERY_TOKEN is global, so its own `test` would keep a position). */
const QUERY_TOKEN_NAME = /token=/i;
/** Shorter credentials are replaced only where they were sent: elsewhere they cannot be told from ordinary text, and no API token is that short. */
const MIN_SCRUBBED_LENGTH = 8;

/**
 * The exchange without its request's credentials, each replaced by its hash: those of the
 * Authorization headers (any scheme, and a bare token; the scheme and the header stay, so rules on
 * them can still be judged), of `token`/`access_token` query parameters, and wherever else the
 * exchange repeats them (a body, a header, an answer that gives the token back). The first Bearer
 * token names the exchange's `customer`; what AUTH-6 and AUTH-12 need to know of it is learnt
 * here, as only here is it known.
 */
export function withoutCredentials(exchange: ObservedExchange): ObservedExchange {
  // Each credential and its hash: an exchange names it in several places.
  const secrets: Secrets = [];
  let bearer: string | undefined;
  const { request } = exchange;
  let headers = request.headers;
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i] as HeaderField;
    if (header.name.length !== AUTHORIZATION.length || header.name.toLowerCase() !== AUTHORIZATION) continue;
    if (headers === request.headers) headers = [...headers];
    // The scheme and the header stay, so rules on them can still be judged; a bare token has no scheme.
    const parts = SCHEME_AND_CREDENTIALS.exec(header.value);
    if (!parts) {
      if (header.value !== '' && !/^bearer\s*$/i.test(header.value)) headers[i] = { name: header.name, value: namedIn(secrets, header.value) };
      continue;
    }
    const [, scheme, gap, credentials] = parts as unknown as [string, string, string, string];
    if (bearer === undefined && scheme.toLowerCase() === 'bearer') bearer = credentials;
    headers[i] = { name: header.name, value: `${scheme}${gap}${namedIn(secrets, credentials)}` };
  }
  const url = QUERY_TOKEN_NAME.test(request.url) ? request.url.replace(QUERY_TOKEN, (_match, key: string, value: string) => `${key}${namedIn(secrets, percentDecoded(value))}`) : request.url;
  const hashedRequest = headers === request.headers && url === request.url ? request : { ...request, headers, url };
  if (bearer === undefined) return scrubbed(hashedRequest === request ? exchange : { ...exchange, request: hashedRequest }, secrets);
  const echoedInAnswer = isIn(exchange.response, bearer);
  // A JWT has three parts: a token without a dot is none, known without splitting it.
  const token = { jwtShaped: bearer.includes('.') && isJwtShaped(bearer), echoedInAnswer };
  // Object.assign, not a spread: a spread that adds members gave each exchange a hidden class of
  // its own in V8 (Node 20: 4,892 in 5,000 exchanges of a HAR), so that every judge's reading of an
  // exchange went megamorphic; Object.assign gives the exchanges of a reader a few.
  return scrubbed(Object.assign({}, exchange, { request: hashedRequest, customer: namedIn(secrets, bearer), token }), secrets, echoedInAnswer ? undefined : bearer);
}

const AUTHORIZATION = 'authorization';

/**
 * The credentials of an exchange and their hashes, each once, in the order first met: a list, as
 * an exchange has one or two (a map per exchange cost more than its lookups save).
 */
type Secrets = [secret: string, name: string][];

/** The hash of `secret`, noted in `secrets` to be replaced wherever else the exchange names it. */
function namedIn(secrets: Secrets, secret: string): string {
  const name = customerOf(secret);
  if (!secrets.some(([known]) => known === secret)) secrets.push([secret, name]);
  return name;
}

/**
 * Every other occurrence of the secrets replaced by their hash; the longest first, so that one
 * inside another does not leave a part behind. `absentFromResponse`: a secret already known to
 * appear nowhere in the response, which then needs no search when it is the only one.
 */
function scrubbed(exchange: ObservedExchange, secrets: Secrets, absentFromResponse?: string): ObservedExchange {
  const replaced = longestFirst(secrets);
  if (replaced.length === 0) return exchange;
  const request = scrubbedMessage(exchange.request, 'url', replaced);
  const response = replaced.some(([secret]) => secret !== absentFromResponse) ? scrubbedMessage(exchange.response, 'statusText', replaced) : exchange.response;
  // The same objects back when nothing is replaced, as for nearly every exchange.
  return request === exchange.request && response === exchange.response ? exchange : { ...exchange, request, response };
}

/** A request or an answer with its first line (`url` or `statusText`), headers and body scrubbed; the same object when nothing was replaced. */
function scrubbedMessage<M extends ObservedRequest | ObservedResponse>(message: M, line: M extends ObservedRequest ? 'url' : 'statusText', replaced: Replacements): M {
  const first = message[line as keyof M] as string;
  const text = scrubbedText(first, replaced);
  const headers = scrubbedFields(message.headers, replaced);
  const bodyText = message.bodyText === undefined ? undefined : scrubbedText(message.bodyText, replaced);
  const bodyBinary = message.bodyBinary && scrubbedBytes(message.bodyBinary, replaced);
  if (text === first && headers === message.headers && bodyText === message.bodyText && bodyBinary === message.bodyBinary) return message;
  return { ...message, [line]: text, headers, ...(message.bodyText !== undefined && { bodyText }), ...(message.bodyBinary && { bodyBinary }) };
}

type Replacements = readonly (readonly [secret: string, name: string])[];

/** The secrets long enough to be replaced, the longest first; `secrets` itself when that is all of them in that order already (a single one). */
function longestFirst(secrets: Secrets): Replacements {
  if (secrets.length === 1) return (secrets[0] as Secrets[number])[0].length >= MIN_SCRUBBED_LENGTH ? secrets : [];
  return secrets.filter(([secret]) => secret.length >= MIN_SCRUBBED_LENGTH).sort(([a], [b]) => b.length - a.length);
}

function scrubbedText(value: string, replaced: Replacements): string {
  let text = value;
  for (const [secret, name] of replaced) if (text.includes(secret)) text = text.replaceAll(secret, name);
  return text;
}

function scrubbedFields(fields: HeaderField[], replaced: Replacements): HeaderField[] {
  if (!fields.some((f) => scrubbedText(f.value, replaced) !== f.value)) return fields;
  return fields.map((f) => ({ name: f.name, value: scrubbedText(f.value, replaced) }));
}

function scrubbedBytes(value: Buffer, replaced: Replacements): Buffer {
  let bytes = value;
  for (const [secret, name] of replaced) bytes = replacedBytes(bytes, secret, name);
  return bytes;
}

function replacedBytes(value: Buffer, secret: string, name: string): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = value.indexOf(secret); at !== -1; at = value.indexOf(secret, from)) {
    parts.push(value.subarray(from, at), Buffer.from(name));
    from = at + Buffer.byteLength(secret);
  }
  return from === 0 ? value : Buffer.concat([...parts, value.subarray(from)]);
}

/** So that a token in the query and the same token in a header get the same name. */
function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function isIn(response: ObservedResponse, token: string): boolean {
  return (
    response.statusText.includes(token) ||
    response.headers.some((h) => h.value.includes(token)) ||
    (response.bodyText?.includes(token) ?? false) ||
    (response.bodyBinary?.includes(token) ?? false)
  );
}
