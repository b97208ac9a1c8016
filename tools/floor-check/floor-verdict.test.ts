import { describe, expect, it } from 'vitest';
import { floorVerdict } from './floor-verdict.js';

describe('the floor check', () => {
  it('passes a run at or above its floor and fails one below it, as a defect of the floor', () => {
    const run = { target: 'http://127.0.0.1:1/api/v2', wallSeconds: 190, pacingFloorSeconds: 180, expectedFloorSeconds: 185, busiestCustomer: '#invalid-token' };
    expect(floorVerdict('reports/x', run)).toEqual({ ok: true, line: "reports/x: wall time 190.0 s, floor 180.0 s (1.06x; set by #invalid-token, the plan's estimate 185.0 s)" });
    const below = floorVerdict('reports/y', { ...run, wallSeconds: 170 });
    expect(below.ok).toBe(false);
    expect(below.line).toContain('the run ended before its floor, so the floor is no lower bound');
  });
});
