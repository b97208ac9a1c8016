import { expect } from 'vitest';
import type { z } from 'zod';
import { errorEnvelopeSchema, type ErrorType } from '../../spec/contract/error-envelope.js';
import type { ApiResponse } from './client.js';

function where(res: ApiResponse): string {
  const e = res.exchange;
  return `${e.request.method} ${e.request.url} answered HTTP ${res.status}: ${res.text.slice(0, 300)}`;
}

/** The HTTP status, with the exchange in the failure message. */
export function expectStatus(res: ApiResponse, status: number | readonly number[]): void {
  const allowed = typeof status === 'number' ? [status] : status;
  // Reads forwards ("expected 403, got 200"), not as chai's `expected [ 403 ] to include 200`.
  if (!allowed.includes(res.status)) expect.fail(`expected HTTP ${allowed.join(' or ')}, got ${res.status}; ${where(res)}`);
}

/** Parses the body with a contract schema; the zod issues become the failure message. */
export function expectSchema<S extends z.ZodType>(res: ApiResponse, schema: S, what = 'body'): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    expect.fail(`expected a JSON ${what}; ${where(res)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    expect.fail(`${what} does not match the contract: ${issues}; ${where(res)}`);
  }
  return parsed.data as z.infer<S>;
}

/**
 * An error answer as the spec's table has it: the status, the envelope ("`{status: <http status
 * number>, error: <German message string>, details: {type: <string>, field?: <string>}}`"), `status`
 * in the body equal to the HTTP status, and `details.type`. `details.field` is not judged: "`field`
 * is not always present", and the spec never says what it names (the field, an envelope path, ...).
 */
export function expectError(res: ApiResponse, status: number, type: ErrorType) {
  expectStatus(res, status);
  const body = expectSchema(res, errorEnvelopeSchema, 'error envelope');
  expect(body.status, `envelope status must equal the HTTP status; ${where(res)}`).toBe(res.status);
  expect(body.details.type, `details.type; ${where(res)}`).toBe(type);
  return body;
}

/**
 * `projektHeader.key` of a creation response (PROJ-84), for checks that go on working with the
 * project: a body without it is the target's failure, not a TypeError of the harness.
 */
export function expectCreatedKey(res: ApiResponse): string {
  const key = res.json<{ projektHeader?: { key?: unknown } } | null>()?.projektHeader?.key;
  if (typeof key !== 'string' || key === '') expect.fail(`the creation response must carry projektHeader.key (PROJ-84); ${where(res)}`);
  return key;
}

/** One answer of an indistinguishability comparison, with the identifiers its request named (they may be echoed). */
export interface NamedAnswer {
  res: ApiResponse;
  ids: readonly string[];
}

/** Every form of the identifiers blanked, longest first, so a short id inside a longer one (or in "404") is blanked alike in every answer. */
function blanked(text: string, ids: readonly string[]): string {
  const forms = [...new Set(ids.flatMap((id) => [id, id.toLowerCase(), id.toUpperCase(), encodeURIComponent(id)]))].sort((a, b) => b.length - a.length);
  let out = text;
  for (const form of forms) out = out.split(form).join('<id>');
  return out;
}

/** Every leaf of a JSON value by its path (`details.type`), identifiers blanked; a body that is not JSON is one leaf. */
function leaves(answer: NamedAnswer): Map<string, string> {
  const out = new Map<string, string>();
  let json: unknown;
  try {
    json = JSON.parse(answer.res.text);
  } catch {
    out.set('(body)', blanked(answer.res.text, answer.ids));
    return out;
  }
  const visit = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
      for (const [key, inner] of Object.entries(value)) visit(inner, path ? `${path}.${key}` : key);
    } else {
      out.set(path || '(root)', blanked(JSON.stringify(value), answer.ids));
    }
  };
  visit(json, '');
  return out;
}

/**
 * "Foreign and non-existent resources are indistinguishable (404)": the answer for a foreign
 * resource may differ from those for non-existent ones only where they echo what the request named
 * (blanked here) and where two answers for non-existent resources differ from each other anyway (a
 * request id, a time). Send the foreign request between the two others: a value that grows (a
 * clock, a counter) then differs between them too. Compared: the status, the members of the JSON
 * body in any order, the header names and the Content-Type.
 */
export function expectIndistinguishable(foreign: NamedAnswer, missing: readonly [NamedAnswer, NamedAnswer], what: string): void {
  const [first, second] = missing;
  expect(foreign.res.status, `${what}: the status for a foreign resource must equal the one for a non-existent resource; ${where(foreign.res)}`).toBe(first.res.status);
  // Each answer blanked by the identifiers of all three, so an id occurring by chance in another answer is no difference.
  const ids = [...foreign.ids, ...first.ids, ...second.ids];
  const [f, m1, m2] = [foreign, first, second].map((a) => leaves({ res: a.res, ids })) as [Map<string, string>, Map<string, string>, Map<string, string>];
  const noise = new Set([...m1.keys(), ...m2.keys()].filter((path) => m1.get(path) !== m2.get(path)));
  const differing = [...new Set([...f.keys(), ...m1.keys()])].filter((path) => !noise.has(path) && f.get(path) !== m1.get(path));
  expect(
    differing.map((path) => `${path}: ${f.get(path) ?? '(absent)'} for the foreign resource, ${m1.get(path) ?? '(absent)'} for the non-existent one`),
    `${what}: the body for a foreign resource must not differ from the one for a non-existent resource; ${where(foreign.res)}`,
  ).toEqual([]);
  const names = (res: ApiResponse) => new Set(Object.keys(res.headers).map((name) => name.toLowerCase()));
  const [fh, h1, h2] = [foreign.res, first.res, second.res].map(names) as [Set<string>, Set<string>, Set<string>];
  const headerNoise = new Set([...h1, ...h2].filter((name) => !(h1.has(name) && h2.has(name))));
  const headersDiffering = [...new Set([...fh, ...h1])].filter((name) => !headerNoise.has(name) && fh.has(name) !== h1.has(name));
  expect(headersDiffering, `${what}: header names that only one of the answers carries`).toEqual([]);
  expect(foreign.res.headers['content-type'], `${what}: Content-Type`).toBe(first.res.headers['content-type']);
}
