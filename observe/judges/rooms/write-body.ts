import { isRoomFloor, isRoomTemperature, ROOM_INPUT_FIELDS, ROOM_LIMITS, ROOM_OUTPUT_ONLY_FIELDS } from '../../../spec/contract/rooms.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { requestBodyReading, type IJson } from '../i-json.js';
import { EXACT_DIGITS, mayBeNumericElsewhere, readNumber } from './numeric-text.js';
import { roomRouteOf } from './room-route.js';
import { blankByEveryTrim, longerByEveryCount, withinByEveryCount } from './room-text.js';
import { isPlainObject } from '../../json-value.js';

const readWriteBodyFact = fact(readWriteBody);
const refusableFact = fact(refusable);
const classifiedWriteFact = fact(classifiedWrite);

export type InputField = (typeof ROOM_INPUT_FIELDS)[number];
export type WriteOp = 'create' | 'change';

/** A value the spec fixes, as it must read back: text, a number (with its decimal places), or empty. */
export type SentValue = { kind: 'text'; text: string } | { kind: 'number'; value: number; decimals: number } | { kind: 'empty' };

/**
 * A room write body by the roomData table: `invalid` when some part of it must give 422, `valid`
 * when every part is valid in every respect the spec fixes, `uncertain` when a freedom or an
 * unsettled reading decides (FREE-ROOM-9 output-only fields, a sign or an exponent in numeric text,
 * a number as a name, null as a note, an empty PATCH).
 *
 * Each part is the concern of the one rule that speaks of it most narrowly (a non-integer floor is
 * ROOM-43's, not also ROOM-19's; a floor sent as text ROOM-40's, not also ROOM-19's), so that one
 * deviation of a target fails one rule.
 */
export interface RoomWrite {
  verdict: 'valid' | 'invalid' | 'uncertain';
  /** The rules whose "must give 422" the body meets, each with what meets it. */
  refusedBy: Map<string, BodyPart>;
  /** For a valid body: per input field sent, the rule whose "must accept" it meets and what it sent. */
  accepted: Map<string, { rule: string; what: BodyPart }>;
  /** `roomData`, when it is an object. */
  roomData?: Record<string, unknown>;
  /** The valid input fields it sends, as they must read back. */
  sent: Map<InputField, SentValue>;
  /** A PATCH sending `raumBezeichnung` '': ROOM-59's, or ROOM-17's for a target that takes blank names (see states.ts). */
  emptyName: boolean;
}

/** A part of a write body for messages: words, or a name and the value it sent, described only when a message tells it. */
export type BodyPart = string | { name: string; value: unknown };

export function describePart(part: BodyPart): string {
  return typeof part === 'string' ? part : `${part.name} ${describeValue(part.value)}`;
}

type FieldVerdict = { kind: 'valid'; rule: string; sent: SentValue } | { kind: 'invalid'; rules: string[] } | { kind: 'uncertain' };

const VALID_WITH = (rule: string, sent: SentValue): FieldVerdict => ({ kind: 'valid', rule, sent });
const INVALID = (...rules: string[]): FieldVerdict => ({ kind: 'invalid', rules });
const UNCERTAIN: FieldVerdict = { kind: 'uncertain' };

/** Output-only fields and the room object's own members sent in roomData: refused or ignored (FREE-ROOM-9). */
const UNWRITABLE: ReadonlySet<string> = new Set([...ROOM_OUTPUT_ONLY_FIELDS, 'id', 'projectKey']);
const INPUT: ReadonlySet<string> = new Set(ROOM_INPUT_FIELDS);

/** A value for a message: JSON, long texts cut with their length. */
export function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= 48) return text;
  const length = typeof value === 'string' ? ` (${[...value].length} characters)` : '';
  return `${text.slice(0, 32)}…${length}`;
}

/**
 * The body of a room write, when the target must have read it as the judge does: JSON text of at
 * most 65536 bytes, sent as application/json in UTF-8 without a content coding, and I-JSON.
 * Anything else may be answered 400, 413 or 415 first.
 */
export function writeBodyOf(x: ExchangeView): IJson | undefined {
  // Each judge of rooms reads the bodies of room writes: each is read once.
  return x.derived(readWriteBodyFact);
}

function readWriteBody(x: ExchangeView): IJson | undefined {
  const text = x.exchange.request.bodyText;
  if (text === undefined || x.exchange.request.bodyBinary !== undefined || text === '') return undefined;
  const type = (x.requestHeader('content-type') ?? '').trim();
  if (!/^application\/json\s*(?:;\s*charset\s*=\s*"?utf-?8"?\s*)?$/i.test(type)) return undefined;
  if (x.requestHeader('content-encoding') !== undefined) return undefined;
  if (Buffer.byteLength(text) > ROOM_BODY_BYTES) return undefined;
  // The exchange's own reading of the text, unless the recording cut it. None for a text that is no
  // I-JSON, which a target may refuse as malformed (400) before reading its fields.
  const body = x.requestBody;
  if (body.kind !== 'truncated' && body.kind !== 'json') return undefined;
  const reading = requestBodyReading(x);
  return reading.ok ? reading : undefined;
}

const ROOM_BODY_BYTES = 65536;

/**
 * A write the target must refuse for its text, size or type first (400, 413, 415: an omitted
 * body, more than 65536 bytes, another Content-Type, no I-JSON): whatever it answered is for those
 * rules to judge. A body the recording left out is not one of them.
 */
export function refusableForItsText(x: ExchangeView): boolean {
  return x.derived(refusableFact);
}

function refusable(x: ExchangeView): boolean {
  const bytes = x.requestBodyBytes;
  if (bytes !== undefined && bytes > ROOM_BODY_BYTES) return true;
  const { bodyText, bodyBinary } = x.exchange.request;
  if (bodyText === undefined && bodyBinary === undefined) return x.requestBodyKnown;
  return writeBodyOf(x) === undefined;
}

/** The body of a room creation or PATCH as `classifyRoomWrite` reads it, once however many judges ask; undefined for other requests and bodies not read. */
export function roomWriteOf(x: ExchangeView): RoomWrite | undefined {
  const kind = roomRouteOf(x)?.kind;
  return kind === 'create' || kind === 'change' ? x.derived(classifiedWriteFact) : undefined;
}

function classifiedWrite(x: ExchangeView): RoomWrite | undefined {
  const kind = roomRouteOf(x)?.kind;
  const body = writeBodyOf(x);
  return body && (kind === 'create' || kind === 'change') ? classifyRoomWrite(body, kind) : undefined;
}

export function classifyRoomWrite(body: IJson, op: WriteOp): RoomWrite {
  const write: RoomWrite = { verdict: 'valid', refusedBy: new Map(), accepted: new Map(), sent: new Map(), emptyName: false };
  const value = body.value;
  // "a room write body must be {roomData: {...}}; a body without `roomData` or with other top-level fields must give 422"
  if (!isPlainObject(value)) {
    mark(write, INVALID('ROOM-48'), { name: 'the body', value });
    return write;
  }
  const beside = Object.keys(value).find((k) => k !== 'roomData');
  if (beside !== undefined) mark(write, INVALID('ROOM-48'), { name: 'the top-level member', value: beside });
  if (!('roomData' in value)) mark(write, INVALID('ROOM-48'), 'a body without roomData');
  const roomData = value.roomData;
  if (!isPlainObject(roomData)) {
    if ('roomData' in value) mark(write, INVALID('ROOM-48'), { name: 'roomData', value: roomData });
    return write;
  }
  write.roomData = roomData;
  write.emptyName = op === 'change' && roomData.raumBezeichnung === '';
  for (const [field, sent] of Object.entries(roomData)) {
    const verdict = fieldVerdict(field, sent, op, body.numberLiteral(roomData, field));
    mark(write, verdict, { name: field, value: sent }, field);
    if (verdict.kind === 'valid') write.sent.set(field as InputField, verdict.sent);
  }
  // "`raumBezeichnung` ... required at creation"
  if (op === 'create' && !('raumBezeichnung' in roomData)) mark(write, INVALID('ROOM-16'), 'roomData without raumBezeichnung');
  // Whether a PATCH must send a field is not shown.
  if (op === 'change' && Object.keys(roomData).length === 0) mark(write, UNCERTAIN, 'an empty roomData');
  if (write.verdict !== 'valid') write.accepted.clear();
  return write;
}

/** What a part of a write body means for the whole: its verdict, and what it is refused or accepted for. */
function mark(write: RoomWrite, verdict: FieldVerdict, what: BodyPart, field?: string): void {
  if (verdict.kind === 'invalid') {
    write.verdict = 'invalid';
    for (const rule of verdict.rules) if (!write.refusedBy.has(rule)) write.refusedBy.set(rule, what);
  } else if (verdict.kind === 'uncertain') {
    if (write.verdict === 'valid') write.verdict = 'uncertain';
  } else if (field !== undefined) write.accepted.set(field, { rule: verdict.rule, what });
}

function fieldVerdict(field: string, value: unknown, op: WriteOp, literal: string | undefined): FieldVerdict {
  if (UNWRITABLE.has(field)) return UNCERTAIN;
  // "Unknown fields ... give 422"
  if (!INPUT.has(field)) return INVALID('ROOM-37');
  // "arrays and objects as values give 422"
  if (typeof value === 'object' && value !== null) return INVALID('ROOM-39');
  switch (field as InputField) {
    case 'raumBezeichnung':
      return nameVerdict(value, op);
    case 'raumNotiz':
      return noteVerdict(value, op);
    case 'raumEtage':
      return integerVerdict(value, op, literal, FLOOR);
    case 'raumTemperatur':
      return integerVerdict(value, op, literal, TEMPERATURE);
    case 'raumFlaeche':
      return decimalVerdict(value, op, literal, AREA);
    case 'raumHoehe':
      return decimalVerdict(value, op, literal, HEIGHT);
  }
}

/** "text, 1 to 120 characters after trimming; not empty; required at creation" */
function nameVerdict(value: unknown, op: WriteOp): FieldVerdict {
  if (value === null) return op === 'change' ? INVALID('ROOM-59') : INVALID();
  if (typeof value === 'boolean') return INVALID();
  if (typeof value !== 'string') return UNCERTAIN;
  // "sent as empty string or null on PATCH must give 422" (ROOM-59) is narrower than "empty after trimming" (ROOM-17).
  if (blankByEveryTrim(value)) return INVALID(op === 'change' && value === '' ? 'ROOM-59' : 'ROOM-17');
  if (longerByEveryCount(value, ROOM_LIMITS.nameMax, true)) return INVALID('ROOM-18');
  return withinByEveryCount(value, ROOM_LIMITS.nameMin, ROOM_LIMITS.nameMax, true) ? VALID_WITH('ROOM-18', { kind: 'text', text: value }) : UNCERTAIN;
}

/** "text, at most 255 characters; empty string deletes" (null is not named) */
function noteVerdict(value: unknown, op: WriteOp): FieldVerdict {
  if (typeof value === 'boolean') return INVALID();
  if (typeof value !== 'string') return UNCERTAIN;
  if (value === '') return VALID_WITH(op === 'change' ? 'ROOM-33' : 'ROOM-32', { kind: 'empty' });
  // FREE-ROOM-8: the note may be stored trimmed, so only a note long after trimming is surely too long.
  if (longerByEveryCount(value, ROOM_LIMITS.noteMax, true)) return INVALID('ROOM-32');
  return withinByEveryCount(value, 0, ROOM_LIMITS.noteMax, false) ? VALID_WITH('ROOM-32', { kind: 'text', text: value }) : UNCERTAIN;
}

interface IntegerRule {
  allowed: (n: number) => boolean;
  rule: string;
  deletion: string;
}

// Made once: a function made per field sent would be named anew at every write.
const FLOOR: IntegerRule = { allowed: isRoomFloor, rule: 'ROOM-19', deletion: 'ROOM-57' };
const TEMPERATURE: IntegerRule = { allowed: isRoomTemperature, rule: 'ROOM-28', deletion: 'ROOM-58' };

/** Floor and temperature: "Floor and temperature are integers"; the table gives them no deletion. */
function integerVerdict(value: unknown, op: WriteOp, literal: string | undefined, rule: IntegerRule): FieldVerdict {
  // "boolean numeric values ... give 422"
  if (typeof value === 'boolean') return INVALID('ROOM-38');
  // ROOM-57, ROOM-58 on PATCH; at creation null or empty may read as "not sent", taking the default.
  if (value === null || value === '') return op === 'change' ? INVALID(rule.deletion) : UNCERTAIN;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return INVALID(rule.rule);
    // "a non-integer floor or temperature must give 422"
    if (!Number.isInteger(value)) return INVALID('ROOM-43');
    if (!rule.allowed(value)) return INVALID(rule.rule);
    return literal !== undefined && /^\d+$/.test(literal) ? VALID_WITH(rule.rule, { kind: 'number', value, decimals: 0 }) : UNCERTAIN;
  }
  if (typeof value !== 'string') return UNCERTAIN;
  const reading = readNumber(value);
  // "at most 32 characters"
  if (value.length > ROOM_LIMITS.numericTextMax) return reading ? INVALID('ROOM-42') : INVALID(rule.rule);
  // "numbers must be accepted as JSON number or numeric string"
  if (/^\d+$/.test(value)) return rule.allowed(Number(value)) ? VALID_WITH('ROOM-40', { kind: 'number', value: Number(value), decimals: 0 }) : INVALID(rule.rule);
  if (!reading) return mayBeNumericElsewhere(value) ? UNCERTAIN : INVALID(rule.rule);
  if (!Number.isFinite(reading.value)) return INVALID(rule.rule);
  if (!Number.isInteger(reading.value)) return INVALID('ROOM-43');
  return rule.allowed(reading.value) ? UNCERTAIN : INVALID(rule.rule);
}

interface DecimalRule {
  max: number;
  rule: string;
  deletion: string;
}

const AREA: DecimalRule = { max: ROOM_LIMITS.areaMax, rule: 'ROOM-22', deletion: 'ROOM-23' };
const HEIGHT: DecimalRule = { max: ROOM_LIMITS.heightMax, rule: 'ROOM-25', deletion: 'ROOM-26' };

/** Area and height: "greater than 0 up to" the maximum; "empty/null deletes"; "also with decimal comma". */
function decimalVerdict(value: unknown, op: WriteOp, literal: string | undefined, rule: DecimalRule): FieldVerdict {
  if (typeof value === 'boolean') return INVALID('ROOM-38');
  if (value === null || value === '') return VALID_WITH(op === 'change' ? rule.deletion : rule.rule, { kind: 'empty' });
  if (typeof value === 'number') {
    const reading = literal === undefined ? undefined : readNumber(literal);
    if (!Number.isFinite(value) || !reading) return INVALID(rule.rule);
    if (reading.negative || reading.zero || value > rule.max) return INVALID(rule.rule);
    return reading.plain && reading.significant <= EXACT_DIGITS ? VALID_WITH(rule.rule, { kind: 'number', value, decimals: reading.decimals }) : UNCERTAIN;
  }
  if (typeof value !== 'string') return UNCERTAIN;
  const reading = readNumber(value);
  if (value.length > ROOM_LIMITS.numericTextMax) return reading ? INVALID('ROOM-42') : INVALID();
  if (!reading) return mayBeNumericElsewhere(value) ? UNCERTAIN : INVALID();
  if (!Number.isFinite(reading.value) || reading.negative || reading.zero || reading.value > rule.max) return INVALID(rule.rule);
  if (!reading.plain || reading.significant > EXACT_DIGITS) return UNCERTAIN;
  // "area and height also with decimal comma"
  return VALID_WITH(reading.comma ? 'ROOM-41' : 'ROOM-40', { kind: 'number', value: reading.value, decimals: reading.decimals });
}
