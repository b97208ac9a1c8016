import { parseRoomCreate, parseRoomPatch, roomDataOut } from '../../domain/room-fields.js';
import { EXAMPLE_PROJECT_KEY, type Example } from './common.js';

export const roomWriteExamples = {
  create: {
    summary: 'A room; unset fields get their defaults',
    value: { roomData: { raumBezeichnung: 'Wohnzimmer', raumFlaeche: '24,5', raumTemperatur: 20 } },
  },
  patch: {
    summary: 'Only sent fields change',
    value: { roomData: { raumEtage: 2, raumNotiz: 'Fenster 2019 getauscht' } },
  },
} satisfies Record<string, Example>;

const BUILDING_YEAR = '1978';

const createdData = parseRoomCreate(roomWriteExamples.create.value);
const room = (id: string, data: typeof createdData) => ({ id, projectKey: EXAMPLE_PROJECT_KEY, roomData: roomDataOut(data, BUILDING_YEAR) });

const created = room('r3f9c0a1b2d4e5f60', createdData);
const patched = room(created.id, { ...createdData, ...parseRoomPatch(roomWriteExamples.patch.value) });
const kitchen = room('r8e21b7c90d3a4f15', parseRoomCreate({ roomData: { raumBezeichnung: 'Küche', raumFlaeche: 12.5, raumEtage: 1 } }));

export const roomResponseExamples = {
  created: { summary: 'The created room', value: { room: created } },
  read: { summary: 'A room', value: { room: created } },
  patched: { summary: 'After the change above', value: { room: patched } },
  list: { summary: 'The rooms of a project', value: { rooms: [created, kitchen] } },
} satisfies Record<string, Example>;
