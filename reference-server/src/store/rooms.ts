import type { Db } from './database.js';

export interface Room {
  id: number;
  publicId: string;
  projectId: number;
  data: Record<string, string>;
  baujahr: string;
}

/** A row of the rooms table (also read by the fault catalogue's faulty queries). */
interface RoomRow {
  id: number;
  public_id: string;
  project_id: number;
  data: string;
  baujahr: string;
}

const toRoom = (r: RoomRow): Room => ({
  id: r.id,
  publicId: r.public_id,
  projectId: r.project_id,
  data: JSON.parse(r.data) as Record<string, string>,
  baujahr: r.baujahr,
});

export function createRoomRepository(db: Db) {
  const byProject = db.prepare<[number], RoomRow>('SELECT * FROM rooms WHERE project_id = ? ORDER BY id');
  // The room id is looked up together with its project: an id of another project is simply not found.
  const inProject = db.prepare<[string, number], RoomRow>('SELECT * FROM rooms WHERE public_id = ? AND project_id = ?');
  const insert = db.prepare(
    'INSERT INTO rooms (public_id, project_id, data, baujahr, created_at, updated_at) VALUES (@publicId, @projectId, @data, @baujahr, @at, @at)',
  );
  const update = db.prepare('UPDATE rooms SET data = ?, updated_at = ? WHERE id = ?');
  const publicIdExists = db.prepare<[string], number>('SELECT 1 FROM rooms WHERE public_id = ?').pluck();

  return {
    listByProject: (projectId: number): Room[] => byProject.all(projectId).map(toRoom),
    findInProject(publicId: string, projectId: number): Room | undefined {
      const row = inProject.get(publicId, projectId);
      return row && toRoom(row);
    },
    publicIdExists: (publicId: string): boolean => publicIdExists.get(publicId) !== undefined,
    insert(r: { publicId: string; projectId: number; data: Record<string, string>; baujahr: string; at: Date }): void {
      insert.run({ publicId: r.publicId, projectId: r.projectId, data: JSON.stringify(r.data), baujahr: r.baujahr, at: r.at.toISOString() });
    },
    updateData(id: number, data: Record<string, string>, at: Date): void {
      update.run(JSON.stringify(data), at.toISOString(), id);
    },
  };
}

export type RoomRepository = ReturnType<typeof createRoomRepository>;
