import type { Store } from '../store/store.js';

/** A customer's funding application as the API shows it, for the profile's expectations. */
export interface ExpectedApplication {
  applicationId: string;
  status: string;
  projectKey: string | null;
  bzaId: string | null;
  bndId: string | null;
  statusLabel: string;
  nextAction: string;
  /** Project-bound, but the project was deleted in the portal. */
  projectNoLongerAvailable: boolean;
  /** The advisor's names as stored (advisor.name falls back from the first to the second). */
  advisor: { fullName: string | null; storedName: string | null };
}

/** Every funding application of the customer (id, status, project key, ids and German texts). */
export function expectedApplications(store: Store, customerId: number): ExpectedApplication[] {
  const keyOf = new Map(store.projects.listAllByCustomer(customerId).map((p) => [p.id, p.key]));
  return store.funding.pageOfCustomer(customerId, 1000, 0).rows.map((r) => ({
    applicationId: r.application_id,
    status: r.status,
    projectKey: r.project_id === null ? null : (keyOf.get(r.project_id) ?? null),
    bzaId: r.bza_id,
    bndId: r.bnd_id,
    statusLabel: r.status_label,
    nextAction: r.next_action,
    projectNoLongerAvailable: r.project_available === 0,
    advisor: { fullName: r.advisor_full_name, storedName: r.advisor_stored_name },
  }));
}
