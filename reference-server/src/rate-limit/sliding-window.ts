/**
 * Exact sliding log: a customer is admitted when fewer than `limit` admitted requests lie in the
 * last `windowMs`. Keeping only the last `limit` admission times is enough, because the oldest of
 * them decides. Rejected requests are not recorded, so a client hammering through its 429s does
 * not extend its own lockout.
 *
 * Per request: one Map lookup and a ring of `limit` numbers per customer, allocated once when the
 * customer first shows up. Memory: customers are kept in two generations of one window each; a
 * customer untouched for a whole generation has nothing left in its window and is dropped with
 * that generation, so only the customers active in the last one to two windows are held, without
 * any sweep over all of them.
 */
export interface SlidingWindowLimiter {
  /** Checks and, when admitted, records in one synchronous step. */
  tryAdmit(key: string | number, nowMs: number): boolean;
  /** Number of keys currently held (memory bound check). */
  size(): number;
}

interface Log {
  /** Admission times, a ring: `times[head]` is the oldest once `count === limit`. */
  times: Float64Array;
  head: number;
  count: number;
}

export function createSlidingWindowLimiter(limit = 2, windowMs = 1000): SlidingWindowLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be a positive integer');
  let current = new Map<string | number, Log>();
  let previous = new Map<string | number, Log>();
  let generationStart = -Infinity;

  function rotate(nowMs: number): void {
    if (nowMs - generationStart < windowMs) return;
    // Keys in `previous` were last touched before the current generation began, i.e. at least a
    // window ago: their admissions have all left the window. With two windows gone, all have.
    previous = nowMs - generationStart < 2 * windowMs ? current : new Map();
    current = new Map();
    generationStart = nowMs;
  }

  function logOf(key: string | number): Log {
    let log = current.get(key);
    if (log) return log;
    log = previous.get(key);
    if (log) previous.delete(key);
    else log = { times: new Float64Array(limit), head: 0, count: 0 };
    current.set(key, log);
    return log;
  }

  return {
    tryAdmit(key, nowMs) {
      rotate(nowMs);
      const log = logOf(key);
      if (log.count < limit) {
        log.times[(log.head + log.count) % limit] = nowMs;
        log.count += 1;
        return true;
      }
      if (nowMs - (log.times[log.head] as number) < windowMs) return false;
      log.times[log.head] = nowMs;
      log.head = (log.head + 1) % limit;
      return true;
    },
    size: () => current.size + previous.size,
  };
}
