import { describe, expect, it, vi, type TestContext } from 'vitest';
import type { Exchange } from './exchange.js';
import type { TargetContext } from './target.js';

const context: { current?: Partial<TargetContext> } = { current: { readOnly: false } };
vi.mock('./target.js', () => ({ target: () => context.current }));
vi.mock('allure-js-commons', () => Object.fromEntries(['epic', 'feature', 'label', 'severity', 'description', 'parameter', 'attachment'].map((name) => [name, async () => {}])));
const { check } = await import('./check.js');
const { GatewayAnswered } = await import('./client.js');

const gateway = () => new GatewayAnswered("inconclusive: POST /reports was answered HTTP 502, a gateway's answer", {} as Exchange);
const runs = { write: 0, rateLimit: 0, always: 0 };
const contexts = new Set<unknown>();

describe('a check whose run met a gateway in the target\'s place', () => {
  check('PROJ-89', 'runs once more from its start, with a context of its own, and judges the target there', async (t) => {
    contexts.add(t);
    if (++runs.write === 1) throw gateway();
    t.judged('PROJ-89', undefined, 'the second run');
  });

  check('RATE-1', 'is a rate-limit check and is not run again', async () => {
    runs.rateLimit++;
    throw gateway();
  }, { expects429: true });

  check('PROJ-89', 'runs twice at most', async () => {
    runs.always++;
    throw gateway();
  });

  it('ran each as many times as it may, and skipped those the gateway left without an answer of the target', (ctx: TestContext) => {
    expect(runs).toEqual({ write: 2, rateLimit: 1, always: 2 });
    expect(contexts.size).toBe(2);
    const outcomes = (ctx.task.suite?.tasks ?? []).filter((task) => task !== ctx.task).map((task) => [task.result?.state, task.meta.skipReason]);
    expect(outcomes).toEqual([
      ['pass', undefined],
      ['skip', expect.stringMatching(/^inconclusive: .*a gateway's answer$/)],
      ['skip', expect.stringMatching(/^inconclusive: .*a gateway's answer$/)],
    ]);
  });
});
