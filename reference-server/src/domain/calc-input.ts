import type { BuildingCategory, CalcInput, RoomUse } from '../calc/types.js';
import { designOutdoorTemperature } from '../climate/design-temperatures.js';
import type { Project } from '../store/projects.js';
import type { Store } from '../store/store.js';
import { FLOORS } from './room-fields.js';

const toNumber = (value: string | undefined): number => (value === undefined || value === '' ? Number.NaN : Number(value));

/**
 * Gathers what the engine needs from storage: the project's postal code and building year, its
 * rooms' base data (the API's room fields) and the portal-side building data (components,
 * radiators, floor-heating surfaces). Missing values stay NaN/empty; the engine's
 * `checkCalculable` turns them into the 422 reason.
 */
/** Rows grouped by their room, so a project of many rooms is gathered in one pass, not one per room. */
function byRoom<T extends { room_id: number }>(rows: readonly T[]): (roomId: number) => T[] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.room_id);
    if (group) group.push(row);
    else groups.set(row.room_id, [row]);
  }
  return (roomId) => groups.get(roomId) ?? [];
}

export function buildCalcInput(store: Store, project: Project): CalcInput {
  const building = store.building.ofProject(project.id);
  const componentsOf = byRoom(building.components);
  const radiatorsOf = byRoom(building.radiators);
  const surfacesOf = byRoom(building.surfaces);
  const postalCode = project.data['projektPostleitzahl'] ?? '';
  const buildingYear = toNumber(project.data['projektBaujahr']);
  const residents = toNumber(project.data['projektBewohner']);
  return {
    postalCode,
    designOutdoorTemperature: designOutdoorTemperature(postalCode) ?? Number.NaN,
    ...(Number.isFinite(buildingYear) ? { buildingYear } : {}),
    ...(Number.isFinite(residents) ? { residents } : {}),
    category: building.category as BuildingCategory,
    rooms: store.rooms.listByProject(project.id).map((room) => ({
      id: room.publicId,
      name: room.data['raumBezeichnung'] ?? '',
      floorLabel: FLOORS[Number(room.data['raumEtage'])]?.bezeichnung ?? '',
      area: toNumber(room.data['raumFlaeche']),
      height: toNumber(room.data['raumHoehe']),
      indoorTemperature: toNumber(room.data['raumTemperatur']),
      use: (building.roomUses.get(room.id) ?? 'living') as RoomUse,
      components: componentsOf(room.id).map((c) => ({
        kind: c.kind,
        area: c.area,
        adjacency: c.adjacency,
        ...(c.u_value === null ? {} : { uValue: c.u_value }),
        ...(c.adjacent_temperature === null ? {} : { adjacentTemperature: c.adjacent_temperature }),
      })),
      radiators: radiatorsOf(room.id).map((r) => ({ id: r.public_id, nominalOutput: r.value })),
      heatingSurfaces: surfacesOf(room.id).map((s) => ({ id: s.public_id, area: s.value })),
    })),
  };
}
