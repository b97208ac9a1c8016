import type { EndpointId } from '../../../spec/endpoints.js';
import { PROJECT_ENVELOPES, PROJECT_FIELD_RULES, PASSWORD_LENGTH, parseNumericInput, RELEASED_PROJECT_FIELDS, type ProjectFieldRule, type ReleasedProjectField } from '../../../spec/contract/projects.js';
import { isRoomFloor, isRoomTemperature, ROOM_INPUT_FIELDS, ROOM_LIMITS, ROOM_OUTPUT_ONLY_FIELDS } from '../../../spec/contract/rooms.js';
import { isPlainObject } from '../../json-value.js';
import { CHANGE_ROW, PASSWORD_ROW, WITH_DATA_ROW } from '../projects/project-rows.js';
import { ROOM_ROWS } from '../rooms/room-route.js';

/**
 * What a write body breaks of the places where the spec's tables fix its members and values, by
 * the error table's 422 rows: each entry names the member. Only what every reading calls unknown,
 * of the wrong type or invalid is listed; the doubtful (a boolean for a text, a numeric string with
 * a sign, a flag's spelling, the climate data) is left out, as are the fields that may be refused
 * or ignored (FREE-ROOM-9).
 */
export interface BodyProblems {
  unknown: string[];
  wrongType: string[];
  invalid: string[];
  bothEnvelopes: boolean;
}

/** The rows whose write bodies the tables fix, each with the check of its body. */
const BODY_CHECKS: ReadonlyMap<EndpointId, (body: Record<string, unknown>, problems: BodyProblems) => void> = new Map([
  [WITH_DATA_ROW, projectBody],
  [CHANGE_ROW, projectBody],
  [PASSWORD_ROW, passwordBody],
  [ROOM_ROWS.create, roomBody],
  [ROOM_ROWS.change, roomBody],
]);

/** The ids of the rows `bodyProblems` checks. */
export const BODY_CHECKED_ENDPOINTS: readonly EndpointId[] = [...BODY_CHECKS.keys()];

/** The problems of a JSON write body to the endpoint row `endpointId`; undefined where the tables fix nothing of it. */
export function bodyProblems(endpointId: EndpointId, body: unknown): BodyProblems | undefined {
  const check = BODY_CHECKS.get(endpointId);
  if (check === undefined || !isPlainObject(body)) return undefined;
  const problems: BodyProblems = { unknown: [], wrongType: [], invalid: [], bothEnvelopes: false };
  check(body, problems);
  return problems;
}

type Problem = 'wrong-type' | 'invalid' | undefined;

/** Records `problem` of the member `name` of the object `parent`: the two are joined only where there is one. */
function record(problems: BodyProblems, parent: string, name: string, problem: Problem): void {
  if (problem === undefined) return;
  (problem === 'wrong-type' ? problems.wrongType : problems.invalid).push(`${parent}.${name}`);
}

const ENVELOPES: readonly string[] = PROJECT_ENVELOPES;
const RELEASED: ReadonlySet<string> = new Set(RELEASED_PROJECT_FIELDS);

/** "envelope `projectData` (or `projektData`) with project fields"; "Sending both in one body gives 422". */
function projectBody(body: Record<string, unknown>, problems: BodyProblems): void {
  problems.bothEnvelopes = ENVELOPES.every((name) => name in body);
  for (const name of Object.keys(body)) {
    const envelope = body[name];
    if (!ENVELOPES.includes(name)) problems.unknown.push(name);
    else if (!isPlainObject(envelope)) problems.wrongType.push(name);
    else {
      for (const field of Object.keys(envelope)) {
        if (!RELEASED.has(field)) problems.unknown.push(`${name}.${field}`);
        else record(problems, name, field, projectFieldProblem(PROJECT_FIELD_RULES[field as ReleasedProjectField], envelope[field]));
      }
    }
  }
}

const NUL = '\u0000';

function projectFieldProblem(rule: ProjectFieldRule, value: unknown): Problem {
  // "Only scalar values are allowed (no arrays, no objects)."
  if (Array.isArray(value) || isPlainObject(value)) return 'wrong-type';
  switch (rule.kind) {
    case 'code': {
      // "code 1 to 6; number or numeric string"
      if (typeof value === 'boolean') return 'wrong-type';
      const code = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
      return code !== undefined && !rule.values.includes(code) ? 'invalid' : undefined;
    }
    case 'number': {
      if (typeof value === 'boolean') return 'wrong-type';
      const n = parseNumericInput(value, { decimalComma: rule.decimalComma });
      return n !== undefined && !(n >= rule.min && n <= rule.max && (!rule.integer || Number.isInteger(n))) ? 'invalid' : undefined;
    }
    case 'text':
      // "no NUL character"; `projektPostleitzahl` "must not be empty or cleared".
      if (typeof value === 'string' && value.includes(NUL)) return 'invalid';
      return rule.climatePostalCode && (value === '' || value === null) ? 'invalid' : undefined;
    case 'email':
      return typeof value === 'string' && value.includes(NUL) ? 'invalid' : undefined;
    case 'contactPostalCode':
      // "4 to 5 digits, or empty/null to delete"
      return typeof value === 'string' && /^[0-9A-Za-z]+$/.test(value) && !/^\d{4,5}$/.test(value) ? 'invalid' : undefined;
    case 'flag':
      return undefined;
  }
}

/** "`{newPassword: string, 12 to 256 characters, write only, required}`; no other fields" */
function passwordBody(body: Record<string, unknown>, problems: BodyProblems): void {
  for (const [name, value] of Object.entries(body)) {
    if (name !== 'newPassword') problems.unknown.push(name);
    else if (typeof value !== 'string') problems.wrongType.push(name);
    // Too short in UTF-16 units is too short in characters by any count; too long in code points, as the kit counts.
    else if (value.length < PASSWORD_LENGTH.min || longerThan(value, PASSWORD_LENGTH.max)) problems.invalid.push(name);
  }
}

const ROOM_INPUTS: ReadonlySet<string> = new Set(ROOM_INPUT_FIELDS);
/** The room object's own members: "Room id, project assignment ... cannot be written", refused or ignored. */
const ROOM_OWN: readonly string[] = ['id', 'projectKey'];
/** May be refused or ignored inside `roomData` (FREE-ROOM-9). */
const UNWRITABLE: ReadonlySet<string> = new Set([...ROOM_OWN, ...ROOM_OUTPUT_ONLY_FIELDS]);

/** "`{roomData: {...}}`"; "Unknown fields, boolean numeric values, arrays and objects as values give 422." */
function roomBody(body: Record<string, unknown>, problems: BodyProblems): void {
  for (const name of Object.keys(body)) {
    const roomData = body[name];
    // The room object's `id` and `projectKey` beside `roomData` are what a client sends back of a room it read.
    if (name !== 'roomData') {
      if (!ROOM_OWN.includes(name)) problems.unknown.push(name);
    } else if (!isPlainObject(roomData)) problems.wrongType.push(name);
    else {
      for (const field of Object.keys(roomData)) {
        if (ROOM_INPUTS.has(field)) record(problems, name, field, roomFieldProblem(field, roomData[field]));
        else if (!UNWRITABLE.has(field)) problems.unknown.push(`roomData.${field}`);
      }
    }
  }
}

/** Whitespace every reading of "after trimming" removes. */
const BLANK = /^[ \t\r\n]*$/;

function roomFieldProblem(field: string, value: unknown): Problem {
  if (Array.isArray(value) || isPlainObject(value)) return 'wrong-type';
  switch (field) {
    case 'raumBezeichnung':
      // "text, 1 to 120 characters after trimming; not empty"
      return typeof value === 'string' && (BLANK.test(value) || longerThan(value.trim(), ROOM_LIMITS.nameMax)) ? 'invalid' : undefined;
    case 'raumNotiz':
      // "text, at most 255 characters" (FREE-ROOM-8: it may be stored trimmed)
      return typeof value === 'string' && longerThan(value.trim(), ROOM_LIMITS.noteMax) ? 'invalid' : undefined;
    case 'raumEtage':
      return typeof value === 'boolean' ? 'wrong-type' : integerProblem(value, isRoomFloor);
    case 'raumTemperatur':
      return typeof value === 'boolean' ? 'wrong-type' : integerProblem(value, isRoomTemperature);
    case 'raumFlaeche':
      return typeof value === 'boolean' ? 'wrong-type' : decimalProblem(value, ROOM_LIMITS.areaMax);
    case 'raumHoehe':
      return typeof value === 'boolean' ? 'wrong-type' : decimalProblem(value, ROOM_LIMITS.heightMax);
    default:
      return undefined;
  }
}

/** More than `max` characters (code points): a text of no more UTF-16 units has no more, known without counting. */
function longerThan(text: string, max: number): boolean {
  return text.length > max && [...text].length > max;
}

/** "Numbers may be sent as JSON number or numeric string ..., at most 32 characters. Floor and temperature are integers." */
function integerProblem(value: unknown, allowed: (n: number) => boolean): Problem {
  if (typeof value === 'number') return Number.isFinite(value) && !(Number.isInteger(value) && allowed(value)) ? 'invalid' : undefined;
  if (typeof value !== 'string') return undefined;
  if (value.length > ROOM_LIMITS.numericTextMax) return 'invalid';
  if (/^\d+$/.test(value)) return allowed(Number(value)) ? undefined : 'invalid';
  // A fraction that is not zero: no integer by any spelling.
  return /^\d+[.,]\d*[1-9]\d*$/.test(value) ? 'invalid' : undefined;
}

/** "area in m2, greater than 0 up to 100000"; "height in m, greater than 0 up to 100"; "also with decimal comma". */
function decimalProblem(value: unknown, max: number): Problem {
  if (typeof value === 'number') return Number.isFinite(value) && outside(value, max) ? 'invalid' : undefined;
  if (typeof value !== 'string') return undefined;
  if (value.length > ROOM_LIMITS.numericTextMax) return 'invalid';
  return /^\d+(?:[.,]\d+)?$/.test(value) && outside(Number(value.replace(',', '.')), max) ? 'invalid' : undefined;
}

function outside(n: number, max: number): boolean {
  return n <= 0 || n > max;
}
