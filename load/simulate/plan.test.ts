import { describe, expect, it } from 'vitest';
import { MIN_PAIRS } from './flood-comparison.js';
import { PHASE_REQUESTS, planForPopulation, type PlanInput } from './plan.js';

const input = (over: Partial<PlanInput>): PlanInput => ({ customers: 10_000, flooders: 1, durationSeconds: 60, rate: 0.02, busyShare: 0.005, marginMs: 50, floodPhaseSeconds: 1, warmUpSeconds: 10, given: [], ...over });
const cap = 2000 / 1050;

describe('the plan fits the defaults to the population', () => {
  it('leaves the rates of a large population as they are, with phases of half a second after a 10 s warm-up', () => {
    const plan = planForPopulation(input({}));
    expect([plan.rate, plan.busyShare, plan.floodPhaseSeconds, plan.warmUpSeconds, plan.shortfalls]).toEqual([0.02, 0.005, 0.5, 10, []]);
    expect(plan.pairs).toBe(32);
  });

  it('plans 9 customers (10 in a pool, one flooding) in the default 60 s so the comparison gets its pairs, within the budget', () => {
    const plan = planForPopulation(input({ customers: 9 }));
    expect(plan.busyShare).toBeCloseTo(7 / 9, 6);
    expect(plan.perSecond).toBeLessThanOrEqual(9 * cap);
    expect(plan.perSecond * plan.floodPhaseSeconds).toBeGreaterThanOrEqual(PHASE_REQUESTS);
    expect(plan.floodPhaseSeconds).toBe(1);
    expect(plan.pairs).toBe(15);
    expect(plan.pairs).toBeGreaterThanOrEqual(MIN_PAIRS);
    expect(plan.shortfalls).toEqual([]);
    expect(plan.lines[0]).toMatch(/7 steadily at their whole budget .*--busy raised to fit the population.*2 at 1\.142\/s.*flood phases of 1 s .*the first 10 s a warm-up: about 15 pairs/);
  });

  it('a moderate population only needs a higher mean rate', () => {
    const plan = planForPopulation(input({ customers: 100, durationSeconds: 30 }));
    expect(plan.warmUpSeconds).toBe(5);
    expect(plan.rate).toBeGreaterThan(0.02);
    expect(plan.rate).toBeLessThan(0.6 * cap);
    expect(plan.busyShare).toBe(0.005);
    expect(plan.pairs).toBeGreaterThanOrEqual(MIN_PAIRS);
  });

  it('says before the run when even the whole budget cannot give enough to compare', () => {
    const plan = planForPopulation(input({ customers: 3, durationSeconds: 30 }));
    expect(plan.busyShare).toBe(1);
    expect(plan.shortfalls[0]).toMatch(/3 customers at their whole budget .* Fix: a longer --duration \(at least (\d+) s\)/);
    const shortest = Number(/at least (\d+) s/.exec(plan.shortfalls[0] as string)?.[1]);
    expect(planForPopulation(input({ customers: 3, durationSeconds: shortest, warmUpSeconds: 5, given: ['warmUpSeconds'] })).shortfalls).toEqual([]);
    expect(plan.lines.at(-1)).toMatch(/^plan: flood's effect on the others: too few to compare, it will be reported undecided/);
  });

  it('keeps a rate, a busy share and a phase given on the command line and says what they lack', () => {
    const plan = planForPopulation(input({ customers: 10, durationSeconds: 30, rate: 0.5, floodPhaseSeconds: 10, given: ['rate', 'busyShare', 'floodPhaseSeconds'] }));
    expect([plan.rate, plan.busyShare, plan.floodPhaseSeconds]).toEqual([0.5, 0.005, 10]);
    expect(plan.shortfalls[0]).toMatch(/the options given plan about 0 pairs\. Fix: leave --rate, --busy and --flood-phase to the plan/);
  });

  it('without flooders there is nothing to compare: no change', () => {
    expect(planForPopulation(input({ customers: 10, durationSeconds: 30, flooders: 0 })).rate).toBe(0.02);
  });
});
