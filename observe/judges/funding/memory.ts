import type { BoundedMap, Remembered } from '../../judge/bounded-map.js';

/**
 * Bounds of what the sequence judges of the funding area remember. Only exchanges within the
 * sequence horizon (60 s) are compared, so the customers active lately and a walk's worth of
 * applications each suffice, however long a proxy observes.
 */
export const CUSTOMERS_REMEMBERED = 200;
export const APPLICATIONS_REMEMBERED = 1000;
/** Projects per customer whose key and id the judges keep (created, read, named by applications). */
export const PROJECTS_REMEMBERED = 500;

/**
 * A customer's entry, made when there is none, and written anew at `at` (when the exchange that
 * adds to it was answered): a map that forgets beyond the horizon keeps a customer as long as
 * anything the customer's entry holds may still be compared.
 */
export function renewed<V extends Remembered>(customers: BoundedMap<string, V>, customer: string, make: () => V, at: number): V {
  const value = customers.get(customer) ?? make();
  customers.set(customer, value, at);
  return value;
}
