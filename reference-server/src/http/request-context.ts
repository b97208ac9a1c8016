import type { Response } from 'express';
import type { ServerResponse } from 'node:http';
import type { Customer } from '../store/customers.js';

/** The authenticated customer, set by the auth middleware for every protected route. */
export function currentCustomer(res: Response): Customer {
  const customer = res.locals['customer'] as Customer | undefined;
  if (!customer) throw new Error('protected route reached without authentication');
  return customer;
}

export function setCurrentCustomer(res: Response, customer: Customer): void {
  res.locals['customer'] = customer;
}

/** Whether the auth middleware found a customer for this request (false for public answers and for refusals before or by it). */
export function hasCustomer(res: Response): boolean {
  return res.locals['customer'] !== undefined;
}

/** `hasCustomer` for any answer of the HTTP server, including those given before the app (no `locals` then). */
export function answeredForCustomer(res: ServerResponse): boolean {
  return (res as Partial<Response>).locals?.['customer'] !== undefined;
}
