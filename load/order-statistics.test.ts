import { describe, expect, it } from 'vitest';
import { median, percentile, sortedAscending } from './order-statistics.js';

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
    expect(samples).toEqual([3, 1, 2]);
  });
});
