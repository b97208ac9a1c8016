/**
 * Epoch milliseconds by a clock that never steps: the process's start on the wall clock plus the
 * monotonic time since. The harness paces, orders and measures by differences of its times; a wall
 * clock set forward or back during a run (a virtual machine resumed from a snapshot, NTP) would
 * open every pacing window early, or order and measure across the step. Moments other processes
 * give or get are epoch ms of their wall clocks: carried over at the boundary (`fromWallClock`,
 * `toWallClock`).
 */
export function monotonicNow(): number {
  return performance.timeOrigin + performance.now();
}

/** A moment of the wall clock (epoch ms) on the monotonic clock, by the two clocks' offset now. */
export function fromWallClock(epochMs: number): number {
  return monotonicNow() - (Date.now() - epochMs);
}

/** A moment of the monotonic clock on the wall clock, by the two clocks' offset now. */
export function toWallClock(at: number): number {
  return Date.now() - (monotonicNow() - at);
}
