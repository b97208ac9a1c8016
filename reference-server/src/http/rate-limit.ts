import type { RequestHandler } from 'express';
import type { Socket } from 'node:net';
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
 * A connection that keeps sending through its 429s is answered more slowly: its
 * `afterRefusals`-th refusal in a row and every later one wait `delayMs` before they are written.
 * The decision is still made on arrival; only the answer waits, and with it the next request on
 * that connection. One event loop serves every customer, so without this a flooding client takes
 * most of it (bench:server: others' p99 under a flood). A client that honours Retry-After, or a
 * short burst, never meets the delay.
 */
export interface RefusalTarpit {
  afterRefusals: number;
  delayMs: number;
}

export const DEFAULT_TARPIT: RefusalTarpit = { afterRefusals: 16, delayMs: 50 };

/**
 * Runs right after authentication and before any business check, so requests later answered
 * 403/404/413/415/422 still count, as the spec demands. Keyed by customer, not token.
 */
export function customerRateLimit(deps: { limiter: SlidingWindowLimiter; clock: Clock; tarpit?: RefusalTarpit }): RequestHandler {
  const tarpit = deps.tarpit ?? DEFAULT_TARPIT;
  const refusalsInARow = new WeakMap<Socket, number>();
  const refuse = (res: Parameters<RequestHandler>[1]) => {
    if (!res.destroyed) res.writeHead(429, REFUSAL_HEADERS).end(REFUSAL_BODY);
  };
  return (req, res, next) => {
    if (deps.limiter.tryAdmit(currentCustomer(res).id, deps.clock.monotonicMs())) {
      refusalsInARow.delete(req.socket);
      next();
      return;
    }
    const refusals = (refusalsInARow.get(req.socket) ?? 0) + 1;
    refusalsInARow.set(req.socket, refusals);
    if (refusals < tarpit.afterRefusals) refuse(res);
    else setTimeout(refuse, tarpit.delayMs, res);
  };
}
