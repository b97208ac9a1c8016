import type { RequestHandler, Response } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { systemClock } from '../../reference-server/src/clock.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import type { SlidingWindowLimiter } from '../../reference-server/src/rate-limit/sliding-window.js';
import { authenticatedCustomer } from '../../reference-server/seams/customer.js';

/** The server's monotonic clock in ms, as its limiter reads it. */
export const monotonicNow = (deps: AppDeps) => () => (deps.clock ?? systemClock).monotonicMs();

const refusal = errors.rateLimited();
const REFUSAL_BODY = Buffer.from(JSON.stringify(refusal.toBody()));

/**
 * Answers the 429 of the error registry byte for byte as the server's customer limiter writes it
 * (http/rate-limit.ts: headers handed to writeHead, so they follow those set before, in this
 * order). Through the error mapper, Retry-After would come before Content-Type: a refusal of a
 * fault would then differ from the server's own in more than when it comes.
 */
export function writeLimiterRefusal(res: Response): void {
  res.writeHead(429, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(REFUSAL_BODY.length), ...refusal.headers }).end(REFUSAL_BODY);
}

/** A customer limiter that admits everything (for faults that judge the limit elsewhere). */
export const admitAll: SlidingWindowLimiter = { tryAdmit: () => true, size: () => 0 };

/**
 * An exact sliding log of 2 per second per key; `records` says whether an admission is written to
 * it, `forgetLast` takes a key's newest admission back out.
 */
export function slidingLog(records: () => boolean = () => true): { limiter: SlidingWindowLimiter; forgetLast: (key: string | number) => void } {
  const log = new Map<string | number, number[]>();
  const limiter: SlidingWindowLimiter = {
    tryAdmit: (key, now) => {
      const times = (log.get(key) ?? []).filter((x) => now - x < 1000);
      log.set(key, times);
      if (times.length >= 2) return false;
      if (records()) times.push(now);
      return true;
    },
    size: () => log.size,
  };
  return { limiter, forgetLast: (key) => void log.get(key)?.pop() };
}

/**
 * A sliding log (as above) from which the admission of a request is taken back out when the
 * request is answered with a status `forgets` picks. `limiter` goes into the deps, `takeBack` in
 * front of the routes (it watches `res.status`).
 */
export function forgettingLog(forgets: (status: number) => boolean): { limiter: SlidingWindowLimiter; takeBack: RequestHandler } {
  const { limiter, forgetLast } = slidingLog();
  const takeBack: RequestHandler = (_req, res, next) => {
    const status = res.status.bind(res);
    res.status = (code: number) => {
      const customer = authenticatedCustomer(res);
      if (customer && forgets(code)) forgetLast(customer.id);
      return status(code);
    };
    next();
  };
  return { limiter, takeBack };
}
