import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { round, round1, round2, round3 } from './rounding.js';

describe('round', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [1.45, 1, 1.5],
    [-2.25, 1, -2.3],
    [118.934, 1, 118.9],
    [1.98222, 2, 1.98],
    [0.22136, 3, 0.221],
    [1383.2, 1, 1383.2],
    [0, 1, 0],
  ])('round(%d, %d) = %d', (value, decimals, expected) => {
    expect(round(value, decimals)).toBe(expected);
  });

  it('never gives -0 and passes non-finite values through', () => {
    expect(Object.is(round(-0.04, 1), 0)).toBe(true);
    expect(round(Number.POSITIVE_INFINITY, 1)).toBe(Number.POSITIVE_INFINITY);
    expect(round(Number.NaN, 1)).toBeNaN();
  });

  it('property: within half a unit of the last decimal, idempotent, and the same double as the decimal text', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(1, 2, 3), (x, d) => {
        const r = round(x, d);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5 * 10 ** -d * (1 + 1e-9));
        expect(round(r, d)).toBe(r);
        expect(r).toBe(Number(r.toFixed(d)));
      }),
    );
    expect([round1(1.25), round2(1.255), round3(1.2555)]).toEqual([1.3, 1.26, 1.256]);
  });
});
