import type { Db } from './database.js';

export type ComponentKind = 'wall' | 'window' | 'door' | 'floor' | 'ceiling' | 'roof';
export type Adjacency = 'outside' | 'ground' | 'unheatedCellar' | 'unheatedAttic' | 'heated';

export interface ComponentRow {
  room_id: number;
  kind: ComponentKind;
  area: number;
  u_value: number | null;
  adjacency: Adjacency;
  adjacent_temperature: number | null;
}

export interface DeviceRow {
  room_id: number;
  public_id: string;
  value: number;
}

/**
 * Building data the calculation needs beyond the API's room base data: components with U-values,
 * radiators and floor-heating surfaces. Only the portal side (here: the seed) writes them.
 */
export function createBuildingRepository(db: Db) {
  const components = db.prepare<[number], ComponentRow>(
    'SELECT c.room_id, c.kind, c.area, c.u_value, c.adjacency, c.adjacent_temperature FROM room_components c JOIN rooms r ON r.id = c.room_id WHERE r.project_id = ? ORDER BY c.id',
  );
  const radiators = db.prepare<[number], DeviceRow>(
    'SELECT d.room_id, d.public_id, d.nominal_output AS value FROM radiators d JOIN rooms r ON r.id = d.room_id WHERE r.project_id = ? ORDER BY d.id',
  );
  const surfaces = db.prepare<[number], DeviceRow>(
    'SELECT d.room_id, d.public_id, d.area AS value FROM heating_surfaces d JOIN rooms r ON r.id = d.room_id WHERE r.project_id = ? ORDER BY d.id',
  );
  const roomUse = db.prepare<[number], { id: number; room_use: string }>('SELECT id, room_use FROM rooms WHERE project_id = ?');
  const weight = db.prepare<{ projectId: number; limit: number }, number>(
    `SELECT count(*) FROM (
      SELECT 1 FROM rooms WHERE project_id = @projectId
      UNION ALL SELECT 1 FROM room_components c JOIN rooms r ON r.id = c.room_id WHERE r.project_id = @projectId
      UNION ALL SELECT 1 FROM radiators d JOIN rooms r ON r.id = d.room_id WHERE r.project_id = @projectId
      UNION ALL SELECT 1 FROM heating_surfaces d JOIN rooms r ON r.id = d.room_id WHERE r.project_id = @projectId
      LIMIT @limit)`,
  ).pluck();
  const category = db.prepare<[number], string>('SELECT building_category FROM projects WHERE id = ?').pluck();
  const insertComponent = db.prepare(
    'INSERT INTO room_components (room_id, kind, area, u_value, adjacency, adjacent_temperature) VALUES (@room_id, @kind, @area, @u_value, @adjacency, @adjacent_temperature)',
  );
  const insertRadiator = db.prepare('INSERT INTO radiators (public_id, room_id, nominal_output) VALUES (?, ?, ?)');
  const insertSurface = db.prepare('INSERT INTO heating_surfaces (public_id, room_id, area) VALUES (?, ?, ?)');
  const setRoomUse = db.prepare('UPDATE rooms SET room_use = ? WHERE id = ?');
  const setCategory = db.prepare('UPDATE projects SET building_category = ? WHERE id = ?');

  return {
    ofProject(projectId: number) {
      return {
        category: category.get(projectId) ?? 'existing',
        roomUses: new Map(roomUse.all(projectId).map((r) => [r.id, r.room_use])),
        components: components.all(projectId),
        radiators: radiators.all(projectId),
        surfaces: surfaces.all(projectId),
      };
    },
    /**
     * Rooms plus their components, radiators and surfaces, counted without reading them and only
     * up to `limit`: deciding whether a project is large costs the same however large it is.
     */
    weightUpTo: (projectId: number, limit: number): number => weight.get({ projectId, limit }) ?? 0,
    addComponent: (c: ComponentRow) => void insertComponent.run(c),
    addRadiator: (publicId: string, roomId: number, nominalOutput: number) => void insertRadiator.run(publicId, roomId, nominalOutput),
    addSurface: (publicId: string, roomId: number, area: number) => void insertSurface.run(publicId, roomId, area),
    setRoomUse: (roomId: number, use: string) => void setRoomUse.run(use, roomId),
    setCategory: (projectId: number, value: string) => void setCategory.run(value, projectId),
  };
}

export type BuildingRepository = ReturnType<typeof createBuildingRepository>;
