/**
 * The spec's observable state of one customer, as the suites read it: the projects a sequence
 * created, their fields as they must read back, their status, their rooms, and the passwords
 * sent. Pure data and pure predictions; the commands (commands.ts) send the requests and compare.
 *
 * Written from the spec's field tables through the suites' contract (`PROJECT_FIELD_RULES`,
 * `FLOOR_LABELS`, `ROOM_DEFAULTS`), never from an implementation. Where the spec leaves a value
 * open (a field never written, the status after a password change) the model does not guess: it
 * learns the value from the first answer that shows it and from then on requires it to stay.
 */
import { FINAL_PROJECT_STATUSES, PROJECT_STATUS, RELEASED_PROJECT_FIELDS, type ReleasedProjectField } from '../../spec/contract/projects.js';
import { FLOOR_LABELS, ROOM_DEFAULTS, ROOM_INPUT_FIELDS, type FloorId } from '../../spec/contract/rooms.js';

/** What one value must read back as, and the rule that requires it. */
export type Expected =
  /** exactly this text */
  | { kind: 'text'; text: string; rule: string }
  /**
   * these digits as text (a contact `plz`); without a leading zero also the same JSON number:
   * "returned values are often strings", not always, and only text keeps a leading zero
   */
  | { kind: 'digits'; text: string; rule: string }
  /** a room name or note: the sent text or its trimmed form (the spec counts the name's length after trimming) */
  | { kind: 'name'; text: string; rule: string }
  /** the same number, as JSON number or numeric string in any spelling of its value */
  | { kind: 'number'; number: number; rule: string }
  /** a roomData number: a string holding `number` in any spelling of its value ("2.5", "2.50", "2,5") */
  | { kind: 'decimalText'; number: number; rule: string }
  /** a JSON number (raumTemperatur) */
  | { kind: 'jsonNumber'; number: number; rule: string }
  /** a flag stored as on: exactly "on" */
  | { kind: 'on'; rule: string }
  /** empty: '' for roomData (all strings); '', null or absent for project data */
  | { kind: 'empty'; rule: string }
  /** never written and not yet seen: the first answer showing it is learned */
  | { kind: 'learn' }
  /** learned from an earlier answer: must stay this value */
  | { kind: 'seen'; value: unknown; rule: string };

export type RoomField = (typeof ROOM_INPUT_FIELDS)[number];

export interface RoomModel {
  /** Taken exactly from `room.id` of the creation response. */
  id: string;
  /** R1, R2, ... in the order this sequence created them (for the journal and the replay script). */
  label: string;
  data: Record<RoomField, Expected>;
  /** `raumBaujahr`: the project's value at creation, never following later changes. */
  baujahr: Expected;
  /** A PATCH changed the floor: the derived labels must follow it (ROOM-47). */
  floorChanged: boolean;
}

export interface ProjectModel {
  key: string;
  /** `projektHeader.id` and `link` of the creation answer: a list entry may name the project by either. */
  id: unknown;
  link: unknown;
  /** P1, P2, ... in the order this sequence created them. */
  label: string;
  fields: Record<ReleasedProjectField, Expected>;
  /** The status values the next read may show (one value when known); undefined: open, learned at the next read. */
  status: { values: readonly number[]; rule: string } | undefined;
  rooms: RoomModel[];
  passwordSet: boolean;
}

export interface CustomerModel {
  projects: ProjectModel[];
  /** Every password sent (accepted or not): none may ever appear in an answer (PROJ-115). */
  passwords: string[];
  roomsCreated: number;
}

export function emptyCustomerModel(): CustomerModel {
  return { projects: [], passwords: [], roomsCreated: 0 };
}

// -------------------------------------------------------------------------------------------------
// Projects
// -------------------------------------------------------------------------------------------------

/** A new project: status 1 (STAT-1); sent fields as predicted, the others learned when first shown. */
export function newProject(ref: { key: string; id?: unknown; link?: unknown }, label: string, sent: Partial<Record<ReleasedProjectField, Expected>>): ProjectModel {
  const fields = Object.fromEntries(RELEASED_PROJECT_FIELDS.map((f) => [f, sent[f] ?? { kind: 'learn' }])) as Record<ReleasedProjectField, Expected>;
  return { key: ref.key, id: ref.id, link: ref.link, label, fields, status: { values: [PROJECT_STATUS.created], rule: 'STAT-1' }, rooms: [], passwordSet: false };
}

/**
 * An accepted PATCH: the sent fields read back normalized (PROJ-119), every other field and the
 * status stay as they were ("changes only the sent released fields", PROJ-102).
 */
export function applyProjectPatch(project: ProjectModel, sent: Partial<Record<ReleasedProjectField, Expected>>): void {
  for (const field of RELEASED_PROJECT_FIELDS) {
    const next = sent[field];
    project.fields[field] = next ?? keptBy(project.fields[field], 'PROJ-102');
  }
  if (sent.projektBaujahr) for (const room of project.rooms) room.baujahr = keptBy(room.baujahr, 'ROOM-36');
  if (project.status) project.status = { ...project.status, rule: 'PROJ-102' };
}

/** A refused write (422, 404) changes nothing; from now on an unchanged value is required by `rule`. */
export function keepAll(project: ProjectModel, rule: string): void {
  for (const field of RELEASED_PROJECT_FIELDS) project.fields[field] = keptBy(project.fields[field], rule);
  if (project.status) project.status = { ...project.status, rule };
  for (const room of project.rooms) for (const field of ROOM_INPUT_FIELDS) room.data[field] = keptBy(room.data[field], rule);
}

function keptBy(expected: Expected, rule: string): Expected {
  return expected.kind === 'learn' ? expected : { ...expected, rule };
}

/**
 * A password change: the spec says what it changes (the portal password, PROJ-114) but not what
 * it leaves, beyond "not the API token"; fields stay (no write of them), the status is no longer
 * predicted (the status table has no row for it).
 */
export function applyPasswordChange(project: ProjectModel): void {
  project.passwordSet = true;
  project.status = undefined;
}

// -------------------------------------------------------------------------------------------------
// Rooms
// -------------------------------------------------------------------------------------------------

/** Creation defaults of the roomData table (ROOM-21, 24, 27, 31, 34). */
function roomDefaults(): Record<Exclude<RoomField, 'raumBezeichnung'>, Expected> {
  return {
    raumEtage: { kind: 'decimalText', number: ROOM_DEFAULTS.raumEtage, rule: 'ROOM-21' },
    raumFlaeche: { kind: 'empty', rule: 'ROOM-24' },
    raumHoehe: { kind: 'decimalText', number: ROOM_DEFAULTS.raumHoehe, rule: 'ROOM-27' },
    raumTemperatur: { kind: 'jsonNumber', number: ROOM_DEFAULTS.raumTemperatur, rule: 'ROOM-31' },
    raumNotiz: { kind: 'empty', rule: 'ROOM-34' },
  };
}

/** `raumBaujahr` at creation: a copy of the project's `projektBaujahr` as it must read back now (ROOM-35). */
function baujahrCopy(project: ProjectModel): Expected {
  const source = project.fields.projektBaujahr;
  switch (source.kind) {
    case 'number':
      return { kind: 'decimalText', number: source.number, rule: 'ROOM-35' };
    case 'empty':
      return { kind: 'empty', rule: 'ROOM-35' };
    case 'seen': {
      const n = Number(source.value);
      return isEmptyValue(source.value) ? { kind: 'empty', rule: 'ROOM-35' } : Number.isFinite(n) ? { kind: 'decimalText', number: n, rule: 'ROOM-35' } : { kind: 'learn' };
    }
    default:
      return { kind: 'learn' };
  }
}

/** The status after a room was created: 2 unless 4 or 5 (STAT-3, STAT-5); from an open status, 2, 4 or 5. */
function statusAfterRoom(status: ProjectModel['status']): ProjectModel['status'] {
  const before = status?.values ?? [PROJECT_STATUS.inProgress, ...FINAL_PROJECT_STATUSES];
  const after = [...new Set(before.map((s) => (FINAL_PROJECT_STATUSES.includes(s) ? s : PROJECT_STATUS.inProgress)))];
  return { values: after, rule: after.every((s) => s === PROJECT_STATUS.inProgress) ? 'STAT-3' : 'STAT-3/STAT-5' };
}

/**
 * The rules a read of the status judges. After a room from a status the model does not know (a
 * password change leaves it open), 2, 4 and 5 all conform: a 2 is judged by STAT-3 (the project
 * was not final), a 4 or 5 by STAT-5 (it was); a value outside them breaks both. Every other
 * prediction is judged by its rules as they are.
 */
export function statusRulesOf(status: NonNullable<ProjectModel['status']>, actual: unknown): string[] {
  const rules = status.rule.split('/');
  if (rules.length === 1 || typeof actual !== 'number' || !status.values.includes(actual)) return rules;
  const byValue = FINAL_PROJECT_STATUSES.includes(actual) ? 'STAT-5' : 'STAT-3';
  return rules.includes(byValue) ? [byValue] : rules;
}

export function addRoom(model: CustomerModel, project: ProjectModel, id: string, sent: Partial<Record<RoomField, Expected>>): RoomModel {
  model.roomsCreated += 1;
  const room: RoomModel = {
    id,
    label: `R${model.roomsCreated}`,
    data: { raumBezeichnung: sent.raumBezeichnung ?? { kind: 'learn' }, ...roomDefaults(), ...withoutName(sent) },
    baujahr: baujahrCopy(project),
    floorChanged: false,
  };
  project.rooms.push(room);
  project.status = statusAfterRoom(project.status);
  return room;
}

function withoutName(sent: Partial<Record<RoomField, Expected>>): Partial<Record<RoomField, Expected>> {
  const { raumBezeichnung: _name, ...rest } = sent;
  return rest;
}

/** An accepted room PATCH: sent fields as predicted, the others kept (ROOM-49), the project status unchanged (STAT-6). */
export function applyRoomPatch(project: ProjectModel, room: RoomModel, sent: Partial<Record<RoomField, Expected>>): void {
  for (const field of ROOM_INPUT_FIELDS) room.data[field] = sent[field] ?? keptBy(room.data[field], 'ROOM-49');
  room.baujahr = keptBy(room.baujahr, 'ROOM-36');
  if (sent.raumEtage) room.floorChanged = true;
  if (project.status) project.status = { ...project.status, rule: 'STAT-6' };
}

/** `raumEtageBezeichnung` / `raumEtageKuerzel` for the floor the model expects (ROOM-44, 45, 47). */
export function expectedFloorLabels(floor: Expected): { bezeichnung: string; kuerzel: string } | undefined {
  if (floor.kind !== 'decimalText' || !Number.isInteger(floor.number) || floor.number < 0 || floor.number > 7) return undefined;
  return FLOOR_LABELS[floor.number as FloorId];
}

// -------------------------------------------------------------------------------------------------
// Comparing
// -------------------------------------------------------------------------------------------------

export function isEmptyValue(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/**
 * A number spelled as text in any form of its value: "Inputs are normalized; returned values are
 * often strings" and "all values returned as strings" fix no spelling, so decimal point or comma,
 * trailing zeros, a sign or an exponent all read as the number they spell.
 */
const NUMBER_TEXT = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;

function numberInText(value: unknown): number | undefined {
  return typeof value === 'string' && NUMBER_TEXT.test(value.trim()) ? Number(value.trim().replace(',', '.')) : undefined;
}

function returnedNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return numberInText(value);
}

/** The same value shown again: equal, both empty, or the same number however spelled. */
function sameValue(expected: unknown, actual: unknown): boolean {
  if (isEmptyValue(expected) || isEmptyValue(actual)) return isEmptyValue(expected) && isEmptyValue(actual);
  if (JSON.stringify(actual) === JSON.stringify(expected)) return true;
  const number = returnedNumber(expected);
  return number !== undefined && returnedNumber(actual) === number;
}

/** Whether `actual` is what `expected` predicts; `learn` accepts anything (the caller learns it). */
export function matches(expected: Expected, actual: unknown, roomData = false): boolean {
  switch (expected.kind) {
    case 'text':
      return actual === expected.text;
    case 'digits':
      return actual === expected.text || (!expected.text.startsWith('0') && actual === Number(expected.text));
    case 'name':
      return actual === expected.text || actual === expected.text.trim();
    case 'number':
      return returnedNumber(actual) === expected.number;
    case 'decimalText':
      return numberInText(actual) === expected.number;
    case 'jsonNumber':
      return actual === expected.number;
    case 'on':
      return actual === 'on';
    case 'empty':
      return roomData ? actual === '' : isEmptyValue(actual);
    case 'learn':
      return true;
    case 'seen':
      return sameValue(expected.value, actual);
  }
}

/** The prediction in words, for the journal and failure messages. */
export function describeExpected(expected: Expected): string {
  switch (expected.kind) {
    case 'text':
      return JSON.stringify(expected.text);
    case 'digits':
      return `${JSON.stringify(expected.text)}${expected.text.startsWith('0') ? '' : ' (or the number)'}`;
    case 'name':
      return `${JSON.stringify(expected.text)} (or trimmed)`;
    case 'number':
      return `the number ${expected.number} (JSON number or numeric string)`;
    case 'decimalText':
      return `"${expected.number}" (a text holding this number)`;
    case 'jsonNumber':
      return `the JSON number ${expected.number}`;
    case 'on':
      return '"on"';
    case 'empty':
      return 'empty';
    case 'learn':
      return 'anything (not written yet)';
    case 'seen':
      return `${isEmptyValue(expected.value) ? 'empty' : JSON.stringify(expected.value)} (unchanged)`;
  }
}

export function describeActual(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}
