import type { FundingRow } from '../store/funding.js';

/** Stored ISO times come out as UTC with `+00:00`; a historic 0/1 flag or nothing comes out as null. */
export function milestoneTime(stored: string | null): string | null {
  if (stored === null || stored === '0' || stored === '1') return null;
  const time = new Date(stored);
  if (Number.isNaN(time.getTime())) return null;
  return time.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** The core fields of the spec, nothing else: no proofs, customer data or documents. */
export function applicationView(row: FundingRow) {
  const projectAvailable = row.project_available === 1 && row.project_key !== null;
  return {
    applicationId: row.application_id,
    applicationType: row.application_type,
    projectId: projectAvailable ? row.project_id : null,
    projectKey: projectAvailable ? row.project_key : null,
    bzaId: row.bza_id,
    bndId: row.bnd_id,
    status: row.status,
    statusLabel: row.status_label,
    statusStep: row.status_step,
    nextAction: row.next_action,
    advisor: {
      id: row.advisor_id,
      name: row.advisor_full_name ?? row.advisor_stored_name ?? null,
      title: row.advisor_title,
      assigned: row.advisor_assigned === 1,
    },
    orderedAt: milestoneTime(row.ordered_at),
    bzaCreatedAt: milestoneTime(row.bza_created_at),
    approvalReceivedAt: milestoneTime(row.approval_received_at),
    approvalDeadlineAt: milestoneTime(row.approval_deadline_at),
    bndStartedAt: milestoneTime(row.bnd_started_at),
    bndCreatedAt: milestoneTime(row.bnd_created_at),
    payoutConfirmedAt: milestoneTime(row.payout_confirmed_at),
  };
}
