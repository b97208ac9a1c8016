import { describe, expect, it } from 'vitest';
import type { Hit } from '../../harness-core/rate-limit-timeline.js';
import { hitOf, judge, sendForTimeline, type Plan, type PlanRun } from './probe.js';
import { GatewayAnswered, NoAnswer, type Actor } from '../harness/client.js';
import type { Exchange } from '../harness/exchange.js';

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
    const verdict = judge(plan, runOf([hit(0, 3, 200), hit(0, 3, 200), hit(550, 1200, 200)]));
    expect(verdict.kind).toBe('undecided');
    // Jitter: the plan's own attempts are counted for it, no further one is made.
    expect(verdict).not.toHaveProperty('lost');
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

  it('takes a request without an answer as decided at any later time: undecided, never a liveness failure', () => {
    const dropped = hit(0, Number.POSITIVE_INFINITY, 0);
    // The first pair's second request was dropped: the refusal may rest on it, however late it was decided.
    const verdict = judge(plan, runOf([hit(0, 3, 200), dropped, hit(550, 553, 429)]));
    expect(verdict).toMatchObject({ kind: 'undecided', lost: true, message: expect.stringMatching(/^#2 0 got no answer of the target \(a dropped connection, or only a gateway's answer\), where a sliding second of 2 per customer admits it; but what the target decided/) });
    // A burst with a member of unknown outcome is undecided for it alike.
    const burst: Plan = { steps: Array.from({ length: 3 }, (_, i) => ({ label: `${i}`, actor, path: '/reports', at: 0, expect: 'any' as const })), admittedAmongAny: 2 };
    expect(judge(burst, runOf([hit(0, 3, 200), hit(0, 4, 200), dropped]))).toMatchObject({ kind: 'undecided', lost: true });
    // An earlier attempt's dropped request counts in a later attempt's window too.
    const refusedAtOnce = runOf([hit(2000, 2003, 200), hit(2000, 2003, 429), hit(2550, 2553, 429)]);
    expect(judge(plan, refusedAtOnce).kind).toBe('fail');
    expect(judge(plan, refusedAtOnce, new Map([['pool:1', [dropped]]])).kind).toBe('undecided');
  });

  it("takes the target's own decision delays, shown by requests with room in earlier attempts, into the queueing bound", () => {
    const burst: Plan = { steps: Array.from({ length: 3 }, (_, i) => ({ label: `${i}`, actor, path: '/reports', at: 0, expect: 'any' as const })), admittedAmongAny: 2 };
    const held = runOf([hit(5000, 5003, 200), hit(5000, 5004, 200), hit(5000, 6010, 200)]);
    expect(judge(burst, held).kind).toBe('fail');
    // Before, a request with the window's room to spare waited 2.5 s: this target decides late anyway.
    const lateAnyway = new Map([['pool:1', [hit(0, 3, 200), hit(1, 2500, 200)]]]);
    expect(judge(burst, held, lateAnyway).kind).not.toBe('fail');
  });

  it('proves no queue when the held admission came long after its window had room: a late decider', () => {
    const burst: Plan = { steps: Array.from({ length: 3 }, (_, i) => ({ label: `${i}`, actor, path: '/reports', at: 0, expect: 'any' as const })), admittedAmongAny: 2 };
    expect(judge(burst, runOf([hit(0, 3, 200), hit(0, 4, 200), hit(0, 3500, 200)])).kind).not.toBe('fail');
  });

  it("takes a gateway's answer, as a dropped connection, for an unknown outcome: the hit is decided at any later time", async () => {
    const exchange: Exchange = { customer: 'pool:1', request: { method: 'GET', url: 'http://127.0.0.1:1/api/v2/reports', headers: {} }, sentAt: 100, receivedAt: 130 };
    for (const error of [new GatewayAnswered('inconclusive: a gateway answered 502', exchange), new NoAnswer('target unreachable', exchange)]) {
      const sent = await sendForTimeline(() => Promise.reject(error));
      expect(hitOf('a', sent)).toEqual({ label: 'a', sentAt: 100, receivedAt: Number.POSITIVE_INFINITY, status: 0 });
    }
    await expect(sendForTimeline(() => Promise.reject(new Error('a defect of the check')))).rejects.toThrow('a defect of the check');
  });
});
