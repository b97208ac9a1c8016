import { describe, expect, it } from 'vitest';
import { parseProfile } from '../spec/profile.schema.js';
import { estimateFloor, formatEstimate, loadDemandTable, type DemandTable } from './floor-estimate.js';

const customer = (id: string, tokens = 1) => ({ tokens: Array.from({ length: tokens }, (_, i) => `token-${id}-${i}`) });

function profile(pool: number) {
  return parseProfile(
    {
      name: 'test',
      siteUrl: 'http://127.0.0.1:9',
      customers: {
        primary: customer('primary', 3),
        foreign: customer('foreign'),
        noHeatpumpRight: customer('nohp'),
        education: customer('education'),
        ...(pool > 0 ? { pool: Array.from({ length: pool }, (_, i) => customer(`pool-${i}`, 2)) } : {}),
      },
    },
    'test',
  );
}

const TABLE: DemandTable = {
  areas: {
    results: { 'role:primary': 40 },
    rooms: { 'lease:own-data-only': 200, 'role:foreign': 10 },
    projects: { 'lease:licensed': 100, 'lease:heatpump': 20 },
  },
};

describe('pacing floor estimate', () => {
  it('adds the quiet phase after the rest in the plan: spread over the pool, bounded by its sampling time, none without a pool', () => {
    const table: DemandTable = { areas: { ...TABLE.areas, auth: { 'quiet:lease:licensed': 480 } } };
    const without = estimateFloor(profile(96), TABLE);
    const e = estimateFloor(profile(96), table);
    // 480 requests over 96 pool customers at 2 per second.
    expect(e.quietSeconds).toBe(2.5);
    expect(e.planSeconds).toBeCloseTo(without.planSeconds + 2.5, 9);
    expect(formatEstimate(e)).toMatch(/then the quiet phase, ~\d+ s/);
    expect(without.quietSeconds).toBe(0);
    expect(estimateFloor(profile(2), table).quietSeconds).toBe(50);
    expect(estimateFloor(profile(0), table).quietSeconds).toBe(0);
  });

  it('counts the lane of requests without a valid token, paced under the documented per-address limit, and RATE-12\'s window', () => {
    const table: DemandTable = {
      areas: {
        auth: { 'role:primary': 13, 'role:#invalid-token': 53 },
        errors: { 'role:#invalid-token': 1 },
        'rate-limit': { 'hold:#invalid-token': 30, exclusive: 50 },
      },
    };
    const slow = parseProfile({ ...profile(0), limits: { invalidTokenPerIp: { requests: 30, windowSeconds: 60 } } }, 'test');
    // No blocked customer shares the address: the lane takes all 30 per 60 s; 54 requests are two
    // batches (one window between them), and RATE-12's probe goes after them, a window after the last.
    const e = estimateFloor(slow, table);
    expect(e.planSeconds).toBe(120);
    expect(e.limitsSeconds).toBe(120);
    expect(e.busiest).toBe('#invalid-token');
    expect(e.leadAreas).toEqual(['rate-limit', 'auth', 'errors']);
    expect(formatEstimate(e)).toMatch(/busiest: the lane of requests without a valid token/);
    // Under the bundled server's 60 per 5 s the primary customer's 13 requests take longer than the lane's 10 s.
    const fast = parseProfile({ ...profile(0), limits: { invalidTokenPerIp: { requests: 60, windowSeconds: 5 } } }, 'test');
    expect(estimateFloor(fast, { areas: { ...table.areas, auth: { 'role:primary': 30, 'role:#invalid-token': 53 } } }).busiest).toBe('primary');
  });

  it('names the areas of the role work of a role customer that sets the floor, most first, within the selected areas', () => {
    const table: DemandTable = {
      areas: {
        status: { 'role:primary': 16 },
        auth: { 'role:primary': 13, 'lease:licensed': 80 },
        meta: { 'role:primary': 1 },
        rooms: { 'lease:own-data-only': 40 },
      },
    };
    expect(estimateFloor(profile(40), table).leadAreas).toEqual(['status', 'auth']);
    expect(estimateFloor(profile(40), table, ['auth', 'meta']).leadAreas).toEqual(['auth']);
  });

  it('spreads leased work over every licensed customer the kind allows, role work staying on its customer', () => {
    // No pool: 320 leased requests over primary (40 of its own), noHeatpumpRight, education and foreign
    // (10 of its own, own-data-only work only): (320 + 40 + 10) / 4 = 92.5 each.
    const e = estimateFloor(profile(0), TABLE);
    expect(e.busiestRequests).toBeCloseTo(92.5, 5);
    expect(e.planSeconds).toBeCloseTo(46.25, 5);
    expect(e.roleRequests).toEqual({ primary: 40, foreign: 10, noHeatpumpRight: 0, education: 0 });
  });

  it('says how many more pool customers would shorten it, and that none would once role work sets it', () => {
    const none = estimateFloor(profile(0), TABLE);
    expect(none.morePool?.count).toBeGreaterThan(0);
    expect(none.morePool?.planSeconds).toBeLessThan(none.planSeconds);
    expect(formatEstimate(none)).toMatch(/^expected run ~46 s by the plan, against a floor of ~46 s that the limits set on the same requests \(an estimate .*busiest: .*\); with \d+ more pool customers ~\d+ s$/);
    const many = estimateFloor(profile(40), TABLE);
    expect(many.busiest).toBe('primary');
    expect(many.planSeconds).toBe(20);
    expect(many.morePool).toBeUndefined();
    expect(formatEstimate(many)).toMatch(/more pool customers would not shorten it/);
  });

  it('counts only the selected areas', () => {
    expect(estimateFloor(profile(0), TABLE, ['results']).planSeconds).toBe(20);
  });

  it('reads the committed table, which covers every area', () => {
    expect(Object.keys(loadDemandTable().areas)).toEqual(expect.arrayContaining(['auth', 'errors', 'projects', 'rooms', 'results', 'funding', 'rate-limit']));
  });
});
