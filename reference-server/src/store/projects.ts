import type { Db } from './database.js';

export type ProjectOrigin = 'portal' | 'lead' | 'api';

export interface Project {
  id: number;
  key: string;
  customerId: number;
  origin: ProjectOrigin;
  status: number;
  data: Record<string, string>;
  createdAt: string;
  activityAt: string;
  /** Id of the main project this one is a variant of; null for a main project. */
  variantOf: number | null;
}

interface ProjectRow {
  id: number;
  key: string;
  customer_id: number;
  origin: ProjectOrigin;
  status: number;
  data: string;
  created_at: string;
  activity_at: string;
  variant_of: number | null;
}

const COLUMNS = 'id, key, customer_id, origin, status, data, created_at, activity_at, variant_of';

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    key: row.key,
    customerId: row.customer_id,
    origin: row.origin,
    status: row.status,
    data: JSON.parse(row.data) as Record<string, string>,
    createdAt: row.created_at,
    activityAt: row.activity_at,
    variantOf: row.variant_of,
  };
}

export interface NewProject {
  key: string;
  customerId: number;
  origin: ProjectOrigin;
  status?: number;
  data: Record<string, string>;
  at: Date;
  variantOf?: number;
}

export function createProjectRepository(db: Db) {
  // One query shape for "own and existing": a foreign key and a missing key take the same path.
  const owned = db.prepare<[string, number], ProjectRow>(
    `SELECT ${COLUMNS} FROM projects WHERE key = ? AND customer_id = ?`,
  );
  const byKey = db.prepare<[string], ProjectRow>(`SELECT ${COLUMNS} FROM projects WHERE key = ?`);
  const byCustomer = db.prepare<[number], ProjectRow>(
    `SELECT ${COLUMNS} FROM projects WHERE customer_id = ? ORDER BY id`,
  );
  const mainByCustomer = db.prepare<[number], ProjectRow>(
    `SELECT ${COLUMNS} FROM projects WHERE customer_id = ? AND variant_of IS NULL ORDER BY id`,
  );
  const insert = db.prepare(
    `INSERT INTO projects (key, customer_id, origin, status, data, created_at, activity_at, variant_of)
     VALUES (@key, @customerId, @origin, @status, @data, @at, @at, @variantOf)`,
  );
  const updateData = db.prepare('UPDATE projects SET data = ?, activity_at = ? WHERE id = ?');
  const updatePassword = db.prepare('UPDATE projects SET password_hash = ? WHERE id = ?');
  const updateStatusActivity = db.prepare('UPDATE projects SET status = ?, activity_at = ? WHERE id = ?');
  const updateActivity = db.prepare('UPDATE projects SET activity_at = ? WHERE id = ?');
  const keyExists = db.prepare<[string], number>('SELECT 1 FROM projects WHERE key = ?').pluck();

  return {
    findOwned(key: string, customerId: number): Project | undefined {
      const row = owned.get(key, customerId);
      return row && toProject(row);
    },
    /** Internal lookup without ownership (portal side only; API routes use findOwned). */
    findByKey(key: string): Project | undefined {
      const row = byKey.get(key);
      return row && toProject(row);
    },
    /** The customer's main projects (what GET /reports lists); variants are left out. */
    listByCustomer(customerId: number): Project[] {
      return mainByCustomer.all(customerId).map(toProject);
    },
    /** Main projects and their variants. */
    listAllByCustomer(customerId: number): Project[] {
      return byCustomer.all(customerId).map(toProject);
    },
    keyExists(key: string): boolean {
      return keyExists.get(key) !== undefined;
    },
    insert(p: NewProject): number {
      const info = insert.run({
        key: p.key,
        customerId: p.customerId,
        origin: p.origin,
        status: p.status ?? 1,
        data: JSON.stringify(p.data),
        at: p.at.toISOString(),
        variantOf: p.variantOf ?? null,
      });
      return Number(info.lastInsertRowid);
    },
    updateData(id: number, data: Record<string, string>, at: Date): void {
      updateData.run(JSON.stringify(data), at.toISOString(), id);
    },
    setStatusAndActivity(id: number, status: number, at: Date): void {
      updateStatusActivity.run(status, at.toISOString(), id);
    },
    touchActivity(id: number, at: Date): void {
      updateActivity.run(at.toISOString(), id);
    },
    setPasswordHash(id: number, hash: string): void {
      updatePassword.run(hash, id);
    },
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;
