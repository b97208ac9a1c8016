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
  /** Each started check's place in the order of first grants (a count, not a time: a clock may step). */
  const startOrder = new Map<string, number>();
  let arrivals = 0;
  const rank = (check: string | undefined) => (check === undefined ? undefined : startOrder.get(check)) ?? Infinity;
  return {
    arrive: () => arrivals++,
    granted(check) {
      if (check !== undefined && !startOrder.has(check)) startOrder.set(check, startOrder.size);
    },
    compare: (a, b) => rank(a.check) - rank(b.check) || a.seq - b.seq,
  };
}
