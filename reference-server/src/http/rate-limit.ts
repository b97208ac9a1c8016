import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import type { SlidingWindowLimiter } from '../rate-limit/sliding-window.js';
import { errors } from './api-error.js';
import { currentCustomer } from './request-context.js';

/**
 * The 429 of the error registry, serialised once. A flooding customer meets this answer thousands
 * of times a second, so it is written directly (the same status, headers and bytes the error
 * mapper would produce from `errors.rateLimited()`), without an Error object, Express's error
 * routing or `res.json` per refusal: a refusal must cost the server less than serving.
 */
const refusal = errors.rateLimited();
const REFUSAL_BODY = Buffer.from(JSON.stringify(refusal.toBody()));
const REFUSAL_HEADERS: Record<string, string> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(REFUSAL_BODY.length),
  ...refusal.headers,
};

/**
 * Runs right after authentication and before any business check, so requests later answered
 * 403/404/413/415/422 still count, as the spec demands. Keyed by customer, not token.
 */
export function customerRateLimit(deps: { limiter: SlidingWindowLimiter; clock: Clock }): RequestHandler {
  return (_req, res, next) => {
    if (deps.limiter.tryAdmit(currentCustomer(res).id, deps.clock.monotonicMs())) {
      next();
      return;
    }
    res.writeHead(429, REFUSAL_HEADERS).end(REFUSAL_BODY);
  };
}
