import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSlidingWindowLimiter } from './sliding-window.js';

function admittedAt(times: number[], limiter = createSlidingWindowLimiter()): boolean[] {
  return times.map((t) => limiter.tryAdmit('c', t));
}

describe('sliding-window limiter', () => {
  it('admits two, refuses the third within one second', () => {
    expect(admittedAt([0, 0, 999])).toEqual([true, true, false]);
  });

  it('is not a token bucket: hits at 0, 0, 550 ms refuse the third', () => {
    expect(admittedAt([0, 0, 550])).toEqual([true, true, false]);
  });

  it('is not a sliding-window counter: hits at 950, 970, 1500 ms refuse the third', () => {
    expect(admittedAt([950, 970, 1500])).toEqual([true, true, false]);
  });

  it('is not a fixed window from the first hit: 0, 900, 1050, 1100 admits 0, 900, 1050 and refuses 1100', () => {
    expect(admittedAt([0, 900, 1050, 1100])).toEqual([true, true, true, false]);
  });

  it('is not clock aligned: hits at 1900, 1900, 2100 refuse the third', () => {
    expect(admittedAt([1900, 1900, 2100])).toEqual([true, true, false]);
  });

  it('readmits exactly one second after the oldest admitted request', () => {
    expect(admittedAt([0, 500, 999.9, 1000, 1499, 1500])).toEqual([true, true, false, true, false, true]);
  });

  it('does not record refused requests, so hammering does not extend the lockout', () => {
    const limiter = createSlidingWindowLimiter();
    admittedAt([0, 0], limiter);
    for (let t = 1; t < 1000; t += 10) expect(limiter.tryAdmit('c', t)).toBe(false);
    expect(limiter.tryAdmit('c', 1000)).toBe(true);
  });

  it('keeps customers apart', () => {
    const limiter = createSlidingWindowLimiter();
    expect([limiter.tryAdmit(1, 0), limiter.tryAdmit(1, 0), limiter.tryAdmit(1, 0)]).toEqual([true, true, false]);
    expect(limiter.tryAdmit(2, 0)).toBe(true);
  });

  it('forgets idle customers', () => {
    const limiter = createSlidingWindowLimiter();
    for (let i = 0; i < 100; i++) limiter.tryAdmit(i, 0);
    limiter.tryAdmit('late', 60_000);
    expect(limiter.size()).toBe(1);
  });

  it('property: no sliding second ever holds more than two admissions, and a request is admitted when the last second holds fewer than two', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 60 }), (gaps) => {
        const limiter = createSlidingWindowLimiter();
        let t = 0;
        const admitted: number[] = [];
        for (const gap of gaps) {
          t += gap * 10;
          const inWindow = admitted.filter((a) => t - a < 1000).length;
          const ok = limiter.tryAdmit('c', t);
          expect(ok).toBe(inWindow < 2);
          if (ok) admitted.push(t);
        }
      }),
    );
  });
});
