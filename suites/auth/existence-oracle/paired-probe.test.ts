import { describe, expect, it } from 'vitest';
import { foreignFirst } from './paired-probe.js';

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
