/**
 * The body of a write as an input rule may read it: only when the request itself leaves nothing
 * else to answer. "Write bodies need `Content-Type: application/json` and at most 65536 bytes"
 * (else 415 or 413), and malformed JSON is 400: a body that is not plainly JSON of the right type
 * and size is `unreadable`, and no rule of its content judges the answer.
 */
import { MAX_BODY_BYTES } from '../../../spec/endpoints.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { requestBodyReading, type NumberLiterals } from '../i-json.js';
import { cutBodies } from './write-outcome.js';

const readWriteBodyFact = fact(readWriteBody);

export type WriteBody =
  /** The recording does not hold the body. */
  | { kind: 'unknown' }
  /** No body was sent. */
  | { kind: 'none' }
  | { kind: 'unreadable'; why: string }
  /** `literals`: the number literals as sent (field-table.ts reads them exactly). */
  | { kind: 'json'; value: unknown; literals: NumberLiterals };

/** UTF-8 under the names the WHATWG Encoding standard gives it; JSON is UTF-8 (RFC 8259). */
const UTF8 = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8']);

/** `application/json`, with no parameter but a UTF-8 charset. */
function isPlainJsonType(value: string): boolean {
  // The type as nearly every client writes it, known without taking it apart.
  if (value === 'application/json') return true;
  const [type = '', ...parameters] = value.split(';');
  if (type.trim().toLowerCase() !== 'application/json') return false;
  return parameters.every((p) => {
    const [name = '', v = ''] = p.split('=', 2).map((s) => s.trim().toLowerCase());
    return name === 'charset' && UTF8.has(v.replace(/^"(.*)"$/, '$1'));
  });
}

/** Several judges read each write's body: it is read once (`derived`). */
export function writeBodyOf(x: ExchangeView): WriteBody {
  return x.derived(readWriteBodyFact);
}

function readWriteBody(x: ExchangeView): WriteBody {
  if (!x.requestBodyKnown || cutBodies(x)?.request) return { kind: 'unknown' };
  const request = x.exchange.request;
  if (request.bodyBinary) return { kind: 'unreadable', why: 'a body that is not UTF-8 text' };
  const text = request.bodyText ?? '';
  const declared = x.requestHeaders('content-length');
  if (text === '') return declared.every((d) => Number(d) === 0) ? { kind: 'none' } : { kind: 'unknown' };
  const types = x.requestHeaders('content-type');
  if (types.length !== 1 || !isPlainJsonType(types[0] as string)) return { kind: 'unreadable', why: `Content-Type ${types.join(', ') || 'missing'}` };
  const encodings = x.requestHeaders('content-encoding');
  if (encodings.some((e) => e.trim().toLowerCase() !== 'identity')) return { kind: 'unreadable', why: 'an encoded body' };
  const bytes = Buffer.byteLength(text);
  // A declared length other than the recorded one: the recording cut the body, or the request lied.
  if (declared.length > 1 || (declared.length === 1 && Number(declared[0]) !== bytes)) return { kind: 'unreadable', why: 'Content-Length differs from the recorded body' };
  if (bytes > MAX_BODY_BYTES) return { kind: 'unreadable', why: `${bytes} bytes, above ${MAX_BODY_BYTES}` };
  // A recorder shows undecodable bytes as U+FFFD: the bytes sent may not have been UTF-8.
  if (text.includes('\uFFFD')) return { kind: 'unreadable', why: 'holds U+FFFD (maybe bytes that were not UTF-8)' };
  const reading = requestBodyReading(x);
  return reading.ok ? { kind: 'json', value: reading.value, literals: reading } : { kind: 'unreadable', why: reading.why };
}
