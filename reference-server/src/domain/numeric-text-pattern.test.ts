import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numericTextPattern } from './numeric-text-pattern.js';

describe('numericTextPattern', () => {
  it('matches the decimal text of an integer exactly when it lies in the range', () => {
    fc.assert(
      fc.property(fc.nat({ max: 3000 }), fc.nat({ max: 3000 }), fc.integer({ min: -10, max: 20000 }), (a, b, n) => {
        const [min, max] = [Math.min(a, b), Math.max(a, b)];
        const pattern = new RegExp(numericTextPattern({ min, max, integer: true, decimalComma: false }));
        expect(pattern.test(String(n))).toBe(n >= min && n <= max);
      }),
    );
  });

  it('matches decimal text exactly when its number lies in the range (exclusive minimum too)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 500 }), fc.boolean(), fc.double({ min: -10, max: 1000, noNaN: true }), (max, exclusive, n) => {
        const pattern = new RegExp(numericTextPattern({ min: 0, max, exclusiveMin: exclusive, integer: false, decimalComma: true }));
        const text = n.toFixed(3);
        const value = Number(text);
        if (exclusive && max === 0) return;
        expect(pattern.test(text), text).toBe((exclusive ? value > 0 : value >= 0) && value <= max && !text.startsWith('-'));
      }),
    );
  });
});
