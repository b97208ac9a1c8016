import type { RequestHandler } from 'express';
import type { Clock } from '../clock.js';
import { hashApiToken } from '../domain/api-token.js';
import type { FixedWindowLimiter } from '../rate-limit/fixed-window.js';
import type { CustomerRepository } from '../store/customers.js';
import { errors } from './api-error.js';
import { setCurrentCustomer } from './request-context.js';

const BEARER = /^Bearer +([\x21-\x7e]+) *$/i;

/** The Authorization header when it came exactly once (on every request: a loop, no header object built). */
function soleAuthorization(raw: readonly string[]): string | undefined {
  let value: string | undefined;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 13 && name.toLowerCase() === 'authorization') {
      count++;
      value = raw[i + 1];
    }
  }
  return count === 1 ? value : undefined;
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
}): RequestHandler {
  return (req, res, next) => {
    const sent = soleAuthorization(req.rawHeaders);
    const match = sent === undefined ? null : BEARER.exec(sent);
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
