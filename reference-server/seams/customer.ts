import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../src/app.js';
import { hashApiToken } from '../src/domain/api-token.js';
import { bearerTokenOf } from '../src/http/authenticate.js';
import { currentCustomer, setCurrentCustomer } from '../src/http/request-context.js';
import type { Customer } from '../src/store/customers.js';

/**
 * The customer of a request, every way a fault needs it: from a token before authentication, as
 * authenticated, or swapped for another one the routes then see.
 */

export { currentCustomer };

/** The customer a token belongs to, blocked ones included (what the token lookup finds). */
export function customerOfToken(deps: AppDeps, token: string): Customer | undefined {
  return deps.store.customers.findByTokenHash(hashApiToken(token));
}

/** The customer of a bearer Authorization header, blocked ones included: for middleware before authentication. */
export function customerOfAuthorization(deps: AppDeps, authorization: string | undefined): Customer | undefined {
  const token = bearerTokenOf(authorization);
  return token === undefined ? undefined : customerOfToken(deps, token);
}

/** The authenticated customer, or undefined where a hook also sees requests that were never authenticated. */
export function authenticatedCustomer(res: Response): Customer | undefined {
  return res.locals['customer'] as Customer | undefined;
}

/** After authentication: the customer of the requests `applies` picks, as the routes see it, replaced by `fn` of it. */
export function swapCustomerOn(applies: (req: Request) => boolean, fn: (customer: Customer) => Customer): RequestHandler {
  return (req, res, next) => {
    if (applies(req)) setCurrentCustomer(res, fn(currentCustomer(res)));
    next();
  };
}

/** Replaces the customer the token lookup finds (after the real lookup), so authentication sees `fn` of it. */
export function mapTokenCustomer(deps: AppDeps, fn: (customer: Customer | undefined, tokenHash: string) => Customer | undefined): AppDeps {
  const customers = deps.store.customers;
  return {
    ...deps,
    store: { ...deps.store, customers: { ...customers, findByTokenHash: (tokenHash: string) => fn(customers.findByTokenHash(tokenHash), tokenHash) } },
  };
}
