import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harEntrySchema } from './har-schema.js';
import { plainHarEntry } from './plain-entry.js';

const FIXTURE = resolve(import.meta.dirname, 'testdata/chromium-api-session.har');

/** Entries of the usual shape: the Chromium fixture's, and the smallest form writers produce. */
const USUAL: unknown[] = [
  ...(JSON.parse(readFileSync(FIXTURE, 'utf8')) as { log: { entries: unknown[] } }).log.entries,
  {
    startedDateTime: '2026-11-28T18:00:00.000Z',
    time: 3.25,
    request: { method: 'GET', url: 'https://api.example.test/api/v2/reports', headers: [] },
    response: { status: 200, headers: [{ name: 'Content-Type', value: 'application/json' }], content: {} },
  },
  {
    startedDateTime: '2026-11-28T18:00:00.000Z',
    time: 3.25,
    request: { method: 'POST', url: 'https://api.example.test/api/v2/reports/with-data', headers: [], bodySize: 18, postData: { mimeType: 'application/json', _file: '5e1f.json' } },
    response: { status: 201, headers: [], content: { size: 40, mimeType: 'application/json', _file: '9a0c.json' } },
  },
];

/** Values a field may wrongly hold, and the edges of the right ones. */
const ODD = [undefined, null, '', 'x', 'base64', 'gzip', '2026-11-28T18:00:00Z', 0, -0, -1, -2, 1.5, 999, 1000, Number.MAX_SAFE_INTEGER + 2, Infinity, true, [], {}, [{}], [{ name: 'a' }], [{ name: 'a', value: 1 }], [{ name: 'a', value: 'b', comment: 'c' }]];

/** Every entry that differs from `entry` in one field, at any depth: removed or holding an odd value. */
function variants(entry: unknown, path: (string | number)[] = []): unknown[] {
  if (typeof entry !== 'object' || entry === null) return [];
  const out: unknown[] = [];
  for (const key of Object.keys(entry)) {
    const child = (entry as Record<string, unknown>)[key];
    const copy = (value: unknown) => {
      const c = (Array.isArray(entry) ? [...entry] : { ...entry }) as Record<string, unknown>;
      if (value === undefined && !Array.isArray(entry)) delete c[key];
      else c[key] = value;
      return c;
    };
    for (const value of ODD) out.push(copy(value));
    for (const inner of variants(child, [...path, key])) out.push(copy(inner));
  }
  return out;
}

/** Key order, `undefined` fields and Buffers all show. */
function exact(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(exact).join(',')}]`;
  if (typeof value === 'object' && value !== null) return `{${Object.entries(value).map(([k, v]) => `${k}:${exact(v)}`).join(',')}}`;
  return Object.is(value, -0) ? '-0' : JSON.stringify(value);
}

describe('plainHarEntry', () => {
  it('reads entries of the usual shape as the schema does', () => {
    for (const entry of USUAL) {
      const plain = plainHarEntry(entry);
      expect(plain).toBeDefined();
      expect(exact(plain)).toBe(exact(harEntrySchema.parse(entry)));
    }
  });

  it('gives what the schema gives, field for field and in its order, or leaves the entry to the schema', () => {
    let read = 0;
    let left = 0;
    for (const entry of USUAL.flatMap((e) => [e, ...variants(e)])) {
      const plain = plainHarEntry(entry);
      if (plain === undefined) {
        left++;
        continue;
      }
      read++;
      const parsed = harEntrySchema.safeParse(entry);
      expect(parsed.success, exact(entry)).toBe(true);
      expect(exact(plain), exact(entry)).toBe(exact(parsed.data));
    }
    // Both ways are taken: the check is neither all-accepting nor all-refusing.
    expect(read).toBeGreaterThan(1000);
    expect(left).toBeGreaterThan(1000);
  });
});
