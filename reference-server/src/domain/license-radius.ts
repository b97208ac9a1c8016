import type { Customer } from '../store/customers.js';

/**
 * How the license radius is judged: the portal converts a license's radius around its centre
 * into the set of two-digit postal regions it reaches, stored with the customer ('*' =
 * nationwide). A project lies inside when its postal code's region is in that set. A project
 * without a postal code is not judged here: its data is incomplete, which the calculation
 * reports as 422 calculation_unavailable.
 */
export function withinLicenseRadius(customer: Customer, postalCode: string | undefined): boolean {
  if (customer.licenseRegions.trim() === '*') return true;
  if (!postalCode) return true;
  if (!/^\d{5}$/.test(postalCode)) return false;
  return customer.licenseRegions
    .split(',')
    .map((r) => r.trim())
    .includes(postalCode.slice(0, 2));
}
