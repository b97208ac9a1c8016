import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { hashApiToken } from '../domain/api-token.js';
import type { FixedWindowLimiter, InvalidTokenLimit } from '../rate-limit/fixed-window.js';
import type { CustomerRepository } from '../store/customers.js';
import { errors } from './api-error.js';
import { setCurrentCustomer } from './request-context.js';

const BEARER = /^Bearer +([\x21-\x7e]+) *$/i;

/** The token of an `Authorization: Bearer` header as this server reads it; undefined for any other credentials. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  return BEARER.exec(authorization ?? '')?.[1];
}

/** Whether the request carried the Authorization header more than once (a loop: no header object is built per request). */
function repeatedAuthorization(raw: readonly string[]): boolean {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 13 && name.toLowerCase() === 'authorization' && ++count > 1) return true;
  }
  return false;
}

/**
 * Only the Authorization header is read: a token in the query string or a cookie is ignored,
 * so it never ends up in URLs or access logs. Failed attempts are counted per source IP.
 * A request with the header more than once is unauthenticated: Node keeps the first one, a proxy
 * in front may keep the last, and the two must never disagree about the customer.
 */
export function authenticate(deps: {
  customers: CustomerRepository;
  clock: Clock;
  invalidTokenLimiter: FixedWindowLimiter;
  /** What the 429 tells about the limiter's limit. */
  invalidTokenLimit: InvalidTokenLimit;
}): RequestHandler {
  return (req, res, next) => {
    const token = repeatedAuthorization(req.rawHeaders) ? undefined : bearerTokenOf(req.headers.authorization);
    const customer = token === undefined ? undefined : deps.customers.findByTokenHash(hashApiToken(token));
    if (!customer || customer.blocked) {
      const ip = req.socket.remoteAddress ?? 'unknown';
      if (!deps.invalidTokenLimiter.tryAdmit(ip, deps.clock.monotonicMs())) throw errors.invalidTokenRateLimited(deps.invalidTokenLimit);
      throw errors.unauthenticated();
    }
    setCurrentCustomer(res, customer);
    next();
  };
}
