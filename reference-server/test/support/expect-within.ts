import { expect } from 'vitest';

/** |actual - expected| <= relative * |expected|: the domain notes' worked examples print rounded figures. */
export function expectWithin(actual: number, expected: number, relative = 0.001): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(Math.abs(expected) * relative);
}
