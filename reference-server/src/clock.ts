/**
 * Time as the server sees it. The limiter needs a monotonic source (wall-clock steps must not
 * reopen or close a window); responses need wall-clock dates. Tests inject a manual clock.
 */
export interface Clock {
  /** Monotonic milliseconds, only meaningful as differences. */
  monotonicMs(): number;
  /** Wall-clock time. */
  now(): Date;
}

export const systemClock: Clock = {
  monotonicMs: () => performance.now(),
  now: () => new Date(),
};

export function manualClock(startMs = 0, startDate = new Date('2026-01-01T00:00:00Z')): Clock & { advance(ms: number): void } {
  let offset = startMs;
  return {
    monotonicMs: () => offset,
    now: () => new Date(startDate.getTime() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}
