import type { LeaseCandidate, LeaseKind } from './lease-kinds.js';

/** Whether a customer can serve a check that leases `kind` (see LEASE_KINDS), tokens aside. */
export function candidateFits(c: LeaseCandidate, kind: LeaseKind): boolean {
  if (kind === 'calculable' || kind === 'funding') return c.owns?.includes(kind) === true;
  if (kind === 'heatpump') return c.heatpump && !c.foreign;
  return kind === 'own-data-only' || !c.foreign;
}
