import { describe, expect, it } from 'vitest';
import { TimeOrdered } from './time-ordered.js';

describe('TimeOrdered', () => {
  it('keeps items in order whatever order they came in', () => {
    const t = new TimeOrdered<number>((n) => n);
    for (const n of [5, 1, 9, 3, 3, 7]) t.add(n);
    expect([...t.between(-Infinity, Infinity)]).toEqual([1, 3, 3, 5, 7, 9]);
    expect([...t.between(3, 7)]).toEqual([3, 3, 5]);
    expect(t.lastBefore(7)).toBe(5);
    expect(t.lastBefore(1)).toBeUndefined();
  });

  it('counts dropped items, so counts above the drop bound stay exact', () => {
    const t = new TimeOrdered<number>((n) => n);
    for (let n = 0; n < 5000; n++) t.add(n);
    t.dropBelow(3000);
    expect(t.size).toBe(2000);
    expect(t.countAtMost(3500)).toBe(3501);
    expect(t.countBelow(3500)).toBe(3500);
    expect(t.first()).toBe(3000);
    expect(t.shift()).toBe(3000);
    expect(t.countAtMost(4999)).toBe(5000);
  });
});
