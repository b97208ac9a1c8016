import { describe, expect, it } from 'vitest';
import { recordedStart } from './har-schema.js';

describe('recordedStart', () => {
  it('reads the dates HAR writers put in startedDateTime, in any zone, keeping fractions of a millisecond', () => {
    const ms = (iso: string) => recordedStart(iso)?.ms;
    expect(ms('2026-11-28T18:00:00.125Z')).toBe(Date.UTC(2026, 10, 28, 18, 0, 0, 125));
    expect(ms('2026-11-28T19:00:00.41+01:00')).toBe(Date.UTC(2026, 10, 28, 18, 0, 0, 410));
    expect(ms('2026-11-28T13:00:00.5-0500')).toBe(Date.UTC(2026, 10, 28, 18, 0, 0, 500));
    expect(ms('2026-11-28T18:00:00Z')).toBe(Date.UTC(2026, 10, 28, 18));
    expect(ms('2026-11-28T18:00:00.123456+00:00')).toBeCloseTo(Date.UTC(2026, 10, 28, 18, 0, 0, 123) + 0.456, 3);
  });

  it('gives the unit of a stamp coarser than a millisecond, and none to a millisecond or finer, a whole one included', () => {
    const unit = (iso: string) => recordedStart(iso)?.unitMs;
    expect(unit('2026-11-28T18:00Z')).toBe(60_000);
    expect(unit('2026-11-28T18:00:00Z')).toBe(1000);
    expect(unit('2026-11-28T18:00:00.4+01:00')).toBe(100);
    expect(unit('2026-11-28T18:00:00.45Z')).toBe(10);
    expect(unit('2026-11-28T18:00:00.000Z')).toBeUndefined();
    expect(unit('2026-11-28T18:00:00.123456Z')).toBeUndefined();
  });

  it('is undefined for anything else, a date without a zone included', () => {
    for (const text of ['yesterday', '2026-11-28 18:00:00Z', '2026-11-28T18:00:00', '2026-13-28T18:00:00Z', '1764352800000', '']) expect(recordedStart(text), text).toBeUndefined();
  });
});
