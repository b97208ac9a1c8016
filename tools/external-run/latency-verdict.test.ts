import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../cli/report/summary.js';
import { latencyVerdict } from './latency-verdict.js';

const stats = { connections: 40, chunks: 5000, bytes: 3_000_000, minMs: 10.1, maxMs: 69.9, meanMs: 40.2 };

function summary(wallSeconds: number, extra: Partial<RunSummary> = {}): RunSummary {
  return {
    target: 'http://127.0.0.1:1/api/v2',
    readOnly: false,
    areas: [{ area: 'rate-limit', passed: 14, failed: 0, broken: 0, skipped: 1 }],
    totals: { passed: 683, failed: 0, broken: 0, skipped: 1 },
    wallSeconds,
    pacingFloorSeconds: 47,
    busiestCustomer: 'primary',
    requests: 3000,
    unintended429: [],
    createdProjects: 80,
    skipped: [{ title: '[RATE-3] sliding second', reason: 'inconclusive (timing jitter): attempt 1: ...' }],
    failed: [],
    reports: {},
    ...extra,
  };
}

describe('latency verdict', () => {
  it('prints the figures and keeps the CLI code when within the allowed ratio', () => {
    const verdict = latencyVerdict({ flags: { delayMs: 40, jitterMs: 30, maxFloorRatio: 1.3 }, stats, summary: summary(58.2), cliCode: 0 });
    expect(verdict.code).toBe(0);
    expect(verdict.lines.join('\n')).toContain('wall time 58.2 s vs floor 47.0 s (1.24x, allowed 1.3x), unintended 429s 0, 683 passed, 0 failed, 0 broken, 1 inconclusive (rate-limit checks: 14 passed, 0 failed)');
    expect(verdict.lines).toContain('  inconclusive: [RATE-3] sliding second');
  });

  it('exits 3 when the run took longer than the allowed multiple of the floor', () => {
    const verdict = latencyVerdict({ flags: { delayMs: 40, jitterMs: 30, maxFloorRatio: 1.3 }, stats, summary: summary(62), cliCode: 0 });
    expect(verdict.code).toBe(3);
    expect(verdict.lines.at(-1)).toMatch(/1\.32x its pacing floor, more than the allowed 1\.3x/);
  });

  it('exits 3 when the proxy held nothing back: the run bypassed it', () => {
    expect(latencyVerdict({ flags: { delayMs: 40, jitterMs: 30 }, stats: { ...stats, chunks: 0 }, summary: summary(50), cliCode: 0 }).code).toBe(3);
  });

  it("keeps the CLI's own failure code", () => {
    expect(latencyVerdict({ flags: { delayMs: 40, jitterMs: 30, maxFloorRatio: 1.3 }, stats, summary: summary(50), cliCode: 1 }).code).toBe(1);
  });

  it('without a summary only a required ratio turns the run red', () => {
    expect(latencyVerdict({ flags: { delayMs: 40, jitterMs: 30 }, stats, summary: undefined, cliCode: 0 }).code).toBe(0);
    expect(latencyVerdict({ flags: { delayMs: 40, jitterMs: 30, maxFloorRatio: 1.3 }, stats, summary: undefined, cliCode: 0 }).code).toBe(3);
  });
});
