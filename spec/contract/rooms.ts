/**
 * Rooms, written from "Resources and their fields > Room" and the room rows of the endpoint table.
 *
 * Answers are open: the spec names their members without "only" (it closes the funding application
 * alone), so members beyond them are allowed, and `roomData` fixes only "all values returned as
 * strings except `raumTemperatur`". Write bodies are strict: "Unknown fields, boolean numeric
 * values, arrays and objects as values give 422".
 */
import { z } from 'zod';
import { projectKeySchema } from './common.js';

/** The floor table: `raumEtage` -> `raumEtageBezeichnung`, `raumEtageKuerzel`. */
export const FLOOR_LABELS = {
  0: { bezeichnung: 'Keller', kuerzel: 'KG' },
  1: { bezeichnung: 'Erdgeschoss', kuerzel: 'EG' },
  2: { bezeichnung: '1. Obergeschoss', kuerzel: '1. OG' },
  3: { bezeichnung: '2. Obergeschoss', kuerzel: '2. OG' },
  4: { bezeichnung: '3. Obergeschoss', kuerzel: '3. OG' },
  5: { bezeichnung: '4. Obergeschoss', kuerzel: '4. OG' },
  6: { bezeichnung: '5. Obergeschoss', kuerzel: '5. OG' },
  7: { bezeichnung: 'Dachgeschoss', kuerzel: 'DG' },
} as const satisfies Record<number, { bezeichnung: string; kuerzel: string }>;
export type FloorId = keyof typeof FLOOR_LABELS;

/**
 * The integer an output `raumEtage` string spells, or undefined when it spells none. "integer floor
 * id 0 to 7; output as string" fixes the value and that it is a string, not its spelling ("3", "03").
 */
export function floorOfText(raumEtage: unknown): number | undefined {
  return typeof raumEtage === 'string' && /^[+-]?\d+$/.test(raumEtage) ? Number(raumEtage) : undefined;
}

/** Labels expected for an output `raumEtage` string: the table row, or empty when missing or unknown. */
export function expectedFloorLabels(raumEtage: unknown): { bezeichnung: string; kuerzel: string } {
  const floor = floorOfText(raumEtage);
  if (floor !== undefined && floor in FLOOR_LABELS) {
    const row = FLOOR_LABELS[floor as FloorId];
    return { bezeichnung: row.bezeichnung, kuerzel: row.kuerzel };
  }
  return { bezeichnung: '', kuerzel: '' };
}

/**
 * Defaults at creation (table column "Default at creation"). Output values are strings (except the
 * temperature) whose exact spelling is not shown ("2.5" or "2.50"), so compare numerically; '' is empty.
 */
export const ROOM_DEFAULTS = {
  raumEtage: 1,
  raumFlaeche: '',
  raumHoehe: 2.5,
  raumTemperatur: 20,
  raumNotiz: '',
} as const;

/** "Room fields" limits. */
export const ROOM_LIMITS = {
  nameMin: 1,
  nameMax: 120,
  noteMax: 255,
  areaMax: 100000,
  heightMax: 100,
  numericTextMax: 32,
  floorMin: 0,
  floorMax: 7,
  temperatures: [7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26],
} as const;

/** "integer floor id 0 to 7": whether a number is one. */
export const isRoomFloor = (n: number) => n >= ROOM_LIMITS.floorMin && n <= ROOM_LIMITS.floorMax;
/** "7 or an integer 16 to 26": whether a number is a room temperature the table allows. */
export const isRoomTemperature = (n: number) => (ROOM_LIMITS.temperatures as readonly number[]).includes(n);

/** Output-only fields: "never sent as input" / "cannot be written". */
export const ROOM_OUTPUT_ONLY_FIELDS = ['raumBaujahr', 'raumEtageBezeichnung', 'raumEtageKuerzel'] as const;
/** Writable fields ("in/out"). */
export const ROOM_INPUT_FIELDS = ['raumBezeichnung', 'raumEtage', 'raumFlaeche', 'raumHoehe', 'raumTemperatur', 'raumNotiz'] as const;

/**
 * Open, with string values: "`roomData` fields (all values returned as strings except
 * `raumTemperatur`)" heads a table of nine fields but never says `roomData` holds only these (the
 * spec closes one object alone, the funding application: "Only these core fields are output").
 * Members beyond the table are allowed; the sentence fixes every value but the temperature as a
 * string ("output is a JSON number, or null when the stored value is missing or unknown").
 * All nine are required in output: the table gives each one an output direction and a creation default.
 */
export const roomDataSchema = z
  .object({
    raumBezeichnung: z.string(),
    raumEtage: z.string(),
    raumFlaeche: z.string(),
    raumHoehe: z.string(),
    raumTemperatur: z.number().nullable(),
    raumNotiz: z.string(),
    raumBaujahr: z.string(),
    raumEtageBezeichnung: z.string(),
    raumEtageKuerzel: z.string(),
  })
  .catchall(z.string());
export type RoomData = z.infer<typeof roomDataSchema>;

/**
 * Open: "Room object: `id` (string, taken exactly from `room.id` after creation), `projectKey`,
 * `roomData`" names its members without "only". The id is any non-empty string (its form is not
 * shown; an empty one could not address a room in `/rooms/{roomId}`).
 */
export const roomSchema = z.looseObject({
  id: z.string().min(1),
  projectKey: projectKeySchema,
  roomData: roomDataSchema,
});
export type Room = z.infer<typeof roomSchema>;

/**
 * Open: the endpoint table writes the answers as "`{room}`" and "`rooms[]`" without "only", and
 * "Value of `action` in all responses except createReport, getResults and getFundingApplication:
 * not shown", so a room answer may also carry `status`, `action` or other members.
 */
export const roomResponseSchema = z.looseObject({ room: roomSchema });
export type RoomResponse = z.infer<typeof roomResponseSchema>;
export const roomListResponseSchema = z.looseObject({ rooms: z.array(roomSchema) });
export type RoomListResponse = z.infer<typeof roomListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Payloads (inputs the spec clearly calls valid)
// ---------------------------------------------------------------------------------------------

/** "Numbers may be sent as JSON number or numeric string ..., at most 32 characters." */
const numericText = (pattern: RegExp) => z.string().max(ROOM_LIMITS.numericTextMax).regex(pattern);
/**
 * Plain digits: a numeric string by every reading. The spec defines no further syntax (sign,
 * exponent, surrounding spaces), so those are neither clearly valid nor clearly invalid.
 */
const INTEGER_TEXT = /^\d+$/;
/** "area and height also with decimal comma" */
const DECIMAL_COMMA_TEXT = /^\d+(?:[.,]\d+)?$/;

function decimal(max: number) {
  const inRange = (n: number) => n > 0 && n <= max;
  const message = `must be greater than 0 and at most ${max}`;
  return z.union([
    z.number().refine(inRange, message),
    numericText(DECIMAL_COMMA_TEXT).refine((s) => inRange(Number(s.replace(',', '.'))), message),
    z.literal(''),
    z.null(),
  ]);
}

function integerIn(allowed: (n: number) => boolean, message: string) {
  return z.union([
    z.number().int().refine(allowed, message),
    numericText(INTEGER_TEXT).refine((s) => allowed(Number(s)), message),
  ]);
}

/** Inputs of `roomData`. "Unknown fields, boolean numeric values, arrays and objects as values give 422." */
const roomDataInputShape = {
  /** "text, 1 to 120 characters after trimming; not empty" */
  raumBezeichnung: z.string().refine((s) => {
    const length = [...s.trim()].length;
    return length >= ROOM_LIMITS.nameMin && length <= ROOM_LIMITS.nameMax;
  }, 'must be 1 to 120 characters after trimming'),
  raumEtage: integerIn(isRoomFloor, 'must be an integer floor id 0 to 7'),
  raumFlaeche: decimal(ROOM_LIMITS.areaMax),
  raumHoehe: decimal(ROOM_LIMITS.heightMax),
  raumTemperatur: integerIn(isRoomTemperature, 'must be 7 or an integer 16 to 26'),
  /** "text, at most 255 characters; empty string deletes" */
  raumNotiz: z.string().refine((s) => [...s].length <= ROOM_LIMITS.noteMax, 'must be at most 255 characters'),
};

/**
 * `POST .../rooms`: "`{roomData: {...}}`, `raumBezeichnung` required". Strict at both levels: a
 * member the body or `roomData` does not name is an "unknown field" (422 in the errors table;
 * "Unknown fields ... give 422" for the room fields).
 */
export const createRoomBodySchema = z.strictObject({
  roomData: z.strictObject({
    ...roomDataInputShape,
    raumEtage: roomDataInputShape.raumEtage.optional(),
    raumFlaeche: roomDataInputShape.raumFlaeche.optional(),
    raumHoehe: roomDataInputShape.raumHoehe.optional(),
    raumTemperatur: roomDataInputShape.raumTemperatur.optional(),
    raumNotiz: roomDataInputShape.raumNotiz.optional(),
  }),
});
export type CreateRoomBody = z.input<typeof createRoomBodySchema>;

/** `PATCH .../rooms/{roomId}`: "`{roomData: {...}}`; only sent fields change, others are kept". Strict as the creation body. */
export const patchRoomBodySchema = z.strictObject({
  roomData: z.strictObject({
    raumBezeichnung: roomDataInputShape.raumBezeichnung.optional(),
    raumEtage: roomDataInputShape.raumEtage.optional(),
    raumFlaeche: roomDataInputShape.raumFlaeche.optional(),
    raumHoehe: roomDataInputShape.raumHoehe.optional(),
    raumTemperatur: roomDataInputShape.raumTemperatur.optional(),
    raumNotiz: roomDataInputShape.raumNotiz.optional(),
  }),
});
export type PatchRoomBody = z.input<typeof patchRoomBodySchema>;
