import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../harness-core/check-result.js';
import type { RunStats } from '../../harness-core/pacer-server.js';
import { exitCodeFor, formatSummary, summarize } from './summary.js';

const check = (title: string, state: CheckResult['state'], note?: string): CheckResult => ({ title, file: 'suites/auth/a.test.ts', area: 'auth', rules: [], state, durationMs: 0, ...(note ? { note } : {}) });
const stray429 = { customer: 'primary', check: '[PROJ-2] c', method: 'GET', path: '/reports' };

function summaryOf(checks: CheckResult[], unintended429: RunStats['unintended429'] = [], expectations?: Parameters<typeof summarize>[0]['expectations'], provenWrongRefusals?: RunStats['provenWrongRefusals']) {
  const stats: RunStats = { startedAt: 0, requestsByCustomer: { primary: 4 }, unintended429, createdProjects: [], ...(provenWrongRefusals ? { provenWrongRefusals } : {}) };
  return summarize({ target: 'http://127.0.0.1:1/api/v2', readOnly: false, checks, stats, wallSeconds: 3, reports: {}, ...(expectations ? { expectations } : {}) });
}

describe('exitCodeFor', () => {
  it('is 0 when every check passed or was skipped', () => {
    expect(exitCodeFor(summaryOf([check('a', 'passed'), check('b', 'skipped', 'no pool')]))).toBe(0);
  });

  it('is 1 when a rule failed, also when other checks broke or a paced customer met a 429', () => {
    expect(exitCodeFor(summaryOf([check('a', 'failed', 'expected 401')]))).toBe(1);
    expect(exitCodeFor(summaryOf([check('a', 'failed', 'expected 401'), check('b', 'broken', 'TypeError')], [stray429]))).toBe(1);
  });

  it('is 3 when nothing failed but a check broke or a paced customer met a 429', () => {
    expect(exitCodeFor(summaryOf([check('a', 'passed'), check('b', 'broken', 'target unreachable')]))).toBe(3);
    expect(exitCodeFor(summaryOf([check('a', 'passed')], [stray429]))).toBe(3);
  });

  it('counts only new failures against an expectations baseline', () => {
    const failed = check('[AUTH-5] a', 'failed', 'expected 401');
    const known = { known: [{ title: failed.title, reason: 'ticket' }], regressions: [], fixed: [] };
    expect(exitCodeFor(summaryOf([failed], [], known))).toBe(0);
    expect(exitCodeFor(summaryOf([failed, check('b', 'broken', 'TypeError')], [], known))).toBe(3);
    expect(exitCodeFor(summaryOf([failed], [], { ...known, known: [], regressions: [failed] }))).toBe(1);
  });
});

describe('formatSummary', () => {
  it('prints the limits\' floor: the busiest customer\'s requests at 2 per sliding second before the quiet phase, then its busiest in it', () => {
    const stats: RunStats = {
      startedAt: 0,
      requestsByCustomer: { primary: 40, 'pool:0': 30, 'pool:1': 12 },
      quietPhase: { from: 21_000, requestsByCustomer: { 'pool:0': 12, 'pool:1': 8 } },
      unintended429: [],
      createdProjects: [],
    };
    const s = summarize({ target: 'http://127.0.0.1:1/api/v2', readOnly: false, checks: [check('a', 'passed')], stats, wallSeconds: 30, reports: {}, expectedFloorSeconds: 27 });
    // 40 requests at 2 per sliding second: the first two at once, each further two a second later
    // (19 s); then pool:0's 12 in the quiet phase (5 s).
    expect(s.pacingFloorSeconds).toBe(24);
    expect(s.busiestCustomer).toBe('primary');
    expect(formatSummary(s)).toContain("wall time 30.0 s, floor 24.0 s (1.25x the floor) (what the limits force: customer primary, 40 requests at 2 per second); the plan's estimate before the run ~27 s; the quiet phase from 21.0 s, its part of the floor 5.0 s");
  });

  it('takes the invalid-token lane under the documented per-address limit when it takes longer, RATE-12\'s probe a window apart from the rest', () => {
    const stats: RunStats = {
      startedAt: 0,
      requestsByCustomer: { primary: 40, '#invalid-token': 99 },
      demandByArea: { auth: { 'role:#invalid-token': 70 }, 'rate-limit': { 'hold:#invalid-token': 29 } },
      unintended429: [],
      createdProjects: [],
    };
    const s = summarize({ target: 'http://127.0.0.1:1/api/v2', readOnly: false, checks: [check('a', 'passed')], stats, wallSeconds: 190, reports: {}, invalidTokenLimit: { requests: 30, windowSeconds: 60 } });
    expect(s.pacingFloorSeconds).toBe(180);
    expect(formatSummary(s)).toContain('floor 180.0 s (1.06x the floor) (what the limits force: the lane of requests without a valid token, 70 requests under the documented per-address limit)');
    // Without a documented limit the lane's pace is the harness's guess, not the target's limit.
    expect(summarize({ target: 'http://127.0.0.1:1/api/v2', readOnly: false, checks: [], stats, wallSeconds: 190, reports: {} }).pacingFloorSeconds).toBe(19);
  });

  it('says how many requests without a valid token each rule sent, a held lane apart from the total', () => {
    const stats: RunStats = { startedAt: 0, requestsByCustomer: { primary: 4 }, laneRequestsByRule: { 'AUTH-1': 2, 'AUTH-4': 5, 'RATE-12 (lane held)': 29 }, unintended429: [], createdProjects: [] };
    const text = formatSummary(summarize({ target: 'http://127.0.0.1:1/api/v2', readOnly: false, checks: [check('[AUTH-1] a', 'passed')], stats, wallSeconds: 3, reports: {} }));
    expect(text).toContain('requests without a valid token 7, per rule: RATE-12 (lane held) 29, AUTH-4 5, AUTH-1 2');
    expect(formatSummary(summaryOf([check('a', 'passed')]))).not.toContain('without a valid token');
  });

  it('lists failed and broken checks apart, each with its note', () => {
    const text = formatSummary(summaryOf([check('[AUTH-5] query token', 'failed', 'answered 429'), check('[PROJ-2] upper case', 'broken', 'unintended 429'), check('[META-1] root', 'passed')]));
    const failedAt = text.indexOf('failed (the target broke a rule):');
    const brokenAt = text.indexOf('broken (the harness or the setup failed');
    expect(failedAt).toBeGreaterThan(0);
    expect(brokenAt).toBeGreaterThan(failedAt);
    expect(text.slice(failedAt, brokenAt)).toContain('FAILED [AUTH-5] query token\n      answered 429');
    expect(text.slice(brokenAt)).toContain('BROKEN [PROJ-2] upper case\n      unintended 429');
    expect(text).not.toContain('[META-1] root');
  });

  it("prints the refusals the pacer's timeline proves wrong as a RATE-2 failure, with their checks", () => {
    const refusal = (check: string) => ({ customer: 'pool:3', check, method: 'GET', path: '/reports' });
    const failed = [check('[PROJ-2] a', 'failed', 'GET /reports answered 429'), check('[PROJ-3] b, c', 'failed', 'GET /reports answered 429')];
    const text = formatSummary(summaryOf(failed, [], undefined, [refusal('[PROJ-2] a'), refusal('[PROJ-3] b, c'), refusal('[PROJ-2] a')]));
    expect(text).toContain("RATE-2 failed: 3 refusal(s) the pacer's timeline proves wrong (checks: [PROJ-2] a; [PROJ-3] b, c)");
    expect(formatSummary(summaryOf(failed, [], undefined, []))).not.toContain('proves wrong');
    const many = formatSummary(summaryOf(failed, [], undefined, Array.from({ length: 7 }, (_, i) => refusal(`[PROJ-${i}] c`))));
    expect(many).toContain('(checks: [PROJ-0] c; [PROJ-1] c; [PROJ-2] c; [PROJ-3] c; [PROJ-4] c; ... and 2 more (reports/summary.json lists all))');
  });
});
