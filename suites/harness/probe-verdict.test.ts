import { describe, expect, it } from 'vitest';
import type { Hit } from '../../harness-core/rate-limit-timeline.js';
import { judge, type Plan, type PlanRun } from '../rate-limit/probe.js';
import type { Actor } from './client.js';

const hit = (sentAt: number, receivedAt: number, status: number, label = `${sentAt}`): Hit => ({ label, sentAt, receivedAt, status });

describe('probe verdicts', () => {
  const actor = { label: 'pool:1 token 1' } as Actor;
  const plan: Plan = {
    steps: [
      { label: 'a', actor, path: '/reports', at: 0, expect: 'admitted' },
      { label: 'b', actor, path: '/reports', at: 0, expect: 'admitted' },
      { label: 'c', actor, path: '/reports', at: 550, expect: 'refused' },
    ],
  };
  const runOf = (hits: Hit[]): PlanRun => ({ hits, responses: [], origin: 0 });

  it('passes when every request is decided as designed', () => {
    expect(judge(plan, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(550, 553, 429)])).kind).toBe('pass');
  });

  it('fails with the timeline when the third admission is proven', () => {
    const verdict = judge(plan, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(550, 553, 200)]));
    expect(verdict.kind).toBe('fail');
    expect(verdict.kind === 'fail' && verdict.message).toMatch(/safety \(pool:1\): 3 admitted requests answered within 553\.0 ms/);
  });

  it('is undecided, not failed, when jitter leaves room for a correct limiter', () => {
    expect(judge(plan, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(550, 1200, 200)])).kind).toBe('undecided');
  });

  it('is undecided when the requests missed the edges the probe needs', () => {
    const placed: Plan = { ...plan, placed: (h) => (h[2] && h[2].sentAt < 500 ? 'too early' : undefined) };
    expect(judge(placed, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(400, 403, 429)])).kind).toBe('undecided');
  });

  it('fails a queue: a burst all admitted, answered a second apart', () => {
    const burst: Plan = { steps: Array.from({ length: 4 }, (_, i) => ({ label: `${i}`, actor, path: '/reports', at: 0, expect: 'any' as const })), admittedAmongAny: 2 };
    const verdict = judge(burst, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(0, 1002, 200), hit(0, 1003, 200)]));
    expect(verdict.kind === 'fail' && verdict.message).toMatch(/queueing \(pool:1\): .*held requests back/);
    // A queue is judged on a repeat: one attempt's late decisions may be a stall before the request arrived.
    expect(verdict.kind === 'fail' && verdict.repeat).toBe(true);
  });

  it('tells a shorter window: a third admitted 960 ms after the pair is a violation when answered within the second', () => {
    const window: Plan = { ...plan, steps: plan.steps.map((s, i) => (i === 2 ? { ...s, at: 960, after: { steps: [0, 1], plusMs: 960 } } : s)) };
    expect(judge(window, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(963, 966, 200)])).kind).toBe('fail');
    expect(judge(window, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(963, 1001, 200)])).kind).toBe('undecided');
    expect(judge(window, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(963, 966, 429)])).kind).toBe('pass');
  });
});
