import type { Db } from './database.js';

/** A stored funding application; milestone columns may hold an ISO time or a historic 0/1 flag. */
export interface FundingRow {
  application_id: string;
  customer_id: number;
  project_id: number | null;
  project_key: string | null;
  project_available: number;
  application_type: string;
  bza_id: string | null;
  bnd_id: string | null;
  status: string;
  status_label: string;
  status_step: number;
  next_action: string;
  advisor_id: string | null;
  advisor_full_name: string | null;
  advisor_stored_name: string | null;
  advisor_title: string | null;
  advisor_assigned: number;
  ordered_at: string | null;
  bza_created_at: string | null;
  approval_received_at: string | null;
  approval_deadline_at: string | null;
  bnd_started_at: string | null;
  bnd_created_at: string | null;
  payout_confirmed_at: string | null;
  archived: number;
}

export type NewFundingApplication = Omit<FundingRow, 'project_key'>;

const SELECT = `SELECT f.*, p.key AS project_key FROM funding_applications f LEFT JOIN projects p ON p.id = f.project_id`;

/**
 * Read-only for the API (no endpoint writes applications; the seed inserts them). Application ids
 * are fixed-width digit strings, so ordering them as text is ordering them as numbers.
 */
export function createFundingRepository(db: Db) {
  const pageByCustomer = db.prepare<[number, number, number], FundingRow>(
    `${SELECT} WHERE f.customer_id = ? ORDER BY f.application_id DESC LIMIT ? OFFSET ?`,
  );
  const countByCustomer = db.prepare<[number], number>('SELECT count(*) FROM funding_applications WHERE customer_id = ?').pluck();
  const pageByProject = db.prepare<[number, number, number, number], FundingRow>(
    `${SELECT} WHERE f.customer_id = ? AND f.project_id = ? ORDER BY f.application_id DESC LIMIT ? OFFSET ?`,
  );
  const countByProject = db
    .prepare<[number, number], number>('SELECT count(*) FROM funding_applications WHERE customer_id = ? AND project_id = ?')
    .pluck();
  const owned = db.prepare<[string, number], FundingRow>(`${SELECT} WHERE f.application_id = ? AND f.customer_id = ?`);
  const insert = db.prepare(`INSERT INTO funding_applications (
      application_id, customer_id, project_id, project_available, application_type, bza_id, bnd_id, status, status_label,
      status_step, next_action, advisor_id, advisor_full_name, advisor_stored_name, advisor_title, advisor_assigned,
      ordered_at, bza_created_at, approval_received_at, approval_deadline_at, bnd_started_at, bnd_created_at,
      payout_confirmed_at, archived
    ) VALUES (
      @application_id, @customer_id, @project_id, @project_available, @application_type, @bza_id, @bnd_id, @status, @status_label,
      @status_step, @next_action, @advisor_id, @advisor_full_name, @advisor_stored_name, @advisor_title, @advisor_assigned,
      @ordered_at, @bza_created_at, @approval_received_at, @approval_deadline_at, @bnd_started_at, @bnd_created_at,
      @payout_confirmed_at, @archived
    )`);
  const exists = db.prepare<[string], number>('SELECT 1 FROM funding_applications WHERE application_id = ?').pluck();

  return {
    pageOfCustomer(customerId: number, limit: number, offset: number) {
      return { rows: pageByCustomer.all(customerId, limit, offset), total: countByCustomer.get(customerId) ?? 0 };
    },
    pageOfProject(customerId: number, projectId: number, limit: number, offset: number) {
      return { rows: pageByProject.all(customerId, projectId, limit, offset), total: countByProject.get(customerId, projectId) ?? 0 };
    },
    findOwned: (applicationId: string, customerId: number): FundingRow | undefined => owned.get(applicationId, customerId),
    exists: (applicationId: string): boolean => exists.get(applicationId) !== undefined,
    insert(row: NewFundingApplication): void {
      insert.run(row);
    },
  };
}

export type FundingRepository = ReturnType<typeof createFundingRepository>;
