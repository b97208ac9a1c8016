import { describe, expect, it } from 'vitest';
import { LIMIT, WINDOW_MS } from '../../harness-core/rate-limit-timeline.js';
import { DueHeap } from './due-heap.js';
import { seededRandom } from '../seeded-random.js';
import { runScheduler } from './scheduler.js';
import { SendBudget } from './send-budget.js';
import { planArrivals } from './simulation.js';

describe('DueHeap', () => {
  it('pops in due order whatever the push order', () => {
    const random = seededRandom(7);
    const heap = new DueHeap();
    const dues = Array.from({ length: 500 }, () => random() * 1000);
    dues.forEach((d, id) => heap.push(id, d));
    const popped: number[] = [];
    while (heap.size > 0) popped.push(heap.pop().due);
    expect(popped).toEqual([...dues].sort((a, b) => a - b));
  });
});

describe('the scheduler keeps every customer within its budget', () => {
  it('no customer has more than 2 send times in any sliding second, though its plan asks for more', async () => {
    const margin = 20;
    // 40 customers at the maximum mean rate (Poisson bunches requests), 4 steady at the full budget.
    const plans = planArrivals(44, 0, { rate: 2, busyShare: 4 / 44, marginMs: margin, floodRate: 1, floodPhaseSeconds: 1 });
    const sends = new Map<number, number[]>();
    const start = performance.now() + 10;
    const random = seededRandom(42);
    const { done } = runScheduler({
      plans,
      budget: new SendBudget(plans.length, margin),
      randomOf: () => random,
      startAt: start,
      endAt: start + 1500,
      fire: (id, sentAt) => sends.set(id, [...(sends.get(id) ?? []), sentAt]),
    });
    const stats = await done;
    expect(stats.fired).toBeGreaterThan(60);
    // The Poisson customers asked for more than the budget at times: the guard had to act.
    expect(stats.deferred).toBeGreaterThan(0);
    for (const times of sends.values()) {
      for (let i = LIMIT; i < times.length; i++) expect((times[i] as number) - (times[i - LIMIT] as number)).toBeGreaterThanOrEqual(WINDOW_MS + margin);
    }
  });

  it('a steady customer is planned at exactly its budget: a third send 1 s + margin after the first', () => {
    const [plan] = planArrivals(1, 0, { rate: 0.1, busyShare: 1, marginMs: 50, floodRate: 1, floodPhaseSeconds: 1 });
    expect(plan).toEqual({ kind: 'steady', periodMs: 525 });
  });
});
