/**
 * What a leasing check needs of its customer. `licensed`: an active license (create, read and
 * change own projects) and not the customer that owns the profile's foreign resources (checks
 * compare against those); `heatpump`: that and the heat-pump function right; `own-data-only`:
 * any customer with an active license, the foreign one too (the check touches only what it creates);
 * `calculable` / `funding`: a customer the profile gives a calculable project / expected funding
 * applications (the primary customer, and pool customers with such resources).
 */
export const LEASE_KINDS = ['licensed', 'heatpump', 'own-data-only', 'calculable', 'funding'] as const;
export type LeaseKind = (typeof LEASE_KINDS)[number];

/** A customer of the profile with an active license that checks may lease. */
export interface LeaseCandidate {
  customer: string;
  tokens: number;
  /** Known to hold the heat-pump function right (pool and primary by the profile's definition). */
  heatpump: boolean;
  /** Owns the profile's foreign resources (customers.foreign). */
  foreign: boolean;
  /** The resource kinds the profile gives this customer (`calculable`, `funding`). */
  owns?: readonly LeaseKind[];
}
