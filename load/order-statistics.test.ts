import { describe, expect, it } from 'vitest';
import { median, medianInterval, medianOfSamples, percentile, sortedAscending } from './order-statistics.js';
import { seededRandom } from './seeded-random.js';

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('percentile (nearest rank)', () => {
  it('is the smallest sample with at least p % at or below it', () => {
    expect(percentile(oneTo(100), 99)).toBe(99);
    expect(percentile(oneTo(100), 50)).toBe(50);
    expect(percentile(oneTo(10), 95)).toBe(10);
    expect(percentile(oneTo(3), 50)).toBe(2);
  });

  it('stays within the samples at both ends, and is 0 for none', () => {
    expect(percentile(oneTo(5), 0)).toBe(1);
    expect(percentile(oneTo(5), 100)).toBe(5);
    expect(percentile([], 99)).toBe(0);
  });
});

describe('median', () => {
  it('is the middle sample, or the mean of the two middle ones', () => {
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(median([1, 2, 10])).toBe(2);
    expect(median([])).toBeUndefined();
  });

  it('takes samples sorted by sortedAscending, which leaves its argument as it was', () => {
    const samples = [3, 1, 2];
    expect(median(sortedAscending(samples))).toBe(2);
    expect(medianOfSamples(samples)).toBe(2);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('the interval for the median', () => {
  it('takes the order statistics the binomial distribution gives, and none below six values at 0.95', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(medianInterval(values(5), 0.95)).toBeUndefined();
    expect(medianInterval(values(6), 0.95)).toEqual([1, 6]);
    expect(medianInterval(values(9), 0.95)).toEqual([2, 8]);
    expect(medianInterval(values(32), 0.95)).toEqual([10, 23]);
    // Far beyond where 0.5^n underflows: the interval of the normal approximation.
    const [low, high] = medianInterval(values(2001), 0.95) as [number, number];
    expect(Math.abs(low - (1001 - (1.96 * Math.sqrt(2001)) / 2))).toBeLessThan(2);
    expect(high).toBe(2002 - low);
  });

  it('covers the median at least as often as it claims (a fixed sequence of draws)', () => {
    const random = seededRandom(17);
    let covered = 0;
    const trials = 2000;
    for (let t = 0; t < trials; t++) {
      const sample = Array.from({ length: 12 }, () => -Math.log(1 - random())).sort((a, b) => a - b);
      const [low, high] = medianInterval(sample, 0.95) as [number, number];
      if (low <= Math.LN2 && Math.LN2 <= high) covered += 1;
    }
    expect(covered / trials).toBeGreaterThanOrEqual(0.95 - 0.01);
  });
});
