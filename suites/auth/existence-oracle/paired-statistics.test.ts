import { describe, expect, it } from 'vitest';
import {
  ALPHA,
  binomialUpper,
  criticalCount,
  decide,
  LOOKS,
  medianInterval,
  normalCdf,
  normalQuantile,
  PAIR_BUDGET,
  resolution,
  robustSigma,
  sequentialProbe,
  signTest,
  signTestPower,
  summarise,
} from './paired-statistics.js';

/** A seeded generator (mulberry32), so every synthetic trial is the same in every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** Symmetric and heavy-tailed: Student's t with 2 degrees of freedom (no variance), scaled. */
function heavyTailed(rand: () => number): number {
  const z = normal(rand);
  const chi2 = normal(rand) ** 2 + normal(rand) ** 2;
  return z / Math.sqrt(chi2 / 2);
}

/** Pairs with differences `shift + noise()`; one answer of the never-existing arm takes `answerMs`. */
const source = (noise: () => number, shift: number, answerMs = 2) => {
  const all: number[] = [];
  return (atLeast: number) => {
    while (all.length < atLeast) all.push(shift + noise());
    return Promise.resolve({ differences: [...all], answerMs });
  };
};

describe('sign test', () => {
  it('gives the exact two-sided binomial p-value', () => {
    expect(signTest(Array<number>(10).fill(1)).p).toBeCloseTo(2 / 1024, 12);
    // 8 of 10 positive: 2 · P(K ≥ 8) = 2 · (45 + 10 + 1) / 1024.
    expect(signTest([1, 1, 1, 1, 1, 1, 1, 1, -1, -1]).p).toBeCloseTo(112 / 1024, 12);
    expect(signTest([1, -1, 2, -2]).p).toBe(1);
  });

  it('leaves ties out', () => {
    expect(signTest([0, 0, 1, 1, 1]).n).toBe(3);
  });

  it('rejects at the critical count and not one below', () => {
    const alpha = ALPHA / LOOKS.length;
    const c = criticalCount(48, alpha) as number;
    expect(2 * binomialUpper(c, 48, 0.5)).toBeLessThanOrEqual(alpha);
    expect(2 * binomialUpper(c - 1, 48, 0.5)).toBeGreaterThan(alpha);
    expect(criticalCount(10, alpha)).toBeUndefined();
  });
});

describe('median interval', () => {
  it('takes the order statistics of the binomial quantiles', () => {
    // n = 24 at 99.9 %: P(K ≤ 3) = 2325 / 2^24 ≤ 0.0005 < P(K ≤ 4), so l = 4: the 4th and the 21st value.
    const values = Array.from({ length: 24 }, (_, i) => i + 1);
    expect(medianInterval(values, ALPHA)).toEqual({ low: 4, high: 21 });
  });

  it('is unbounded when the sample is too small for the confidence', () => {
    expect(medianInterval([1, 2, 3, 4, 5], ALPHA)).toEqual({ low: -Infinity, high: Infinity });
  });
});

describe('noise and resolution', () => {
  it('estimates σ of a normal sample from the MAD', () => {
    const rand = random(7);
    const sample = Array.from({ length: 4000 }, () => 2 * normal(rand));
    expect(robustSigma(sample)).toBeGreaterThan(1.9);
    expect(robustSigma(sample)).toBeLessThan(2.1);
  });

  it('inverts the normal distribution', () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalQuantile(0.9)).toBeCloseTo(1.281552, 5);
  });

  it('is the shift the test finds with power 0.9', () => {
    const alpha = ALPHA / LOOKS.length;
    const x = resolution(96, 1, alpha);
    expect(signTestPower(96, alpha, normalCdf(x))).toBeCloseTo(0.9, 6);
  });

  it('shrinks over the looks and grows with σ', () => {
    const alpha = ALPHA / LOOKS.length;
    const atLooks = LOOKS.map((n) => resolution(n, 1, alpha));
    for (let i = 1; i < atLooks.length; i++) expect(atLooks[i]).toBeLessThan(atLooks[i - 1] as number);
    for (let n = 24; n <= 384; n += 24) expect(resolution(n + 24, 1, alpha)).toBeLessThan(resolution(n, 1, alpha));
    for (const sigma of [0.1, 0.5, 1, 2]) expect(resolution(48, 2 * sigma, alpha)).toBeCloseTo(2 * resolution(48, sigma, alpha), 9);
    expect(resolution(10, 1, alpha)).toBe(Infinity);
  });
});

describe('sequential decisions on synthetic pairs', () => {
  it('finds a 5 ms shift at the first look', async () => {
    const { verdict, summary } = await sequentialProbe(source(() => 0.5 * normal(random(1)), 5));
    expect(verdict).toEqual({ kind: 'distinguishable', look: 0 });
    expect(summary.interval.low).toBeGreaterThan(4);
  });

  it('finds a 1 ms shift in noise of σ 0.5 ms within the budget, in every seeded trial', async () => {
    for (let seed = 0; seed < 50; seed++) {
      const rand = random(seed);
      const { verdict } = await sequentialProbe(source(() => 0.5 * normal(rand), 1));
      expect(verdict.kind).toBe('distinguishable');
    }
  });

  it('passes no shift in low noise at the first look, with the resolution reached', async () => {
    const rand = random(3);
    const { verdict, summary } = await sequentialProbe(source(() => 0.1 * normal(rand), 0));
    expect(verdict).toEqual({ kind: 'indistinguishable', look: 0 });
    expect(summary.resolutionMs).toBeLessThan(0.5);
  });

  it('passes at the last look with a resolution coarser than the target but finer than one answer, with X', async () => {
    const rand = random(4);
    const coarse = await sequentialProbe(source(() => 1 * normal(rand), 0, 2));
    expect(coarse.verdict).toEqual({ kind: 'indistinguishable', look: LOOKS.length - 1 });
    expect(coarse.summary.pairs).toBe(PAIR_BUDGET);
    expect(coarse.summary.resolutionMs).toBeGreaterThan(0.5);
    expect(coarse.summary.resolutionMs).toBeLessThan(2);
  });

  it('is undecided when it cannot resolve one answer: early when even the budget could not, else at the last look', async () => {
    const rand = random(5);
    const hopeless = await sequentialProbe(source(() => 20 * normal(rand), 0, 2));
    expect(hopeless.verdict).toEqual({ kind: 'undecided', look: 0 });
    expect(hopeless.summary.resolutionMs).toBeGreaterThan(2);
    const close = await sequentialProbe(source(() => 1 * normal(rand), 0, 0.6));
    expect(close.verdict).toEqual({ kind: 'undecided', look: LOOKS.length - 1 });
    expect(close.summary.pairs).toBe(PAIR_BUDGET);
  });

  it('never gives up early while the sign test leans', () => {
    const leaning = summarise({ differences: Array.from({ length: 24 }, (_, i) => (i < 19 ? 30 + i : -30 - i)), answerMs: 1 });
    expect(leaning.p).toBeLessThan(0.05);
    expect(decide(leaning, 0).kind).toBe('continue');
  });

  it('calls symmetric heavy-tailed noise distinguishable in about α of 2,000 trials, never more than chance allows', async () => {
    let falsePositives = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const rand = random(1000 + trial);
      const { verdict } = await sequentialProbe(source(() => 0.8 * heavyTailed(rand), 0));
      if (verdict.kind === 'distinguishable') falsePositives++;
    }
    // α = 0.001 over the looks: about 2 expected at most; 7 or more has a probability below 0.5 %.
    expect(falsePositives).toBeLessThan(7);
  });
});
