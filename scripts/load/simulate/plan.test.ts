import { describe, expect, it } from 'vitest';
import { planForPopulation, type PlanInput } from './plan.js';
import { MIN_PHASE_SAMPLES } from './verdicts.js';

const input = (over: Partial<PlanInput>): PlanInput => ({ customers: 10_000, flooders: 1, durationSeconds: 60, rate: 0.02, busyShare: 0.005, marginMs: 50, floodPhaseSeconds: 10, given: [], ...over });

describe('the plan fits the defaults to the population', () => {
  it('leaves the defaults of a large population as they are', () => {
    const plan = planForPopulation(input({}));
    expect([plan.rate, plan.floodPhaseSeconds, plan.shortfalls]).toEqual([0.02, 10, []]);
  });

  it('plans 10 customers in 30 s so each flood phase gets its samples, within the budget', () => {
    const plan = planForPopulation(input({ customers: 10, durationSeconds: 30 }));
    const cap = 2000 / 1050;
    expect(plan.rate).toBe(1.142);
    expect(plan.busyShare).toBe(0.8);
    expect(plan.perSecond * 30).toBeGreaterThanOrEqual(2 * MIN_PHASE_SAMPLES * 1.3);
    expect(plan.perSecond).toBeLessThanOrEqual(10 * cap);
    expect(plan.floodPhaseSeconds).toBe(7);
    expect(plan.shortfalls).toEqual([]);
    expect(plan.lines[0]).toMatch(/8 steadily at their whole budget .*2 at 1\.142\/s on average, raised to fit the population from 0\.02/);
  });

  it('a moderate population only needs a higher mean rate', () => {
    const plan = planForPopulation(input({ customers: 100, durationSeconds: 30 }));
    expect(plan.rate).toBeGreaterThan(0.02);
    expect(plan.rate).toBeLessThan(0.5);
    expect(plan.busyShare).toBe(0.005);
  });

  it('says before the run when even the whole budget cannot give enough samples', () => {
    const plan = planForPopulation(input({ customers: 3, durationSeconds: 30 }));
    expect(plan.busyShare).toBe(1);
    expect(plan.shortfalls[0]).toMatch(/even the whole budget of 3 customers .* Fix: a longer --duration \(at least \d+ s\)/);
    expect(plan.lines.at(-1)).toMatch(/^plan: flood's effect on the others: too few samples, it will be reported undecided/);
  });

  it('keeps a rate and a busy share given on the command line and says what they lack', () => {
    const plan = planForPopulation(input({ customers: 10, durationSeconds: 30, rate: 0.5, given: ['rate', 'busyShare'] }));
    expect([plan.rate, plan.busyShare]).toEqual([0.5, 0.005]);
    expect(plan.shortfalls[0]).toMatch(/the options given plan about 150 requests.*Fix: leave --rate and --busy to the plan/);
  });

  it('without flooders there is nothing to compare: no change', () => {
    expect(planForPopulation(input({ customers: 10, durationSeconds: 30, flooders: 0 })).rate).toBe(0.02);
  });
});
