import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentedLimit } from './invalid-token-limit.js';
import { laneLines } from './invalid-token-table.js';
import { invalidTokenVerdicts } from './invalid-token-verdict.js';
import { defaultOptions } from './options.js';
import { mergeResults, readResult, writeResult, type RunInfo, type SimulationResult } from './result-file.js';
import { emptyStats, type LaneAddressStats } from './stats.js';
import { exitCode } from './verdicts.js';

const LIMIT: DocumentedLimit = { requests: 60, windowSeconds: 5, source: 'test' };

function result(addresses: Record<string, Partial<LaneAddressStats>>, limit: DocumentedLimit | null = LIMIT, shard: string | null = null): SimulationResult {
  const stats = emptyStats();
  for (const [a, s] of Object.entries(addresses)) stats.invalidTokens.addresses[a] = { sent: 10, unauthorized: 10, refused: 0, errors: 0, falseRefusals: 0, mostAdmitted: 10, notLimited: 0, ...s };
  const run: RunInfo = { target: 'http://127.0.0.1:1/api/v2', kind: 'bundled', fault: null, shard, customers: 0, flooders: 0, plannedPerSecond: 0, budgetPerSecond: 0, startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:00:03.000Z', durationSeconds: 3, seed: 1, floodPhaseSeconds: 1, warmUpSeconds: 0, invalidTokens: { ratePerSecond: 8, addresses: 2, burst: false, limit } };
  return { runs: [run], thresholds: defaultOptions().thresholds, stats };
}

const rate12 = (r: SimulationResult) => invalidTokenVerdicts(r)[0];

describe('the verdicts of the invalid-token lane', () => {
  it('without a documented limit: not judged, never passed, naming RATE-13 and the fix', () => {
    const v = invalidTokenVerdicts(result({ '127.0.1.1': {} }, null));
    expect(v[0]).toMatchObject({ ok: false, kind: 'undecided', detail: expect.stringMatching(/^not judged: the spec does not show the limit's value \(RATE-13\).*Fix: --invalid-token-limit N\/S/) });
    expect(exitCode(v)).toBe(3);
  });

  it('a false 429 or an address without a limit misses it, named; answers other than 401 and 429 are the lane errors', () => {
    expect(rate12(result({ '127.0.1.1': { refused: 2, falseRefusals: 2 }, '127.0.1.2': {} }))).toMatchObject({ ok: false, kind: 'target', detail: expect.stringMatching(/2 429\(s\) that fewer than 60 .*\(127\.0\.1\.1: 2\)/) });
    expect(rate12(result({ '127.0.1.1': {}, '127.0.1.2': { notLimited: 1, mostAdmitted: 121 } }))).toMatchObject({ ok: false, detail: expect.stringMatching(/\(127\.0\.1\.2\): no such limit applies there/) });
    expect(invalidTokenVerdicts(result({ '127.0.1.1': { unauthorized: 9, errors: 1 } }))[1]).toMatchObject({ name: 'invalid-token answers', ok: false, detail: expect.stringMatching(/^1 of 10 requests/) });
    expect(invalidTokenVerdicts({ ...result({}), runs: [{ ...result({}).runs[0], invalidTokens: undefined } as RunInfo] })).toEqual([]);
  });

  it('prints one row per address, the missed ones first', () => {
    const lines = laneLines(result({ '127.0.1.1': {}, '127.0.1.2': { refused: 1, falseRefusals: 1 } }));
    expect(lines.slice(3).map((l) => l.split(/\s+/)[0])).toEqual(['127.0.1.2', '127.0.1.1']);
    expect(lines[3]).toMatch(/MISSED \(false 429\)$/);
  });

  it('shards written to files merge per address; shards judged against different limits are refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpf-lane-merge-'));
    try {
      const files = [result({ '127.0.1.1': { refused: 3 } }, LIMIT, '1/2'), result({ '127.0.1.2': { sent: 7, unauthorized: 7 } }, LIMIT, '2/2')].map((r, i) => {
        const file = join(dir, `shard-${i + 1}.json`);
        writeResult(file, r);
        return file;
      });
      const merged = mergeResults(files.map(readResult));
      expect(Object.entries(merged.stats.invalidTokens.addresses).map(([a, s]) => [a, s.sent, s.refused])).toEqual([
        ['127.0.1.1', 10, 3],
        ['127.0.1.2', 7, 0],
      ]);
      expect(rate12(merged)).toMatchObject({ ok: true, detail: expect.stringMatching(/17 requests without a valid token from 2 address\(es\)/) });
      expect(() => mergeResults([result({}, LIMIT), result({}, { ...LIMIT, requests: 30 })])).toThrow(/different limits.*Fix: give every shard the same --invalid-token-limit/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
