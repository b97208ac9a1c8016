import type { NewFundingApplication } from '../store/funding.js';
import type { Store } from '../store/store.js';

/**
 * Deterministic demo applications covering the spec's cases: every status, project-bound and
 * standalone ones, archived and canceled ones, a project no longer available, ids with leading
 * zeros, advisors present and absent, milestones present, absent and stored as a historic flag.
 * More than 50 for the primary customer, so the default page size actually pages.
 */
export const STANDALONE_APPLICATION_TYPE = 'standalone';

/**
 * Status, German label, processing step (steps are skipped: 9 and 11 do not occur), next action,
 * and how many milestones (in table order) a record in that status has reached.
 */
const STATUSES = [
  ['created', 'Angelegt', 1, 'Antrag bestellen', 0],
  ['advisor', 'Energieberater offen', 2, 'Energieberater zuweisen', 1],
  ['bza', 'BzA offen', 3, 'Bestätigung zum Antrag erstellen', 1],
  ['approval', 'Zuwendungsbescheid offen', 4, 'Zuwendungsbescheid hochladen', 2],
  ['execution', 'Umsetzung offen', 5, 'Maßnahme umsetzen', 4],
  ['proofs_waiting', 'Nachweise fehlen', 6, 'Nachweise einreichen', 5],
  ['proofs_review', 'Nachweise in Prüfung', 7, 'Prüfung abwarten', 5],
  ['proofs_corrections', 'Korrektur offen', 8, 'Nachweise korrigieren', 5],
  ['done', 'BnD fertig', 10, 'Auszahlung beantragen', 6],
  ['completed', 'Auszahlung abgeschlossen', 12, 'Abgeschlossen', 7],
  ['canceled', 'Storniert', 0, 'Keine weitere Aktion', 1],
] as const;

const MILESTONES = ['ordered_at', 'bza_created_at', 'approval_received_at', 'approval_deadline_at', 'bnd_started_at', 'bnd_created_at', 'payout_confirmed_at'] as const;

export interface FundingSeedInput {
  customerId: number;
  /** Project ids to bind applications to, in turn; the first one gets most. */
  projectIds: number[];
  count: number;
  /** First numeric id; ids are 8-digit, zero-padded strings. */
  firstId: number;
}

export function demoApplications(input: FundingSeedInput): NewFundingApplication[] {
  const rows: NewFundingApplication[] = [];
  for (let i = 0; i < input.count; i++) {
    const [status, label, step, next, reached] = STATUSES[i % STATUSES.length] as (typeof STATUSES)[number];
    const standalone = i % 5 === 4;
    // Project-bound, but the project was deleted in the portal: no project id or key any more.
    const unavailable = !standalone && i % 13 === 6;
    const projectId = standalone || unavailable ? null : (input.projectIds[i % input.projectIds.length] as number);
    const base = Date.UTC(2025, 0, 6, 9, 30) + i * 86_400_000 * 3;
    const milestones: Record<(typeof MILESTONES)[number], string | null> = Object.fromEntries(
      MILESTONES.map((m, k) => {
        if (k >= reached) return [m, null];
        // Older records only kept a 0/1 flag for ordering; they come out as null.
        if (m === 'ordered_at' && i % 7 === 3) return [m, '1'];
        return [m, new Date(base + k * 86_400_000 * 9).toISOString()];
      }),
    ) as Record<(typeof MILESTONES)[number], string | null>;
    const advisor = i % 4;
    rows.push({
      application_id: String(input.firstId + i).padStart(8, '0'),
      customer_id: input.customerId,
      project_id: projectId,
      project_available: unavailable ? 0 : 1,
      application_type: standalone ? STANDALONE_APPLICATION_TYPE : 'project_bound',
      bza_id: reached >= 2 ? `00${String(41000 + i).padStart(7, '0')}` : null,
      bnd_id: reached >= 6 ? `000${String(7000 + i).padStart(6, '0')}` : null,
      status,
      status_label: label,
      status_step: step,
      next_action: next,
      advisor_id: advisor === 0 ? null : `EB-${String(100 + advisor).padStart(5, '0')}`,
      advisor_full_name: advisor === 1 ? 'Dr. Erika Beraterin' : null,
      advisor_stored_name: advisor === 1 || advisor === 2 ? 'E. Berater' : null,
      advisor_title: advisor === 1 ? 'Energieeffizienz-Expertin' : null,
      advisor_assigned: advisor === 0 ? 0 : 1,
      ...milestones,
      archived: i % 9 === 8 ? 1 : 0,
    });
  }
  return rows;
}

/** Stores the demo applications an earlier start did not store yet (ids are fixed per plan). */
export function seedApplications(store: Store, input: FundingSeedInput): void {
  for (const row of demoApplications(input)) if (!store.funding.exists(row.application_id)) store.funding.insert(row);
}
