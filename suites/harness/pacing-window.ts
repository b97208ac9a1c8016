/**
 * Decides when a customer may send its next request so the target's limiter (at most 2 per
 * sliding second) is never tripped by accident, whatever the network delay.
 *
 * A request's window entry starts at its grant and ends only when its response has been
 * received (plus one second). The target checks request 1 at some moment before we receive its
 * response, and request 3 at some moment after we send it; so granting request 3 no earlier than
 * one second after request 1's response arrived keeps them more than one second apart on the
 * target's clock too, without any clock synchronisation.
 */
export interface PacingWindow {
  /** Milliseconds until a grant is possible (0 = now), or Infinity while two requests are in flight. */
  waitMs(nowMs: number): number;
  grant(): void;
  complete(nowMs: number): void;
}

export function createPacingWindow(limit = 2, windowMs = 1000, marginMs = 5): PacingWindow {
  let inFlight = 0;
  const completed: number[] = [];
  return {
    waitMs(nowMs) {
      while (completed.length > 0 && nowMs - (completed[0] as number) >= windowMs + marginMs) completed.shift();
      if (inFlight + completed.length < limit) return 0;
      if (completed.length === 0) return Infinity;
      return (completed[0] as number) + windowMs + marginMs - nowMs;
    },
    grant() {
      inFlight += 1;
    },
    complete(nowMs) {
      inFlight -= 1;
      completed.push(nowMs);
    },
  };
}
