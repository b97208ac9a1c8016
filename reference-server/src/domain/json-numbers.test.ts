import { describe, expect, it } from 'vitest';
import { firstNonFiniteNumber } from './json-numbers.js';

describe('firstNonFiniteNumber', () => {
  it.each([
    [{ a: 1, b: [2, { c: Number.POSITIVE_INFINITY }] }, '$.b[1].c'],
    [[Number.NaN], '$[0]'],
    [{ a: { b: Number.NEGATIVE_INFINITY } }, '$.a.b'],
    [Number.NaN, '$'],
  ])('finds %j at %s', (value, path) => {
    expect(firstNonFiniteNumber(value)).toBe(path);
  });

  it.each([[{ a: null, b: 'Infinity', c: [0, -0, 1e308, 5e-324] }], [[]], ['x'], [null]])('finds none in %j', (value) => {
    expect(firstNonFiniteNumber(value)).toBeUndefined();
  });
});
