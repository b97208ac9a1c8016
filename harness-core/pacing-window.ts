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
  /** Milliseconds until `slots` grants are possible at once (0 = now), or Infinity while too many requests are in flight. */
  waitMs(nowMs: number, slots?: number): number;
  grant(slots?: number): void;
  complete(nowMs: number): void;
  /** When the last response arrived (undefined before the first). */
  lastCompletion(): number | undefined;
  /** Grants nothing before `atMs`: the target's count of this lane stays full until then (a probe exhausted a limit the lane shares). */
  quietUntil(atMs: number): void;
}

export function createPacingWindow(limit = 2, windowMs = 1000, marginMs = 5): PacingWindow {
  let inFlight = 0;
  const completed: number[] = [];
  let last: number | undefined;
  let quietUntil = -Infinity;
  return {
    waitMs(nowMs, slots = 1) {
      if (nowMs < quietUntil) return quietUntil - nowMs;
      while (completed.length > 0 && nowMs - (completed[0] as number) >= windowMs + marginMs) completed.shift();
      const excess = inFlight + completed.length + slots - limit;
      if (excess <= 0) return 0;
      // The `excess` oldest completed entries must leave the window first.
      const last = completed[excess - 1];
      if (last === undefined) return Infinity;
      return last + windowMs + marginMs - nowMs;
    },
    grant(slots = 1) {
      inFlight += slots;
    },
    complete(nowMs) {
      inFlight -= 1;
      completed.push(nowMs);
      last = Math.max(last ?? nowMs, nowMs);
    },
    lastCompletion: () => last,
    quietUntil(atMs) {
      quietUntil = Math.max(quietUntil, atMs);
    },
  };
}
