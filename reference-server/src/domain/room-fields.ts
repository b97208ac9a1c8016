/**
 * The spec's room field table ("Resources and their fields" > Room), its floor id table and the
 * write bodies of the room endpoints, as zod schemas. Every field rule lives in FIELD_RULES, so the
 * table, the validation and the `roomData` output cannot drift apart. Every rejection is a 422 whose
 * `details.field` names the offending field (or `roomData`, or the offending top-level key).
 *
 * Decisions on points the spec leaves open (documented here and in the tests):
 * - `raumBezeichnung` and `raumNotiz` are "text"; a plain JSON number is accepted and stored as its
 *   String() text, as the project text fields do. Booleans are rejected like everywhere else.
 * - `raumBezeichnung` is stored trimmed; `raumNotiz` is stored exactly as sent (only the empty string
 *   and null delete it). Both limits count characters (code points), not UTF-16 units.
 * - `raumEtage` and `raumTemperatur` have no deletion in the spec: empty and null give 422.
 * - Numeric text is any finite decimal form (numeric-text.ts: `2.5`, `25e-1`, `+3`), at most 32
 *   characters as sent, surrounded by whitespace or not; leading zeros are allowed. The decimal comma
 *   is the spec's for area and height only.
 * - Floor and temperature are integers: the number, sent as JSON or as text, must be integral, so
 *   "1.0", "1e0" and "+1" are the floor 1, while "1.5" and "1,0" (no decimal comma here) give 422.
 * - Area and height are stored as plain decimal text ("0.5"); a number whose plain text would pass
 *   the 32 characters (a JSON 1e-31, which the spec's "greater than 0" admits) in exponent form.
 * - Sending empty or null for `raumFlaeche` / `raumHoehe` at creation stores empty, not the default.
 * - Output: `raumTemperatur` is a number only for a stored value this module writes (7, 16..26 as
 *   canonical text), otherwise null; the floor labels are likewise only derived from "0".."7".
 */
import { z } from 'zod';
import { errors, type ApiError } from '../http/api-error.js';
import { declareAcceptedInput } from './accepted-input.js';
import { parseDecimalText, storedDecimalText } from './numeric-text.js';
import { numericTextPattern } from './numeric-text-pattern.js';

/** Normalized text of the input fields; '' means not set. */
export type StoredRoomData = {
  raumBezeichnung: string;
  raumEtage: string;
  raumFlaeche: string;
  raumHoehe: string;
  raumTemperatur: string;
  raumNotiz: string;
};
type RoomField = keyof StoredRoomData;

const INVALID = Symbol('invalid');
type Normalized = string | typeof INVALID;

/** Normalizes one sent scalar of a field; '' means "delete the stored value". */
interface FieldRule {
  /** German description of what the field accepts, used in the 422 message. */
  readonly expected: string;
  readonly normalize: (value: unknown) => Normalized;
  /** The inputs `normalize` accepts, for the API description (see accepted-input.ts). */
  readonly accepts: z.ZodType;
}

/** "Room fields" limits. */
const NAME_MAX = 120;
const NOTE_MAX = 255;
const MAX_NUMERIC_TEXT = 32;
export const ROOM_TEMPERATURES: readonly number[] = Object.freeze([7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]);

/** The spec's floor id table. */
export const FLOORS: Readonly<Record<number, { bezeichnung: string; kuerzel: string }>> = Object.freeze({
  0: Object.freeze({ bezeichnung: 'Keller', kuerzel: 'KG' }),
  1: Object.freeze({ bezeichnung: 'Erdgeschoss', kuerzel: 'EG' }),
  2: Object.freeze({ bezeichnung: '1. Obergeschoss', kuerzel: '1. OG' }),
  3: Object.freeze({ bezeichnung: '2. Obergeschoss', kuerzel: '2. OG' }),
  4: Object.freeze({ bezeichnung: '3. Obergeschoss', kuerzel: '3. OG' }),
  5: Object.freeze({ bezeichnung: '4. Obergeschoss', kuerzel: '4. OG' }),
  6: Object.freeze({ bezeichnung: '5. Obergeschoss', kuerzel: '5. OG' }),
  7: Object.freeze({ bezeichnung: 'Dachgeschoss', kuerzel: 'DG' }),
});

/** Column "Default at creation" for every field but the required name. */
const CREATION_DEFAULTS: Omit<StoredRoomData, 'raumBezeichnung'> = Object.freeze({
  raumEtage: '1',
  raumFlaeche: '',
  raumHoehe: '2.5',
  raumTemperatur: '20',
  raumNotiz: '',
});

// eslint-disable-next-line no-control-regex -- NUL is exactly the character the text rule rejects.
const NO_NUL = /^[^\u0000]*$/;

/** Text of a text field: a string, or a finite JSON number as its String() text; no NUL. */
function toText(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof text === 'string' && !text.includes('\u0000') ? text : undefined;
}

/** Characters (code points), so that one emoji counts once. */
const characters = (text: string): number => [...text].length;

/** JSON number, or numeric text of at most 32 characters in any finite decimal form. */
function toDecimal(value: unknown, decimalComma: boolean): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.length > MAX_NUMERIC_TEXT) return undefined;
  return parseDecimalText(value, { decimalComma });
}

/** An integral number, sent as JSON or as text with a decimal point at most. */
function toInteger(value: unknown): number | undefined {
  const n = toDecimal(value, false);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

const roomName: FieldRule = {
  expected: `Text mit 1 bis ${NAME_MAX} Zeichen (ohne Leerraum am Anfang und Ende gezählt) ohne NUL-Zeichen erwartet; das Feld darf nicht geleert werden.`,
  normalize: (value) => {
    const trimmed = toText(value)?.trim();
    if (trimmed === undefined) return INVALID;
    const length = characters(trimmed);
    return length >= 1 && length <= NAME_MAX ? trimmed : INVALID;
  },
  accepts: z
    // At most 120 characters as sent: a subset of the rule (which counts after trimming) that every generator can keep.
    .union([z.string().regex(NO_NUL).regex(/\S/).max(NAME_MAX), z.number()])
    .describe(`Room name, 1 to ${NAME_MAX} characters after trimming (stored trimmed); a number is stored as its text. It cannot be emptied.`),
};

const note: FieldRule = {
  expected: `Text mit höchstens ${NOTE_MAX} Zeichen ohne NUL-Zeichen erwartet, leer oder null zum Löschen.`,
  normalize: (value) => {
    if (value === null) return '';
    const text = toText(value);
    return text !== undefined && characters(text) <= NOTE_MAX ? text : INVALID;
  },
  accepts: z
    .union([z.string().regex(NO_NUL).max(NOTE_MAX), z.number(), z.null()])
    .describe(`Note of at most ${NOTE_MAX} characters; a number is stored as its text. Empty or null deletes it.`),
};

/** An integer out of `allowed`; the spec gives no deletion, so empty and null are invalid. */
function integerChoice(allowed: readonly number[], expected: string, description: string): FieldRule {
  return {
    expected: `${expected} (Zahl oder Ziffernfolge mit höchstens ${MAX_NUMERIC_TEXT} Zeichen); das Feld darf nicht geleert werden.`,
    normalize: (value) => {
      const n = toInteger(value);
      // String(-0) is "0", so a JSON -0 is stored like 0.
      return n !== undefined && allowed.includes(n) ? String(n) : INVALID;
    },
    accepts: z
      .union([z.literal(allowed), z.enum(allowed.map(String))])
      .describe(`${description}, as an integer or digits; it cannot be emptied.`),
  };
}

/** A number greater than 0 up to max; empty or null deletes. */
function positiveUpTo(max: number, what: string): FieldRule {
  return {
    expected: `${what} größer als 0 bis ${max} erwartet (Zahl oder Zahlentext mit höchstens ${MAX_NUMERIC_TEXT} Zeichen, auch mit Dezimalkomma), leer oder null zum Löschen.`,
    normalize: (value) => {
      if (value === '' || value === null) return '';
      const n = toDecimal(value, true);
      if (n === undefined || !(n > 0 && n <= max)) return INVALID;
      return storedDecimalText(n, MAX_NUMERIC_TEXT);
    },
    accepts: z
      .union([
        z.number().gt(0).max(max),
        z.string().max(MAX_NUMERIC_TEXT).regex(new RegExp(numericTextPattern({ min: 0, exclusiveMin: true, max, integer: false, decimalComma: true }))),
        z.literal(''),
        z.null(),
      ])
      .describe(
        `Greater than 0 up to ${max}, as a JSON number or numeric text of at most ${MAX_NUMERIC_TEXT} characters; empty or null deletes the value. Returned as text (a tiny number such as 1e-31 in exponent form). The pattern admits plain decimals in the range (point or comma); every other finite decimal form of a number in the range is accepted too (exponent such as 2.5e0, sign, surrounding spaces).`,
      ),
  };
}

/** The input fields in the order of the spec's table. */
const FIELD_RULES = {
  raumBezeichnung: roomName,
  raumEtage: integerChoice(Object.keys(FLOORS).map(Number), 'Ganzzahlige Etagen-ID von 0 bis 7 erwartet', 'Floor id 0 to 7 (see raumEtageBezeichnung)'),
  raumFlaeche: positiveUpTo(100000, 'Fläche in m²'),
  raumHoehe: positiveUpTo(100, 'Höhe in m'),
  raumTemperatur: integerChoice(ROOM_TEMPERATURES, 'Temperatur 7 oder ganze Zahl von 16 bis 26 erwartet', 'Temperature in °C: 7 or 16 to 26'),
  raumNotiz: note,
} satisfies Record<RoomField, FieldRule>;

export const ROOM_INPUT_FIELDS: readonly string[] = Object.freeze(Object.keys(FIELD_RULES));

/** Output-only fields of `roomData` and of the room object: named as read-only when sent. */
const READ_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'raumBaujahr',
  'raumEtageBezeichnung',
  'raumEtageKuerzel',
  'id',
  'projectKey',
]);

function unknownRoomField(key: string | undefined): string {
  return key !== undefined && READ_ONLY_FIELDS.has(key)
    ? `Feld ${key} ist schreibgeschützt und darf nicht gesendet werden.`
    : `Unbekanntes Feld ${key}.`;
}

/** JSON objects only: arrays, null and class instances are not. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function fieldSchema(field: string, rule: FieldRule) {
  const schema = z
    .unknown()
    .transform((value, ctx) => {
      if (typeof value === 'object' && value !== null) {
        ctx.addIssue({
          code: 'custom',
          message: `Ungültiger Wert für Feld ${field}: nur einfache Werte erlaubt, keine Arrays oder Objekte.`,
        });
        return z.NEVER;
      }
      if (typeof value === 'boolean') {
        ctx.addIssue({
          code: 'custom',
          message: `Ungültiger Wert für Feld ${field}: Wahrheitswerte sind nicht erlaubt. ${rule.expected}`,
        });
        return z.NEVER;
      }
      const normalized = rule.normalize(value);
      if (normalized === INVALID) {
        ctx.addIssue({ code: 'custom', message: `Ungültiger Wert für Feld ${field}: ${rule.expected}` });
        return z.NEVER;
      }
      return normalized;
    });
  return declareAcceptedInput(schema, rule.accepts).optional();
}

const ROOM_DATA_MESSAGE = 'roomData muss ein JSON-Objekt mit Raumfeldern sein.';

const roomFieldsSchema = z.custom<Record<string, unknown>>(isPlainObject, { error: ROOM_DATA_MESSAGE }).pipe(
  z
    .strictObject(
      Object.fromEntries(Object.entries(FIELD_RULES).map(([field, rule]) => [field, fieldSchema(field, rule)])),
      {
        error: (issue) => (issue.code === 'unrecognized_keys' ? unknownRoomField(issue.keys[0]) : ROOM_DATA_MESSAGE),
      },
    )
    // A JavaScript caller can pass undefined, which JSON cannot express; it counts as not sent.
    .transform(
      (fields): Partial<StoredRoomData> =>
        Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    ),
);

const BODY_MESSAGE = 'Der Anfrageinhalt muss ein JSON-Objekt mit genau dem Feld roomData sein.';

/**
 * `{roomData: {...}}` and nothing else; `check` turns the sent fields into the result. `roomDataRule`
 * states for the API description what `check` demands of the fields (JSON Schema keywords).
 */
function roomBodySchema<T>(
  check: (fields: Partial<StoredRoomData>, ctx: z.RefinementCtx) => T | typeof z.NEVER,
  roomDataRule: { required: string[] } | { minProperties: number },
) {
  return z.custom<Record<string, unknown>>(isPlainObject, { error: BODY_MESSAGE }).pipe(
    z
      .strictObject(
        { roomData: roomFieldsSchema.meta(roomDataRule).optional() },
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys'
              ? `Unbekanntes Feld ${issue.keys[0]} im Anfrageinhalt: erlaubt ist nur roomData.`
              : BODY_MESSAGE,
        },
      )
      .transform((body, ctx) => {
        if (body.roomData === undefined) {
          ctx.addIssue({ code: 'custom', message: 'Der Anfrageinhalt muss roomData enthalten.', path: ['roomData'] });
          return z.NEVER;
        }
        return check(body.roomData, ctx);
      })
      .meta({ required: ['roomData'] }),
  );
}

export const roomCreateBodySchema = roomBodySchema((fields, ctx): StoredRoomData => {
  const { raumBezeichnung } = fields;
  if (raumBezeichnung === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `Pflichtfeld raumBezeichnung fehlt: ${roomName.expected}`,
      path: ['roomData', 'raumBezeichnung'],
    });
    return z.NEVER;
  }
  return { raumBezeichnung, ...CREATION_DEFAULTS, ...fields };
}, { required: ['raumBezeichnung'] });

export const roomPatchBodySchema = roomBodySchema((fields, ctx): Partial<StoredRoomData> => {
  if (Object.keys(fields).length === 0) {
    ctx.addIssue({ code: 'custom', message: 'Es muss mindestens ein Raumfeld gesendet werden.', path: ['roomData'] });
    return z.NEVER;
  }
  return fields;
}, { minProperties: 1 });

/**
 * The first problem as the spec's 422. Unknown fields win over other problems, because they are
 * the likelier mistake (a typo) and the message then points at the cause.
 */
function toValidationError(error: z.ZodError): ApiError {
  const issue = error.issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? error.issues[0];
  if (issue === undefined) return errors.validation(BODY_MESSAGE, 'roomData');
  const pathField = issue.path.findLast((segment): segment is string => typeof segment === 'string');
  const field = issue.code === 'unrecognized_keys' ? issue.keys[0] : (pathField ?? 'roomData');
  return errors.validation(issue.message, field);
}

function parseOrThrow<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw toValidationError(result.error);
  return result.data;
}

/** Validates the body of POST /reports/{key}/rooms: `{roomData: {...}}` with raumBezeichnung required; returns the full stored data with the creation defaults applied (floor 1, height 2.5, temperature 20, area and note empty). Throws ApiError 422. */
export function parseRoomCreate(body: unknown): StoredRoomData {
  return parseOrThrow(roomCreateBodySchema, body);
}

/** Validates PATCH body `{roomData: {...}}`: only sent fields change; returns the changes ('' = delete). At least one field. Throws ApiError 422. */
export function parseRoomPatch(body: unknown): Partial<StoredRoomData> {
  return parseOrThrow(roomPatchBodySchema, body);
}

const CANONICAL_FLOOR = /^[0-7]$/;
const CANONICAL_TEMPERATURE = /^(?:7|1[6-9]|2[0-6])$/;

/** The `roomData` of responses: all values strings except raumTemperatur (number, or null when missing/unknown); raumEtageBezeichnung/raumEtageKuerzel derived from the floor ('' when floor missing or unknown); raumBaujahr passed in (copied from the project at creation, '' when none). */
export function roomDataOut(stored: StoredRoomData, raumBaujahr: string): Record<string, string | number | null> {
  // Stored rows are read defensively: a missing key counts as not set.
  const value = (field: RoomField): string => (stored as Partial<StoredRoomData>)[field] ?? '';
  const floorId = value('raumEtage');
  const floor = CANONICAL_FLOOR.test(floorId) ? FLOORS[Number(floorId)] : undefined;
  const temperature = value('raumTemperatur');
  return {
    raumBezeichnung: value('raumBezeichnung'),
    raumEtage: floorId,
    raumFlaeche: value('raumFlaeche'),
    raumHoehe: value('raumHoehe'),
    raumTemperatur: CANONICAL_TEMPERATURE.test(temperature) ? Number(temperature) : null,
    raumNotiz: value('raumNotiz'),
    raumBaujahr,
    raumEtageBezeichnung: floor?.bezeichnung ?? '',
    raumEtageKuerzel: floor?.kuerzel ?? '',
  };
}
