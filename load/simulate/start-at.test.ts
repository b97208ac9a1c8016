import { describe, expect, it } from 'vitest';
import { parseSimulateOptions } from './options.js';
import { parseStartAt, waitForStart } from './start-at.js';

const NOW = Date.parse('2026-11-29T10:00:00Z');

describe('--start-at', () => {
  it('takes a moment with its zone, or seconds from now', () => {
    expect(parseStartAt('2026-11-29T10:02:00Z', NOW)).toBe(NOW + 120_000);
    expect(parseStartAt('2026-11-29T11:02:00+01:00', NOW)).toBe(NOW + 120_000);
    expect(parseStartAt('2026-11-29T10:00:30.5Z', NOW)).toBe(NOW + 30_500);
    expect(parseStartAt('+90', NOW)).toBe(NOW + 90_000);
    expect(parseStartAt('+1.5s', NOW)).toBe(NOW + 1500);
  });

  it('refuses a moment without a zone, one that is no moment, and one that has passed, each with the fix', () => {
    expect(() => parseStartAt('2026-11-29T10:02:00', NOW)).toThrow(/--start-at '2026-11-29T10:02:00' is not a moment with its time zone\. Fix: ISO 8601 with Z or an offset/);
    expect(() => parseStartAt('tomorrow', NOW)).toThrow(/is not a moment with its time zone\. Fix: /);
    expect(() => parseStartAt('2026-11-29T09:59:00Z', NOW)).toThrow(/--start-at 2026-11-29T09:59:00Z: that moment passed 60\.0 s ago\. Fix: a moment after every shard has started and prepared/);
    expect(() => parseSimulateOptions(['merge', '--start-at', '+60', 'a.json'])).toThrow(/--start-at is when a run's arrivals begin; merge sends nothing/);
  });

  it('waits for the moment, and refuses one the preparation took past', async () => {
    const lines: string[] = [];
    // The clock says 50 ms before the moment, however busy the machine is when it is read.
    const before = performance.now();
    await waitForStart(NOW, (line) => lines.push(line), () => NOW - 50);
    expect(performance.now() - before).toBeGreaterThanOrEqual(45);
    expect(lines).toEqual(['waiting 0.1 s for --start-at 2026-11-29T10:00:00.000Z, when every shard begins']);
    await expect(waitForStart(NOW, () => undefined, () => NOW + 3000)).rejects.toThrow(/passed 3\.0 s ago while this shard prepared .*Fix: a later moment/);
  });
});
