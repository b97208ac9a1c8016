import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSeniority } from './pacer-seniority.js';

describe("the pacer's seniority", () => {
  afterEach(() => vi.restoreAllMocks());

  it('ranks started checks in the order of their first grants, before checks not started, whatever the wall clock does between them', () => {
    const seniority = createSeniority();
    const later = { check: 'later', seq: seniority.arrive() };
    const earlier = { check: 'earlier', seq: seniority.arrive() };
    const waiting = { check: 'waiting', seq: seniority.arrive() };
    seniority.granted('earlier');
    // The wall clock set back an hour (NTP, a resumed virtual machine) before the second check starts.
    const wallClock = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => wallClock() - 3_600_000);
    seniority.granted('later');
    expect([waiting, later, earlier].sort(seniority.compare).map((a) => a.check)).toEqual(['earlier', 'later', 'waiting']);
  });
});
