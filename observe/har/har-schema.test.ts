import { describe, expect, it } from 'vitest';
import { epochMs } from './har-schema.js';

describe('epochMs', () => {
  it('reads the dates HAR writers put in startedDateTime, in any zone, keeping fractions of a millisecond', () => {
    expect(epochMs('2026-11-28T18:00:00.125Z')).toBe(Date.UTC(2026, 10, 28, 18, 0, 0, 125));
    expect(epochMs('2026-11-28T19:00:00.41+01:00')).toBe(Date.UTC(2026, 10, 28, 18, 0, 0, 410));
    expect(epochMs('2026-11-28T13:00:00.5-0500')).toBe(Date.UTC(2026, 10, 28, 18, 0, 0, 500));
    expect(epochMs('2026-11-28T18:00:00Z')).toBe(Date.UTC(2026, 10, 28, 18));
    expect(epochMs('2026-11-28T18:00:00.123456+00:00')).toBeCloseTo(Date.UTC(2026, 10, 28, 18, 0, 0, 123) + 0.456, 3);
  });

  it('is undefined for anything else, a date without a zone included', () => {
    for (const text of ['yesterday', '2026-11-28 18:00:00Z', '2026-11-28T18:00:00', '2026-13-28T18:00:00Z', '1764352800000', '']) expect(epochMs(text), text).toBeUndefined();
  });
});
