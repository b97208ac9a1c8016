import type { RequestHandler } from 'express';

/**
 * Middleware that holds every request it sees for `ms` before passing it on. From 1 ms on, a
 * timer waits (it never fires early). A timer cannot wait less: Node runs any delay below 1 ms as
 * 1 ms, so a shorter hold spins on the monotonic clock instead, blocking the event loop for just
 * that long, as the slower lookup it stands for would.
 */
export function holdFor(ms: number): RequestHandler {
  if (ms >= 1) return (_req, _res, next) => void setTimeout(next, ms);
  const spinNs = BigInt(Math.round(ms * 1e6));
  return (_req, _res, next) => {
    const until = process.hrtime.bigint() + spinNs;
    while (process.hrtime.bigint() < until);
    next();
  };
}
