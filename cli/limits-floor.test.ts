import { describe, expect, it } from 'vitest';
import { laneSeconds, limitsFloor, pacedSeconds } from './limits-floor.js';

/**
 * The shortest schedule, found by trying every one: requests placed on whole ticks 0..span, at
 * most `limit` in any `window` consecutive ticks, `singles` one by one and, with `block`, `limit`
 * more at one tick (RATE-12's probe filling the limit at once). Returns the smallest span (last
 * tick less first) any such schedule has.
 */
function shortestSpan(singles: number, limit: number, window: number, block: boolean): number {
  const total = singles + (block ? limit : 0);
  if (total === 0) return 0;
  for (let span = 0; ; span++) {
    const counts = new Array<number>(span + 1).fill(0);
    const fits = (tick: number, placed: number, blockPlaced: boolean): boolean => {
      if (tick > span) return placed === singles && (blockPlaced || !block);
      // The first tick holds a request (a schedule starts with one), the last too (it ends with one).
      const choices: { singles: number; block: boolean }[] = [];
      for (let n = 0; n <= Math.min(limit, singles - placed); n++) {
        choices.push({ singles: n, block: false });
        if (block && !blockPlaced && n === 0) choices.push({ singles: 0, block: true });
      }
      for (const choice of choices) {
        const here = choice.singles + (choice.block ? limit : 0);
        if ((tick === 0 || tick === span) && here === 0) continue;
        let inWindow = here;
        for (let back = 1; back < window && tick - back >= 0; back++) inWindow += counts[tick - back] as number;
        if (inWindow > limit) continue;
        counts[tick] = here;
        if (fits(tick + 1, placed + choice.singles, blockPlaced || choice.block)) return true;
        counts[tick] = 0;
      }
      return false;
    };
    if (fits(0, 0, false)) return span;
  }
}

describe('the limits\' floor', () => {
  it('is the shortest schedule any plan can have: every count, limit and window of a small exhaustive search', () => {
    for (const limit of [1, 2, 3]) {
      for (const window of [1, 2, 3]) {
        for (let requests = 0; requests <= 7; requests++) {
          const w = { requests: limit, windowSeconds: window };
          expect(pacedSeconds(requests, w), `${requests} requests, ${limit} per ${window}`).toBe(shortestSpan(requests, limit, window, false));
          expect(laneSeconds(requests, w, true), `${requests} requests and the probe, ${limit} per ${window}`).toBe(shortestSpan(requests, limit, window, true));
        }
      }
    }
  });

  it('takes the busiest customer at 2 per second, or the lane when it takes longer', () => {
    const limit = { requests: 30, windowSeconds: 60 };
    const customers = { primary: 71, 'pool:1': 40, '#invalid-token': 99 };
    expect(limitsFloor({ requestsByCustomer: customers, laneRequests: 70, laneProbe: true, invalidTokenLimit: limit })).toEqual({ seconds: 180, busiest: '#invalid-token', busiestRequests: 70, laneSeconds: 180 });
    expect(limitsFloor({ requestsByCustomer: customers, laneRequests: 70, laneProbe: true, invalidTokenLimit: { requests: 60, windowSeconds: 5 } })).toEqual({ seconds: 35, busiest: 'primary', busiestRequests: 71, laneSeconds: 10 });
    // Without a documented limit the lane's pace is the harness's guess: nothing the target's limits force.
    expect(limitsFloor({ requestsByCustomer: customers, laneRequests: 70, laneProbe: true, invalidTokenLimit: undefined })).toEqual({ seconds: 35, busiest: 'primary', busiestRequests: 71 });
    expect(limitsFloor({ requestsByCustomer: {}, laneRequests: 0, laneProbe: false, invalidTokenLimit: limit }).seconds).toBe(0);
  });

  it('adds the quiet phase\'s busiest customer to the busiest before it (its probes cannot share the target), the lane apart', () => {
    const input = { requestsByCustomer: { primary: 41, 'pool:1': 30, 'pool:2': 26 }, quietRequestsByCustomer: { 'pool:1': 24, 'pool:2': 26 }, laneRequests: 70, laneProbe: true };
    // primary's 41 before it (20 s), pool:2's 26 in it (12 s).
    expect(limitsFloor({ ...input, invalidTokenLimit: { requests: 60, windowSeconds: 5 } })).toEqual({ seconds: 32, busiest: 'primary', busiestRequests: 41, quietSeconds: 12, laneSeconds: 10 });
    // The phase runs while the lane waits: the lane alone sets the floor.
    expect(limitsFloor({ ...input, invalidTokenLimit: { requests: 30, windowSeconds: 60 } })).toMatchObject({ seconds: 180, busiest: '#invalid-token' });
    // One customer busy in both phases needs its whole count's time, if longer than the phases' busiest apart.
    expect(limitsFloor({ requestsByCustomer: { 'pool:1': 40 }, quietRequestsByCustomer: { 'pool:1': 21 }, laneRequests: 0, laneProbe: false, invalidTokenLimit: undefined }).seconds).toBe(19);
  });
});
