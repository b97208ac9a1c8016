/**
 * Exact sliding log: a customer is admitted when fewer than `limit` admitted requests lie
 * in the last `windowMs`. Keeping only the last `limit` admission times is enough, because
 * the oldest of them decides. Rejected requests are not recorded, so a client hammering
 * through its 429s does not extend its own lockout.
 */
export interface SlidingWindowLimiter {
  /** Checks and, when admitted, records in one synchronous step. */
  tryAdmit(key: string | number, nowMs: number): boolean;
  /** Number of keys currently held (memory bound check). */
  size(): number;
}

export function createSlidingWindowLimiter(limit = 2, windowMs = 1000): SlidingWindowLimiter {
  const log = new Map<string | number, number[]>();
  let lastSweep = 0;

  function sweep(nowMs: number): void {
    // Idle customers are forgotten so memory stays bounded by the active ones.
    if (nowMs - lastSweep < windowMs * 10) return;
    lastSweep = nowMs;
    for (const [key, times] of log) {
      const newest = times[times.length - 1];
      if (newest === undefined || nowMs - newest >= windowMs) log.delete(key);
    }
  }

  return {
    tryAdmit(key, nowMs) {
      sweep(nowMs);
      let times = log.get(key);
      if (!times) {
        times = [];
        log.set(key, times);
      }
      if (times.length >= limit) {
        const oldest = times[0] as number;
        if (nowMs - oldest < windowMs) return false;
        times.shift();
      }
      times.push(nowMs);
      return true;
    },
    size: () => log.size,
  };
}
