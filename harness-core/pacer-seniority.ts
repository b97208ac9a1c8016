/** A request or a lease waiting at the pacer: the check it serves (none for a lane outside any check) and when it arrived. */
export interface Arrival {
  check: string | undefined;
  seq: number;
}

/**
 * Seniority: a check the pacer has granted a request keeps precedence over checks not yet
 * started, in the order they started, so a started check finishes at its customers' pace
 * instead of sharing it with every check queued behind (its deadline runs from that first
 * grant). Checks not yet started, and lanes outside any check, are served in arrival order.
 */
export interface Seniority {
  /** The next arrival's number: the tie-break among checks of equal seniority; a request's also names its grant. */
  arrive(): number;
  /** The pacer granted the check a request: its seniority counts from the first one. */
  granted(check: string | undefined): void;
  compare(a: Arrival, b: Arrival): number;
}

export function createSeniority(): Seniority {
  /** When the pacer granted each check's first request (epoch ms). */
  const firstGrantAt = new Map<string, number>();
  let arrivals = 0;
  const rank = (check: string | undefined) => (check === undefined ? undefined : firstGrantAt.get(check)) ?? Infinity;
  return {
    arrive: () => arrivals++,
    granted(check) {
      if (check !== undefined && !firstGrantAt.has(check)) firstGrantAt.set(check, Date.now());
    },
    compare: (a, b) => rank(a.check) - rank(b.check) || a.seq - b.seq,
  };
}
