import { z } from 'zod';
import { FLOORS, ROOM_TEMPERATURES } from '../../domain/room-fields.js';
import { storedProjectKey } from './common.js';
import { responseSchemas } from './registries.js';

const floorLabel = (label: 'bezeichnung' | 'kuerzel', description: string) =>
  z.enum(['', ...Object.values(FLOORS).map((floor) => floor[label])]).describe(`${description}; '' when the floor id is missing or unknown.`);

export const roomData = z
  .strictObject({
    raumBezeichnung: z.string().describe('Room name.'),
    raumEtage: z.string().describe('Floor id 0 to 7 as text.'),
    raumFlaeche: z.string().describe("Area in m², as text; '' when not set."),
    raumHoehe: z.string().describe("Height in m, as text; '' when not set."),
    raumTemperatur: z
      .union([z.literal(ROOM_TEMPERATURES), z.null()])
      .describe('Temperature in °C as a number; null when the stored value is missing or unknown.'),
    raumNotiz: z.string().describe("Note; '' when not set."),
    raumBaujahr: z.string().describe("Building year copied from the project at creation; '' when none. Read only."),
    raumEtageBezeichnung: floorLabel('bezeichnung', 'Floor name derived from raumEtage. Read only'),
    raumEtageKuerzel: floorLabel('kuerzel', 'Floor abbreviation derived from raumEtage. Read only'),
  })
  .describe('Room base data: every value is text except raumTemperatur.')
  .register(responseSchemas, { id: 'RoomData' });

const room = z
  .strictObject({
    id: z.string().describe('Opaque room id; take it exactly from room.id after creation.'),
    projectKey: storedProjectKey,
    roomData,
  })
  .register(responseSchemas, { id: 'Room' });

export const roomResponse = z.strictObject({ room }).register(responseSchemas, { id: 'RoomResponse' });
export const roomListResponse = z.strictObject({ rooms: z.array(room) }).register(responseSchemas, { id: 'RoomList' });
