import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WrittenHarEntry } from '../../observe/har/har-entry-of.js';
import { freedomOutcomes, RECORDER_FREEDOMS, type RecorderFreedom } from './recorder-freedoms.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-recorder-freedoms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Chromium session against a target that breaks several rules (observe/har/read-har.test.ts reads it field by field). */
const FIXTURE = resolve(import.meta.dirname, '../../observe/har/testdata/chromium-api-session.har');
const entries = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { log: { entries: WrittenHarEntry[] } }).log.entries;

describe('recorder freedoms', () => {
  it('each writes the recording otherwise', () => {
    const unchanged = RECORDER_FREEDOMS.filter((f) => f.indent === undefined && JSON.stringify(f.write(entries)) === JSON.stringify(entries)).map((f) => f.id);
    expect(unchanged).toEqual([]);
  });

  it('are read alike: the same observation where the file keeps all, no further failure where it keeps less, the failures of a failing target kept', async () => {
    const { original, outcomes } = await freedomOutcomes(entries, dir);
    expect(Object.values(original.rules).filter((r) => r.verdict === 'fail').length).toBeGreaterThanOrEqual(5);
    expect(outcomes.filter((o) => o.departures.length > 0).map((o) => [o.freedom.id, o.departures])).toEqual([]);
    expect(outcomes.filter((o) => o.freedom.keepsAll && o.observedOtherwise > 0)).toEqual([]);
    expect(outcomes.find((o) => o.freedom.id === 'no-bodies')?.observedOtherwise).toBeGreaterThan(0);
  });

  it('tell a file the judge reads otherwise', async () => {
    const withoutTokens: RecorderFreedom = {
      id: 'without-tokens',
      source: 'a test: a file that leaves out what the judge reads, posing as one that keeps all',
      keepsAll: true,
      write: (written) => written.map((e) => ({ ...e, request: { ...e.request, headers: e.request.headers.filter((h) => h.name.toLowerCase() !== 'authorization') } })),
    };
    const { outcomes } = await freedomOutcomes(entries, dir, [withoutTokens]);
    expect(outcomes[0]?.departures.length).toBeGreaterThan(0);
  });
});
