import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRunStatistics } from './pacer-statistics.js';

const request = { area: 'projects', grants: 1, held: false, rule: undefined, leasedAs: undefined };

describe("the pacer's run statistics", () => {
  afterEach(() => vi.restoreAllMocks());

  it('count demand per area by its kind: a lease, role work (pool customers as one), a whole held lane', () => {
    const statistics = createRunStatistics();
    statistics.count({ ...request, customer: 'primary' });
    statistics.count({ ...request, customer: 'pool:3' });
    statistics.count({ ...request, customer: 'pool:4', leasedAs: 'lease:licensed' });
    statistics.count({ ...request, customer: '#invalid-token', area: 'rate-limit', grants: 5, held: true, rule: 'RATE-12' });
    const stats = statistics.snapshot();
    expect(stats.demandByArea).toEqual({ projects: { 'role:primary': 1, 'role:pool': 1, 'lease:licensed': 1 }, 'rate-limit': { 'hold:#invalid-token': 5 } });
    expect(stats.requestsByCustomer).toEqual({ primary: 1, 'pool:3': 1, 'pool:4': 1, '#invalid-token': 5 });
    expect(stats.laneRequestsByRule).toEqual({ 'RATE-12 (lane held)': 5 });
  });

  it('hand out copies: later counts do not change a snapshot taken', () => {
    const statistics = createRunStatistics();
    const before = statistics.snapshot();
    statistics.count({ ...request, customer: 'primary' });
    statistics.created({ customer: 'primary', key: 'abcdefghi', check: 'c' });
    expect(before.requestsByCustomer).toEqual({});
    expect(before.createdProjects).toEqual([]);
  });

  it("measure a customer's busy stretch by a clock that never steps: the wall clock set back an hour changes nothing", () => {
    const statistics = createRunStatistics();
    statistics.granted('primary');
    const wallClock = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => wallClock() - 3_600_000);
    statistics.answered('primary');
    const span = statistics.snapshot().busyByCustomer?.primary;
    expect(span?.first).toBeGreaterThanOrEqual(0);
    expect(span?.last).toBeGreaterThanOrEqual(span?.first ?? Infinity);
    expect(span?.last).toBeLessThan(60_000);
  });
});
