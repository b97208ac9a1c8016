import { describe, expect, it } from 'vitest';
import { UsageError } from './usage.js';
import { numberFlag } from './number-flag.js';

describe('numberFlag', () => {
  it('takes a number within the range', () => {
    expect(numberFlag('--rate', '0.5', { min: 0, max: 2 })).toBe(0.5);
    expect(numberFlag('--seed', '0', { min: 0, integer: true })).toBe(0);
  });

  it('names the flag, the value and the fix otherwise', () => {
    expect(() => numberFlag('--rate', '3', { min: 0, max: 2 })).toThrow(new UsageError("--rate '3' is invalid. Fix: a number from 0 to 2"));
    expect(() => numberFlag('--connections', '2.5', { min: 1, integer: true })).toThrow("--connections '2.5' is invalid. Fix: an integer >= 1");
    expect(() => numberFlag('--duration', ' ', { min: 1 })).toThrow(UsageError);
    expect(() => numberFlag('--duration', 'ten', { min: 1 })).toThrow(UsageError);
  });
});
