import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import type { SlidingWindowLimiter } from '../rate-limit/sliding-window.js';
import { errors } from './api-error.js';
import { currentCustomer } from './request-context.js';

/**
 * Runs right after authentication and before any business check, so requests later answered
 * 403/404/413/415/422 still count, as the spec demands. Keyed by customer, not token.
 */
export function customerRateLimit(deps: { limiter: SlidingWindowLimiter; clock: Clock }): RequestHandler {
  return (_req, res, next) => {
    if (!deps.limiter.tryAdmit(currentCustomer(res).id, deps.clock.monotonicMs())) throw errors.rateLimited();
    next();
  };
}
