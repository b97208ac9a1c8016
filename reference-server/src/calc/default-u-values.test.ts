import { describe, expect, it } from 'vitest';
import { defaultUValue, resolveUValue } from './default-u-values.js';

describe('default U-values (TABULA DE.Gen)', () => {
  it.each([
    [1900, 'wall', 1.37],
    [1918, 'roof', 1.32],
    [1919, 'ceiling', 1.1],
    [1950, 'wall', 1.3],
    [1968, 'roof', 1.2],
    [1970, 'wall', 1.0],
    [1970, 'ceiling', 0.9],
    [1980, 'floor', 0.8],
    [1994, 'window', 2.69],
    [1995, 'wall', 0.5],
    [2005, 'floor', 0.37],
    [2015, 'wall', 0.2],
    [2016, 'wall', 0.18],
    [2023, 'roof', 0.12],
    [2030, 'window', 1.12],
  ] as const)('%d %s: %d', (year, kind, u) => {
    expect(defaultUValue(kind, year)).toBe(u);
  });

  it('a door takes the window column', () => {
    expect(defaultUValue('door', 1970)).toBe(3.73);
  });

  it('own U-value first; no default toward heated neighbours or without building year', () => {
    expect(resolveUValue({ kind: 'wall', area: 1, uValue: 0.3, adjacency: 'outside' }, 1970)).toEqual({ value: 0.3, source: 'input' });
    expect(resolveUValue({ kind: 'wall', area: 1, adjacency: 'heated', adjacentTemperature: 15 }, 1970)).toBeUndefined();
    expect(resolveUValue({ kind: 'wall', area: 1, adjacency: 'outside' }, undefined)).toBeUndefined();
  });
});
