import { describe, expect, it } from 'vitest';
import { foreignFirst, pairsWanted } from './paired-probe.js';

describe('the arms\' order', () => {
  it('is the same for a seed and a pair in every run, and balanced over the pairs', () => {
    const orders = Array.from({ length: 2000 }, (_, i) => foreignFirst(23, i));
    expect(Array.from({ length: 2000 }, (_, i) => foreignFirst(23, i))).toEqual(orders);
    const first = orders.filter(Boolean).length;
    expect(first).toBeGreaterThan(900);
    expect(first).toBeLessThan(1100);
    expect(Array.from({ length: 64 }, (_, i) => foreignFirst(24, i))).not.toEqual(orders.slice(0, 64));
  });
});

describe('the pairs a look waits for', () => {
  it('rounds the look up to whole rounds of the lanes, within the budget, never below the look', () => {
    expect(pairsWanted(24, 16)).toBe(32);
    expect(pairsWanted(48, 16)).toBe(48);
    expect(pairsWanted(96, 16)).toBe(96);
    expect(pairsWanted(24, 12)).toBe(24);
    expect(pairsWanted(24, 5)).toBe(25);
    expect(pairsWanted(96, 10)).toBe(96);
    expect(pairsWanted(24, 0)).toBe(24);
    expect(pairsWanted(24, 1)).toBe(24);
  });
});
