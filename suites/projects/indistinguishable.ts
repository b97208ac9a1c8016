/**
 * "Foreign and non-existent resources are indistinguishable (404)": the answer for a resource of
 * another customer must not tell it from the answer for one that never existed. Whatever differs
 * between the answers for two resources that never existed (a timestamp, a request id) tells
 * nothing about ownership, so the checks ask for a second missing resource as a baseline and
 * leave those parts out of the comparison; everything else (status, body, header names, content
 * type) must be the same, apart from the echoed identifiers.
 */
import { expect } from 'vitest';
import type { ApiResponse } from '../harness/client.js';

/** An answer and the identifier the request named (echoes of it are blanked before comparing). */
export interface NotFoundAnswer {
  res: ApiResponse;
  id: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The body text with every form of the identifier (as sent, URL-encoded, in any case) blanked. */
function blanked({ res, id }: NotFoundAnswer): string {
  const forms = [...new Set([id, encodeURIComponent(id)])].map(escape).join('|');
  return res.text.replace(new RegExp(forms, 'gi'), '<id>');
}

function parse(text: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths (`a.b`, `a.0`) at which two JSON values differ. */
function differingPaths(a: unknown, b: unknown, path: string, into: Set<string>): Set<string> {
  if (isObject(a) && isObject(b)) {
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) differingPaths(a[name], b[name], `${path}.${name}`, into);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, index) => differingPaths(item, b[index], `${path}.${index}`, into));
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    into.add(path);
  }
  return into;
}

/** The JSON value without the members at `paths`. */
function without(value: unknown, paths: ReadonlySet<string>, path = ''): unknown {
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).filter(([name]) => !paths.has(`${path}.${name}`)).map(([name, member]) => [name, without(member, paths, `${path}.${name}`)]));
  }
  if (Array.isArray(value)) return value.filter((_, index) => !paths.has(`${path}.${index}`)).map((item, index) => without(item, paths, `${path}.${index}`));
  return value;
}

const headerNames = (res: ApiResponse) => Object.keys(res.headers).map((name) => name.toLowerCase());

/**
 * The foreign and the missing answer agree in status, content type, header names and body, apart
 * from the echoed identifiers and the parts in which two missing answers (`missing`, `baseline`)
 * differ from each other.
 */
export function expectIndistinguishable(foreign: NotFoundAnswer, missing: NotFoundAnswer, baseline: NotFoundAnswer): void {
  expect(foreign.res.status, `foreign (${foreign.id}) and missing (${missing.id}) differ in status`).toBe(missing.res.status);
  expect(foreign.res.headers['content-type'], 'the foreign and the missing resource answer different content types').toBe(missing.res.headers['content-type']);

  const [f, m, b] = [foreign, missing, baseline].map(blanked) as [string, string, string];
  const [fj, mj, bj] = [f, m, b].map(parse);
  if (fj && mj && bj) {
    const noise = differingPaths(mj.json, bj.json, '', new Set());
    expect(without(fj.json, noise), `the foreign and the missing resource answer different bodies (apart from ${noise.size > 0 ? [...noise].join(', ') : 'nothing'}, which also differs between two missing ones)`).toEqual(without(mj.json, noise));
  } else if (m === b) {
    expect(f, 'the foreign and the missing resource answer different bodies').toBe(m);
  }

  const missingNames = new Set(headerNames(missing.res));
  const baselineNames = new Set(headerNames(baseline.res));
  const steady = (name: string) => missingNames.has(name) === baselineNames.has(name);
  const names = (res: ApiResponse) => headerNames(res).filter(steady).sort();
  expect(names(foreign.res), 'the foreign and the missing resource answer different header names').toEqual(names(missing.res));
}
