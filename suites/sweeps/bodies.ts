/**
 * Write bodies of exact sizes and broken forms, for the body rules of the error table (400, 413,
 * 415) and the 65536-byte limit.
 */
import { HarnessError } from '../harness/client.js';

/** `value` as JSON followed by spaces (JSON whitespace) up to exactly `bytes` bytes. */
export function paddedJson(value: unknown, bytes: number): string {
  const json = JSON.stringify(value);
  const size = Buffer.byteLength(json);
  if (size > bytes) throw new HarnessError(`body of ${size} bytes does not fit into ${bytes}`);
  return json + ' '.repeat(bytes - size);
}

/** The path of the first string value inside `value` (depth first), if any. */
function firstStringPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return path;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = firstStringPath(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

function withValueAt(value: unknown, path: readonly string[], replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const object = value as Record<string, unknown>;
  return { ...object, [head]: withValueAt(object[head], rest, replacement) };
}

/**
 * `value` with its first string replaced by "ä" (two bytes in UTF-8) so the JSON has exactly
 * `bytes` bytes but far fewer characters: a target counting characters sees about half the size.
 * Undefined when `value` has no string to fill.
 */
export function multibyteJson(value: unknown, bytes: number): string | undefined {
  const path = firstStringPath(value);
  if (!path) return undefined;
  const base = Buffer.byteLength(JSON.stringify(withValueAt(value, path, '')));
  const umlauts = Math.floor((bytes - base) / 2);
  const body = JSON.stringify(withValueAt(value, path, 'ä'.repeat(umlauts) + 'a'.repeat(bytes - base - 2 * umlauts)));
  if (Buffer.byteLength(body) !== bytes) throw new HarnessError('multibyte body has the wrong size');
  return body;
}

/** Bodies that are not JSON, sent as application/json: each must give 400. */
export const MALFORMED_JSON: readonly { what: string; raw: string }[] = [
  { what: 'a truncated object', raw: '{"projectData":{"projektName":"cpf"}' },
  { what: 'a trailing comma', raw: '{"projectData":{"projektName":"cpf",}}' },
  { what: 'single quotes', raw: "{'projectData':{'projektName':'cpf'}}" },
  { what: 'unquoted keys', raw: '{projectData:{projektName:"cpf"}}' },
  { what: 'form data sent as JSON', raw: 'projectData%5BprojektName%5D=cpf' },
];

/**
 * Bodies whose Content-Type is not application/json (or missing): each must give 415. Variants
 * without `raw` carry the endpoint's valid JSON body, so only the type is wrong.
 */
export const NOT_JSON_TYPES: readonly { what: string; contentType: string | null; raw?: string }[] = [
  { what: 'Content-Type text/plain', contentType: 'text/plain' },
  { what: 'no Content-Type', contentType: null },
  { what: 'Content-Type application/x-www-form-urlencoded', contentType: 'application/x-www-form-urlencoded', raw: 'projectData%5BprojektName%5D=cpf' },
  { what: 'Content-Type application/xml', contentType: 'application/xml', raw: '<projectData><projektName>cpf</projektName></projectData>' },
];
