import type { Db } from './database.js';

export type DocumentType = 'service' | 'heatpump-check';

export interface StoredDocument {
  id: number;
  projectId: number;
  type: DocumentType;
  name: string;
  size: number;
  temporary: boolean;
  createdAt: string;
}

interface DocumentRow {
  id: number;
  project_id: number;
  type: DocumentType;
  name: string;
  size: number;
  temporary: number;
  created_at: string;
}

const toDocument = (r: DocumentRow): StoredDocument => ({
  id: r.id,
  projectId: r.project_id,
  type: r.type,
  name: r.name,
  size: r.size,
  temporary: r.temporary === 1,
  createdAt: r.created_at,
});

export interface WebhookDelivery {
  projectKey: string;
  eventId: string;
  delivered: boolean;
  status?: number | undefined;
  error?: string | undefined;
  durationMs: number;
  at: Date;
}

export function createDocumentRepository(db: Db) {
  const insert = db.prepare(
    'INSERT INTO documents (project_id, type, name, size, bytes, temporary, trigger, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], DocumentRow>('SELECT id, project_id, type, name, size, temporary, created_at FROM documents WHERE id = ?');
  const countByProject = db.prepare<[number], number>('SELECT count(*) FROM documents WHERE project_id = ?').pluck();
  const firstOfProject = db.prepare<[number], DocumentRow>('SELECT id, project_id, type, name, size, temporary, created_at FROM documents WHERE project_id = ? ORDER BY id LIMIT 1');
  const bytes = db.prepare<[number], Buffer>('SELECT bytes FROM documents WHERE id = ?').pluck();
  const deleteAllButNewest = db.prepare<{ projectId: number; keep: number }>(
    `DELETE FROM documents WHERE project_id = @projectId
       AND id <> (SELECT min(id) FROM documents WHERE project_id = @projectId)
       AND id NOT IN (SELECT id FROM documents WHERE project_id = @projectId ORDER BY id DESC LIMIT @keep)`,
  );
  // Only the first caller changes the row: that caller alone sends the project's one delivery.
  const claim = db.prepare('UPDATE projects SET webhook_claimed_at = ? WHERE id = ? AND webhook_claimed_at IS NULL');
  const recordDelivery = db.prepare(
    'INSERT INTO webhook_deliveries (project_key, event_id, delivered, status, error, duration_ms, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const deliveries = db.prepare<[string], { event_id: string; delivered: number; status: number | null; error: string | null }>(
    'SELECT event_id, delivered, status, error FROM webhook_deliveries WHERE project_key = ? ORDER BY id',
  );

  return {
    insert(d: { projectId: number; type: DocumentType; name: string; bytes: Buffer; temporary: boolean; trigger: 'api' | 'portal'; at: Date }): StoredDocument {
      const info = insert.run(d.projectId, d.type, d.name, d.bytes.length, d.bytes, d.temporary ? 1 : 0, d.trigger, d.at.toISOString());
      return toDocument(byId.get(Number(info.lastInsertRowid)) as DocumentRow);
    },
    findById(id: number): StoredDocument | undefined {
      const row = byId.get(id);
      return row && toDocument(row);
    },
    bytes: (id: number): Buffer | undefined => bytes.get(id),
    countOfProject: (projectId: number): number => countByProject.get(projectId) ?? 0,
    firstOfProject(projectId: number): StoredDocument | undefined {
      const row = firstOfProject.get(projectId);
      return row && toDocument(row);
    },
    /** Deletes the project's documents but its `keep` newest and its first; answers how many went. */
    keepNewest: (projectId: number, keep: number): number => deleteAllButNewest.run({ projectId, keep }).changes,
    claimWebhook: (projectId: number, at: Date): boolean => claim.run(at.toISOString(), projectId).changes === 1,
    recordDelivery(d: WebhookDelivery): void {
      recordDelivery.run(d.projectKey, d.eventId, d.delivered ? 1 : 0, d.status ?? null, d.error ?? null, Math.round(d.durationMs), d.at.toISOString());
    },
    deliveries: (projectKey: string) => deliveries.all(projectKey),
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
