/**
 * What a project value written must read back as, from the spec's field table ("Inputs are
 * normalized; returned values are often strings"; "Sending empty or null deletes an optional
 * value"), read as the project suite reads it (its `ReadBack` and `expectReadBack`), and what a
 * project write body names. A value the table leaves doubtful gets no expectation: it is not judged.
 */
import {
  FLAG_STORED_ON,
  PROJECT_ENVELOPES,
  PROJECT_FIELD_RULES,
  RELEASED_PROJECT_FIELDS,
  parseNumericInput,
  type ReleasedProjectField,
} from '../../../spec/contract/projects.js';
import { fact, type Body, type ExchangeView } from '../../judge/exchange-view.js';
import { writeBodyOf } from './write-body.js';
import { projectWriteReadingOf } from './write-reading.js';
import { isPlainObject } from '../../json-value.js';

/** What a value must read back as. */
export type ReadBack =
  /** exactly this text */
  | { kind: 'text'; text: string }
  /** text normalized to empty: '' or not shown */
  | { kind: 'emptyText' }
  /** these digits as text; without a leading zero also the same JSON number (FREE-PROJ-5) */
  | { kind: 'digits'; text: string }
  /** the same number, as JSON number or numeric text in any decimal spelling (FREE-PROJ-5, FREE-PROJ-6) */
  | { kind: 'number'; number: number }
  /** a flag "stored as on" */
  | { kind: 'on' }
  /** a deleted value or a flag "stored as empty": '', null or not shown (FREE-PROJ-7) */
  | { kind: 'deleted' };

const RELEASED: ReadonlySet<string> = new Set(RELEASED_PROJECT_FIELDS);
export const isReleasedField = (name: string): name is ReleasedProjectField => RELEASED.has(name);

const PRINTABLE_LINES = /^[\x20-\x7e\n]*$/;

/**
 * Text the table clearly keeps as sent: no NUL ("no NUL character"), no outer whitespace and in
 * composed form (a normalization might trim or compose), no control character but the line break.
 */
function plainText(value: string): boolean {
  // Printable ASCII and line breaks: composed, no control character; only the outer whitespace is left to ask.
  if (PRINTABLE_LINES.test(value)) return value === value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what the pattern finds.
  return value === value.trim() && value === value.normalize('NFC') && !/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(value);
}

/** "plain numbers ... are normalized to text": an integer whose text is not in doubt. */
function plainInteger(value: number): boolean {
  return Number.isSafeInteger(value) && !Object.is(value, -0);
}

const isDeletion = (value: unknown) => value === '' || value === null;

/** What `value`, accepted for `field`, must read back as; undefined when the table leaves it doubtful or calls it invalid. */
export function readBackOf(field: ReleasedProjectField, value: unknown): ReadBack | undefined {
  const rule = PROJECT_FIELD_RULES[field];
  switch (rule.kind) {
    case 'text':
      if (rule.climatePostalCode) return typeof value === 'string' && value !== '' && plainText(value) ? { kind: 'text', text: value } : undefined;
      if (typeof value === 'string') return plainText(value) ? { kind: 'text', text: value } : undefined;
      if (typeof value === 'number') return plainInteger(value) ? { kind: 'text', text: String(value) } : undefined;
      return value === null ? { kind: 'emptyText' } : undefined;
    case 'code': {
      if (isDeletion(value)) return { kind: 'deleted' };
      const code = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
      return code !== undefined && rule.values.includes(code) ? { kind: 'number', number: code } : undefined;
    }
    case 'number': {
      if (isDeletion(value)) return { kind: 'deleted' };
      const n = parseNumericInput(value, { decimalComma: rule.decimalComma });
      return n !== undefined && n >= rule.min && n <= rule.max && (!rule.integer || Number.isInteger(n)) ? { kind: 'number', number: n } : undefined;
    }
    case 'flag':
      // "true/on/1 is stored as on; false/off/0/empty/null is stored as empty"
      if (value === true || value === 'on' || value === 1) return { kind: 'on' };
      if (value === false || value === 'off' || value === 0 || isDeletion(value)) return { kind: 'deleted' };
      return undefined;
    case 'email':
      // "text; empty deletes"; null deletes by the general rule ("Sending empty or null deletes an optional value").
      if (isDeletion(value)) return { kind: 'deleted' };
      return typeof value === 'string' && plainText(value) ? { kind: 'text', text: value } : undefined;
    case 'contactPostalCode':
      // "4 to 5 digits, or empty/null to delete; send as string to keep leading zeros"
      if (isDeletion(value)) return { kind: 'deleted' };
      if (typeof value === 'string') return /^\d{4,5}$/.test(value) ? { kind: 'digits', text: value } : undefined;
      return typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value <= 99999 ? { kind: 'digits', text: String(value) } : undefined;
  }
}

/** The number a returned value stands for: a JSON number or numeric text in any decimal spelling. */
export function returnedNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i.test(text) ? Number(text.replace(',', '.')) : undefined;
}

/** Equal up to the rounding of a decimal text: a stored 0.1 is no other number than the one sent. */
function sameNumber(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

export const isEmptyValue = (value: unknown) => value === '' || value === null || value === undefined;

export function matchesReadBack(expected: ReadBack, actual: unknown): boolean {
  switch (expected.kind) {
    case 'text':
      return actual === expected.text;
    case 'emptyText':
      return actual === '' || actual === undefined;
    case 'digits':
      return actual === expected.text || (!expected.text.startsWith('0') && actual === Number(expected.text));
    case 'number': {
      const n = returnedNumber(actual);
      return n !== undefined && sameNumber(n, expected.number);
    }
    case 'on':
      return actual === FLAG_STORED_ON;
    case 'deleted':
      return isEmptyValue(actual);
  }
}

export function describeReadBack(expected: ReadBack): string {
  switch (expected.kind) {
    case 'text':
      return `the text ${shortJson(expected.text)}`;
    case 'emptyText':
      return 'empty text';
    case 'digits':
      return `the digits ${shortJson(expected.text)}`;
    case 'number':
      return `the number ${expected.number}`;
    case 'on':
      return '"on"';
    case 'deleted':
      return 'a deleted value';
  }
}

/** A value in a message: JSON, cut to a readable length. */
export function shortJson(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The same value shown twice: equal, both empty (FREE-PROJ-7), or the same number however spelt. */
export function sameShownValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  if (JSON.stringify(a) === JSON.stringify(b)) return true;
  const n = returnedNumber(a);
  const m = returnedNumber(b);
  return n !== undefined && m !== undefined && sameNumber(n, m);
}

// -------------------------------------------------------------------------------------------------
// Write bodies
// -------------------------------------------------------------------------------------------------

/** What a project write (PATCH or with-data) names. */
export interface ProjectWriteBody {
  /** Every field any part of the body names (both envelopes, the top level); `all` when the body is not known. */
  touched: ReadonlySet<string> | 'all';
  /** The fields of the one envelope, when the body is exactly `{projectData: {...}}` or `{projektData: {...}}`. */
  fields?: Readonly<Record<string, unknown>>;
}

export function projectWriteBody(body: Body, known: boolean): ProjectWriteBody {
  if (!known) return { touched: 'all' };
  if (body.kind === 'none') return { touched: new Set() };
  if (body.kind !== 'json' || !isPlainObject(body.value)) return { touched: 'all' };
  const top = body.value;
  const touched = new Set<string>();
  for (const [name, member] of Object.entries(top)) {
    if (isPlainObject(member)) Object.keys(member).forEach((f) => touched.add(f));
    else if (isReleasedField(name)) touched.add(name);
  }
  const names = Object.keys(top);
  const only = names.length === 1 ? names[0] : undefined;
  const envelope = only !== undefined && (PROJECT_ENVELOPES as readonly string[]).includes(only) ? top[only] : undefined;
  return isPlainObject(envelope) ? { touched, fields: envelope } : { touched };
}

const writtenBy = (x: ExchangeView): ProjectWriteBody => projectWriteBody(x.requestBody, x.requestBodyKnown);
const writtenByFact = fact(writtenBy);

/** What the request's body names, worked out once for the judges of sequences that each ask it. */
export function projectWriteBodyOf(x: ExchangeView): ProjectWriteBody {
  return x.derived(writtenByFact);
}

/**
 * The fields of a project write whose body is valid by the field table in every respect the spec
 * fixes (field-table.ts: one envelope, each value valid in every reading, no `projektPostleitzahl`
 * since the climate data is not visible), sent as plain JSON within the size limit (write-body.ts).
 */
export function clearlyValidFields(x: ExchangeView): Readonly<Record<string, unknown>> | undefined {
  const reading = projectWriteReadingOf(x);
  const body = writeBodyOf(x);
  if (reading?.verdict !== 'valid' || reading.envelope === undefined || body.kind !== 'json') return undefined;
  const fields = (body.value as Record<string, unknown>)[reading.envelope];
  return isPlainObject(fields) ? fields : undefined;
}
