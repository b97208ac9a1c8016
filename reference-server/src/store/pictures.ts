import type { Db } from './database.js';

export interface Picture {
  publicId: string;
  projectId: number;
  roomName: string | null;
  type: string;
  contentType: string;
}

interface PictureRow {
  public_id: string;
  project_id: number;
  room_name: string | null;
  type: string;
  content_type: string;
}

const toPicture = (r: PictureRow): Picture => ({
  publicId: r.public_id,
  projectId: r.project_id,
  roomName: r.room_name,
  type: r.type,
  contentType: r.content_type,
});

/** Pictures come from the portal (no upload endpoint in the API); the seed stands in for it. */
export function createPictureRepository(db: Db) {
  const byProject = db.prepare<[number], PictureRow>(
    'SELECT public_id, project_id, room_name, type, content_type FROM pictures WHERE project_id = ? ORDER BY id',
  );
  const byPublicId = db.prepare<[string], PictureRow & { bytes: Buffer }>(
    'SELECT public_id, project_id, room_name, type, content_type, bytes FROM pictures WHERE public_id = ?',
  );
  const insert = db.prepare('INSERT INTO pictures (public_id, project_id, room_name, type, content_type, bytes) VALUES (?, ?, ?, ?, ?, ?)');

  return {
    listByProject: (projectId: number): Picture[] => byProject.all(projectId).map(toPicture),
    withBytes(publicId: string): (Picture & { bytes: Buffer }) | undefined {
      const row = byPublicId.get(publicId);
      return row && { ...toPicture(row), bytes: row.bytes };
    },
    insert(p: Picture & { bytes: Buffer }): void {
      insert.run(p.publicId, p.projectId, p.roomName, p.type, p.contentType, p.bytes);
    },
  };
}

export type PictureRepository = ReturnType<typeof createPictureRepository>;
