import type { ExchangeView } from './exchange-view.js';

/**
 * A failed exchange as the reports keep it: never a token (the recording already holds only its
 * hash), and bodies only with the spec's personal fields replaced, unless the operator asked to
 * keep them whole (`--keep-bodies`).
 */
export interface KeptExchange {
  /** Where it was read: the file and its position, or `proxy`. */
  source: string;
  index: number;
  /** ISO time the request started. */
  at: string;
  customer?: string;
  method: string;
  url: string;
  status: number;
  /** A line that sends the request again, the token taken from a variable named for its customer hash. */
  curl: string;
  requestBody?: string;
  responseBody?: string;
}

/**
 * "Personal fields of the spec": the project's contact (names, address, email, telephone), the
 * advisor's name, and the password a request sets. Matched by member name at any depth of a JSON
 * body.
 */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set(['anrede', 'vorname', 'name', 'strasse', 'hausnummer', 'plz', 'ort', 'telefon', 'email', 'bemerkungen', 'newPassword']);
const REPLACED = '<personal: not kept>';
/** A kept body is cut beyond this many characters: a report shows what broke, not whole documents. */
const KEPT_BODY_CHARS = 4000;

export function keptExchange(x: ExchangeView, keepBodies: boolean): KeptExchange {
  const e = x.exchange;
  const requestBody = keptBody(e.request.bodyText, e.request.bodyBinary, keepBodies);
  const responseBody = keptBody(e.response.bodyText, e.response.bodyBinary, keepBodies);
  return {
    source: e.source,
    index: e.index,
    at: new Date(e.startedAt).toISOString(),
    ...(e.customer !== undefined && { customer: e.customer }),
    method: e.request.method,
    url: e.request.url,
    status: e.response.status,
    curl: curlOf(x, requestBody),
    ...(requestBody !== undefined && { requestBody }),
    ...(responseBody !== undefined && { responseBody }),
  };
}

function keptBody(text: string | undefined, binary: Buffer | undefined, keepBodies: boolean): string | undefined {
  if (binary) return `<${binary.length} bytes, not text>`;
  if (text === undefined || text === '') return undefined;
  let kept: string;
  if (keepBodies) kept = text;
  else {
    try {
      kept = JSON.stringify(withoutPersonalFields(JSON.parse(text) as unknown));
    } catch {
      // Text that is not JSON may hold anything: only its length is kept.
      return `<${Buffer.byteLength(text)} bytes, not JSON: not kept without --keep-bodies>`;
    }
  }
  return kept.length > KEPT_BODY_CHARS ? `${kept.slice(0, KEPT_BODY_CHARS)}... (${kept.length} characters)` : kept;
}

export function withoutPersonalFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalFields);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, PERSONAL_FIELDS.has(key) && member !== null && member !== '' ? REPLACED : withoutPersonalFields(member)]));
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** Headers a transport sets by itself: a pasted line without them sends the same request. */
const LEFT_OUT = new Set(['content-length', 'host', 'connection', 'accept-encoding', 'transfer-encoding']);

function curlOf(x: ExchangeView, body: string | undefined): string {
  const parts = ['curl', '-i', '-X', x.method, shellQuote(x.exchange.request.url)];
  for (const { name, value } of x.exchange.request.headers) {
    if (LEFT_OUT.has(name.toLowerCase())) continue;
    const hashed = /^(\S+\s+)?customer:([0-9a-f]{16})$/.exec(value);
    if (name.toLowerCase() === 'authorization' && hashed) parts.push('-H', `"${name}: ${hashed[1] ?? ''}$CPF_TOKEN_${hashed[2] as string}"`);
    else parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (body !== undefined) parts.push('--data-binary', shellQuote(body));
  return parts.join(' ');
}
