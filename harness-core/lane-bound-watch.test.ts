import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANE_BOUND_IDLE_MS, LANE_BOUND_WAIT_MS, watchLaneBound } from './lane-bound-watch.js';
import { createQuietPhase } from './quiet-phase.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the run bound by the invalid-token lane', () => {
  it('opens the quiet phase once every running file waits in the lane, no customer was granted for a while and the lane waits long, not before', () => {
    vi.useFakeTimers();
    const quiet = createQuietPhase(() => Date.now());
    quiet.runStarted(['suites/auth/auth.conformance.ts', 'suites/projects/projects.conformance.ts', 'suites/auth/existence-oracles.quiet.conformance.ts']);
    let laneWait = 0;
    const waiting = new Set(['suites/auth/auth.conformance.ts']);
    const watch = watchLaneBound({ quiet, laneWaitMs: () => laneWait, laneWaitingFiles: () => waiting });
    try {
      vi.advanceTimersByTime(LANE_BOUND_IDLE_MS * 2);
      // Customers idle, but nothing waits in the lane: the run may still be starting.
      expect(quiet.quietSince()).toBeUndefined();
      laneWait = LANE_BOUND_WAIT_MS - 1;
      vi.advanceTimersByTime(1000);
      // A short wait of the lane ends before the rest would have.
      expect(quiet.quietSince()).toBeUndefined();
      laneWait = 55_000;
      vi.advanceTimersByTime(1000);
      // A file with no check waiting in the lane still runs: its customers merely paused.
      expect(quiet.quietSince()).toBeUndefined();
      quiet.fileEnded('suites/projects/projects.conformance.ts');
      watch.customerGranted();
      vi.advanceTimersByTime(LANE_BOUND_IDLE_MS - 300);
      expect(quiet.quietSince()).toBeUndefined();
      vi.advanceTimersByTime(600);
      expect(quiet.quietSince()).toBeDefined();
      expect(quiet.othersEnded('suites/auth/auth.conformance.ts')).toBe(true);
      expect(quiet.othersEnded('suites/rate-limit/rate-limit.conformance.ts')).toBe(false);
    } finally {
      watch.stop();
    }
  });
});
