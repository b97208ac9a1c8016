import type { Clock } from '../clock.js';
import { generateRoomId } from '../domain/room-id.js';
import type { Adjacency, ComponentKind } from '../store/building.js';
import type { Room } from '../store/rooms.js';
import type { Store } from '../store/store.js';

/**
 * Building data the portal side holds for calculable demo projects: rooms with components
 * (areas, U-values, adjacency), radiators (nominal output at 75/65/20) and floor-heating
 * surfaces. U-values omitted on a component fall back to the building year's TABULA default.
 */
type Component = [kind: ComponentKind, area: number, uValue: number | null, adjacency: Adjacency, adjacentTemperature?: number];

export interface DemoRoom {
  name: string;
  floor: string;
  area: number;
  height?: number;
  temperature?: number;
  use: string;
  components: Component[];
  radiators?: number[];
  surfaces?: number[];
}

/** The 1970 detached house of the domain notes' worked example, and its neighbours. */
/** Project data of a single-family house of 1970, as the demo projects carry it. */
export const house = (name: string, plz = '10178', extra: Record<string, string> = {}) => ({
  projektName: name,
  projektPostleitzahl: plz,
  projektBaujahr: '1970',
  projektBewohner: '4',
  projektArtHeizung: '1',
  ...extra,
});

export const HOUSE_1970: DemoRoom[] = [
  {
    name: 'Wohnzimmer',
    floor: '1',
    area: 25,
    use: 'living',
    components: [
      ['wall', 9.5, 1.0, 'outside'],
      ['window', 3.0, 2.7, 'outside'],
      ['floor', 25, 1.0, 'unheatedCellar'],
    ],
    surfaces: [12.5, 12.5],
  },
  {
    name: 'Küche',
    floor: '1',
    area: 12.5,
    use: 'kitchen',
    components: [
      ['wall', 8.2, 1.0, 'outside'],
      ['window', 1.8, 2.7, 'outside'],
      ['floor', 12.5, 1.0, 'unheatedCellar'],
      ['wall', 7.5, 1.6, 'heated', 15],
    ],
    radiators: [1200],
  },
  {
    name: 'Bad',
    floor: '2',
    area: 8,
    temperature: 24,
    use: 'bath',
    components: [
      ['wall', 6.4, 1.0, 'outside'],
      ['window', 0.8, 2.7, 'outside'],
      ['ceiling', 8, 0.9, 'unheatedAttic'],
      ['wall', 6.0, 1.6, 'heated', 20],
    ],
    radiators: [500],
    surfaces: [6],
  },
  {
    name: 'Schlafzimmer',
    floor: '2',
    area: 16,
    use: 'bedroom',
    components: [
      ['wall', 12.0, null, 'outside'],
      ['window', 2.4, null, 'outside'],
      ['ceiling', 16, null, 'unheatedAttic'],
    ],
    radiators: [1500],
  },
];

/** Twenty rooms over four storeys: the benchmark's project size. */
export const APARTMENT_BLOCK: DemoRoom[] = Array.from({ length: 20 }, (_, i): DemoRoom => {
  const floor = 1 + Math.floor(i / 5);
  const area = 14 + (i % 5) * 3;
  return {
    name: `Wohnung ${floor}.${(i % 5) + 1}`,
    floor: String(floor),
    area,
    use: i % 5 === 4 ? 'bath' : 'living',
    temperature: i % 5 === 4 ? 24 : 20,
    components: [
      ['wall', 10 + (i % 3), null, 'outside'],
      ['window', 2 + (i % 2), null, 'outside'],
      ...(floor === 1 ? [['floor', area, null, 'unheatedCellar'] as Component] : []),
      ...(floor === 4 ? [['roof', area, null, 'outside'] as Component] : []),
    ],
    radiators: i % 2 === 0 ? [1400] : [],
    surfaces: i % 2 === 1 ? [area / 2, area / 2] : [],
  };
});

/** The same rooms with floor heating only: the radiators left out (what a project without radiators holds). */
export function withoutRadiators(rooms: readonly DemoRoom[]): DemoRoom[] {
  return rooms.map(({ radiators: _radiators, ...room }) => room);
}

export function seedBuilding(store: Store, clock: Clock, projectId: number, baujahr: string, rooms: DemoRoom[]): void {
  let counter = 0;
  for (const spec of rooms) {
    const publicId = generateRoomId();
    store.rooms.insert({
      publicId,
      projectId,
      baujahr,
      at: clock.now(),
      data: {
        raumBezeichnung: spec.name,
        raumEtage: spec.floor,
        raumFlaeche: String(spec.area),
        raumHoehe: String(spec.height ?? 2.5),
        raumTemperatur: String(spec.temperature ?? 20),
        raumNotiz: '',
      },
    });
    const room = store.rooms.findInProject(publicId, projectId) as Room;
    store.building.setRoomUse(room.id, spec.use);
    for (const [kind, area, uValue, adjacency, adjacentTemperature] of spec.components) {
      store.building.addComponent({ room_id: room.id, kind, area, u_value: uValue, adjacency, adjacent_temperature: adjacentTemperature ?? null });
    }
    for (const output of spec.radiators ?? []) store.building.addRadiator(`HK-${projectId}-${++counter}`, room.id, output);
    for (const area of spec.surfaces ?? []) store.building.addSurface(`FBH-${projectId}-${++counter}`, room.id, area);
  }
}
