import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { hashApiToken } from '../domain/api-token.js';
import type { FixedWindowLimiter } from '../rate-limit/fixed-window.js';
import type { CustomerRepository } from '../store/customers.js';
import { errors } from './api-error.js';
import { setCurrentCustomer } from './request-context.js';

const BEARER = /^Bearer +([\x21-\x7e]+) *$/i;

/**
 * Only the Authorization header is read: a token in the query string or a cookie is ignored,
 * so it never ends up in URLs or access logs. Failed attempts are counted per source IP.
 */
export function authenticate(deps: {
  customers: CustomerRepository;
  clock: Clock;
  invalidTokenLimiter: FixedWindowLimiter;
}): RequestHandler {
  return (req, res, next) => {
    const match = BEARER.exec(req.headers.authorization ?? '');
    const customer = match?.[1] === undefined ? undefined : deps.customers.findByTokenHash(hashApiToken(match[1]));
    if (!customer || customer.blocked) {
      const ip = req.socket.remoteAddress ?? 'unknown';
      if (!deps.invalidTokenLimiter.tryAdmit(ip, deps.clock.monotonicMs())) throw errors.invalidTokenRateLimited();
      throw errors.unauthenticated();
    }
    setCurrentCustomer(res, customer);
    next();
  };
}
