/**
 * The project field table ("Resources and their fields > Project") as a reader of written values:
 * each value is `valid` (every reading the spec leaves open accepts it, so a 422 for it alone is
 * wrong), `invalid` (every reading refuses it: the write must give 422) or `doubtful` (the spec
 * leaves it open, or it depends on what is not visible). The kit's own reading (suites/projects,
 * PROJECT_FIELD_RULES) fixes what it tests; what it leaves out stays doubtful here.
 *
 * Number literals: JSON.parse rounds, so the reader takes the literal as sent where it knows it
 * (`literals`, from the I-JSON reading); without it a number is read as the double it parsed to.
 */
import { PROJECT_ENVELOPES, PROJECT_FIELD_RULES, RELEASED_PROJECT_FIELDS, type ProjectFieldRule, type ReleasedProjectField } from '../../../spec/contract/projects.js';
import type { NumberLiterals } from '../i-json.js';
import { decimalOf, decimalOfNumber, inRange, isIntegral, isOneOf, type Decimal } from './write-decimal.js';
import { isPlainObject } from '../../json-value.js';

export type ProjectEnvelope = (typeof PROJECT_ENVELOPES)[number];

/**
 * What the table says of one value. `accepts`: the rules a 422 to a write of it (valid in all else)
 * breaks: a code or number sent as JSON number its row's range ("exactly the codes 1 to 6",
 * "integers 0 to 10000"), a numeric string its row's forms ("number or numeric string",
 * "numeric strings accepted"), a text its row's "must accept text".
 */
export type ValueReading = { verdict: 'valid'; accepts: readonly string[] } | { verdict: 'invalid'; rules: readonly string[]; why: string } | { verdict: 'doubtful'; why: string };

/** One thing of a write body that must give 422, with the rules that say so. */
export interface Finding {
  rules: readonly string[];
  /** Where and why, for messages (values shortened). */
  what: string;
  /** A value or name inside the envelope ("the preset data", PROJ-86), not the envelope's own form. */
  inData: boolean;
}

/**
 * A project write body (POST /reports/with-data, PATCH /reports/{projectKey}) read against the table.
 * `invalid` as soon as one finding is certain, whatever else is doubtful; `valid` only when every part is.
 */
export interface WriteReading {
  verdict: 'valid' | 'invalid' | 'doubtful';
  findings: Finding[];
  doubts: string[];
  /** The envelope the body uses, when it names exactly one. */
  envelope?: ProjectEnvelope;
  /** The released fields of its envelope (one envelope only) that the table takes, each with the rules a 422 breaks when the whole body is valid. */
  accepted: { field: ReleasedProjectField; value: unknown; rules: readonly string[] }[];
}

/** The rules of the table that name one field; `formsChecked`: its forms rule also says the strings are checked by the range. */
interface FieldRuleIds {
  range?: string;
  forms?: string;
  formsChecked?: true;
  nul?: string;
  text?: string;
}

/** Per field, the rules of the table that name it. */
const FIELD_RULE_IDS: Partial<Record<ReleasedProjectField, FieldRuleIds>> = {
  projektName: { nul: 'PROJ-20' },
  projektArtHeizung: { range: 'PROJ-25', forms: 'PROJ-26' },
  projektAlterHeizung: { range: 'PROJ-28', forms: 'PROJ-29' },
  projektBewohner: { range: 'PROJ-31', forms: 'PROJ-32', formsChecked: true },
  projektJahresverbrauch: { range: 'PROJ-34', forms: 'PROJ-35' },
  projektBaujahr: { range: 'PROJ-37', forms: 'PROJ-38' },
  projektTrinkwasser: { range: 'PROJ-40', forms: 'PROJ-41' },
  projektWaermeerzeugerSolarArt: { range: 'PROJ-45', forms: 'PROJ-46' },
  projektKollektorflaecheSolar: { range: 'PROJ-48', forms: 'PROJ-49' },
  projektJahresverbrauchHolz: { range: 'PROJ-53', forms: 'PROJ-54' },
  projektWaermeerzeugerHolzArt: { range: 'PROJ-56', forms: 'PROJ-57' },
  email: { nul: 'PROJ-61', text: 'PROJ-59' },
  anrede: { nul: 'PROJ-64', text: 'PROJ-62' },
  vorname: { nul: 'PROJ-64', text: 'PROJ-62' },
  name: { nul: 'PROJ-64', text: 'PROJ-62' },
  strasse: { nul: 'PROJ-64', text: 'PROJ-62' },
  hausnummer: { nul: 'PROJ-64', text: 'PROJ-62' },
  ort: { nul: 'PROJ-64', text: 'PROJ-62' },
  telefon: { nul: 'PROJ-64', text: 'PROJ-62' },
  bemerkungen: { nul: 'PROJ-64', text: 'PROJ-62' },
  plz: { range: 'PROJ-65' },
};

const WRONG_TYPE = 'PROJ-11';
const FLAG_VALUE = 'PROJ-69';

/**
 * "Maximum lengths of the text fields: not shown": a target may refuse a long text. The kit sends
 * names of about a hundred characters and expects them taken; beyond this a text is doubtful.
 */
const TEXT_LENGTH_TAKEN = 255;
/** The room table's limit for numeric text; the project table names none, so a longer one is doubtful. */
const NUMERIC_TEXT_TAKEN = 32;

const NUL = '\u0000';
// eslint-disable-next-line no-control-regex -- control characters are what the pattern finds.
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const valid = (accepts: readonly (string | undefined)[] = []): ValueReading => ({ verdict: 'valid', accepts: accepts.filter((r): r is string => r !== undefined) });
const invalid = (rules: readonly (string | undefined)[], why: string): ValueReading => ({ verdict: 'invalid', rules: rules.filter((r): r is string => r !== undefined), why });
const doubtful = (why: string): ValueReading => ({ verdict: 'doubtful', why });

/** A short rendering of a sent value for messages. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * The exact value a JSON number was sent as, and whether the literal is a plain integer (`4`, not
 * `4.0` or `4e0`). Undefined when the literal says more than the parsed double can hold: what a
 * target's parser makes of it is open.
 */
function sentNumber(value: number, literal: string | undefined): { exact: Decimal; plainInteger: boolean } | undefined {
  const parsed = decimalOfNumber(value);
  if (!parsed) return undefined;
  if (literal === undefined) return { exact: parsed, plainInteger: Number.isSafeInteger(value) && !Object.is(value, -0) };
  const exact = decimalOf(literal);
  // A negative zero is left to the target's reading too.
  if (!exact || exact.digits !== parsed.digits || exact.point !== parsed.point || (exact.negative && exact.digits === '')) return undefined;
  return { exact, plainInteger: /^-?\d+$/.test(literal) };
}

/**
 * The values a numeric string may stand for. `plain` is the kit's reading (PROJECT_FIELD_RULES,
 * parseNumericInput: digits with a point, or a comma where the table allows "decimal comma"); a
 * string that is not plain may be refused as no number, or read by a looser parser (sign, exponent,
 * surrounding space, a comma or point as thousands separator).
 */
function numericReadings(text: string, decimalComma: boolean): { plain: boolean; values: Decimal[] } {
  const plain = (decimalComma ? /^\d+(?:[.,]\d+)?$/ : /^\d+(?:\.\d+)?$/).test(text);
  const trimmed = text.trim();
  const readings: (Decimal | undefined)[] = [];
  if (plain) readings.push(decimalOf(text));
  else {
    readings.push(decimalOf(trimmed));
    const loose = Number(trimmed);
    if (trimmed !== '' && Number.isFinite(loose)) readings.push(decimalOfNumber(loose));
  }
  if (/^[+-]?\d{1,3}(?:[.,]\d{3})+$/.test(trimmed)) readings.push(decimalOf(trimmed.replace(/[.,]/g, '')));
  return { plain, values: readings.filter((d): d is Decimal => d !== undefined) };
}

/** `numberTaken`: the value is a number the row normalizes to text the same way in every reading. */
function readText(value: unknown, ids: { nul?: string; text?: string }, numberTaken: boolean): ValueReading {
  if (typeof value === 'string') {
    // "no NUL character"
    if (value.includes(NUL)) return invalid([ids.nul], 'holds a NUL character');
    // A text of no more code units has no more characters either.
    if (value.length > TEXT_LENGTH_TAKEN && [...value].length > TEXT_LENGTH_TAKEN) return doubtful(`longer than ${TEXT_LENGTH_TAKEN} characters ("Maximum lengths of the text fields: not shown")`);
    if (CONTROL.test(value)) return doubtful('holds control characters');
    return valid([ids.text]);
  }
  if (value === null) return valid();
  if (typeof value === 'boolean') return invalid([WRONG_TYPE], 'a boolean is no text');
  return numberTaken ? valid() : doubtful('a number other than a plain integer, or one for a text whose row does not normalize numbers');
}

function readCode(value: unknown, literal: string | undefined, codes: readonly number[], ids: { range?: string; forms?: string }): ValueReading {
  if (value === '' || value === null) return valid();
  if (typeof value === 'number') {
    const sent = sentNumber(value, literal);
    if (!sent) return doubtful('a number literal the parsed value does not hold');
    if (!isOneOf(sent.exact, codes)) return invalid([ids.range], `${shown(value)} is not one of ${codes.join(', ')}`);
    return sent.plainInteger ? valid([ids.range]) : doubtful(`the code written as ${literal ?? shown(value)}`);
  }
  if (typeof value === 'string') {
    // The kit reads a string of digits as its number (codeInput: /^\d+$/).
    const { values } = numericReadings(value, true);
    if (/^\d+$/.test(value)) {
      if (!isOneOf(decimalOf(value) as Decimal, codes)) return invalid([ids.range], `${shown(value)} is not one of ${codes.join(', ')}`);
      return value.length > NUMERIC_TEXT_TAKEN ? doubtful(`numeric text longer than ${NUMERIC_TEXT_TAKEN} characters`) : valid([ids.forms]);
    }
    if (values.some((d) => isOneOf(d, codes))) return doubtful(`${shown(value)} may be read as a code`);
    return invalid([ids.range], `${shown(value)} is not one of ${codes.join(', ')}`);
  }
  return invalid([WRONG_TYPE], `${shown(value)} is no code`);
}

const rangeOf = (rule: Extract<ProjectFieldRule, { kind: 'number' }>) => `${rule.integer ? 'an integer' : 'a number'} from ${rule.min} to ${rule.max}`;

function readNumber(value: unknown, literal: string | undefined, rule: Extract<ProjectFieldRule, { kind: 'number' }>, ids: FieldRuleIds): ValueReading {
  if (value === '' || value === null) return valid();
  if (typeof value === 'number') {
    const sent = sentNumber(value, literal);
    if (!sent) return doubtful('a number literal the parsed value does not hold');
    if (!inRange(sent.exact, rule)) return invalid([ids.range], `${literal ?? shown(value)} is not ${rangeOf(rule)}`);
    return !rule.integer || sent.plainInteger ? valid([ids.range]) : doubtful(`the integer written as ${literal ?? shown(value)}`);
  }
  if (typeof value === 'string') {
    const { plain, values } = numericReadings(value, rule.decimalComma);
    const taken = values.filter((d) => inRange(d, rule));
    // Every reading outside the range, and no reading at all refuses it too. Only projektBewohner's
    // forms rule also "check[s] them by the same rule"; the others' "must accept numeric strings" says
    // nothing of a string out of range.
    if (taken.length === 0) return invalid(plain && ids.formsChecked ? [ids.range, ids.forms] : [ids.range], `${shown(value)} is not ${rangeOf(rule)}`);
    if (!plain || taken.length < values.length) return doubtful(`${shown(value)} is read differently by the readings the spec leaves open`);
    if (value.length > NUMERIC_TEXT_TAKEN) return doubtful(`numeric text longer than ${NUMERIC_TEXT_TAKEN} characters`);
    return valid([ids.forms]);
  }
  return invalid([WRONG_TYPE], `${shown(value)} is no number`);
}

/** "true/on/1 is stored as on; false/off/0/empty/null is stored as empty"; the kit refuses "yes", 2, -1, "an". */
function readFlag(value: unknown, literal: string | undefined): ValueReading {
  if (typeof value === 'boolean' || value === null || value === 'on' || value === 'off' || value === '') return valid();
  if (typeof value === 'number') {
    const sent = sentNumber(value, literal);
    if (!sent) return doubtful('a number literal the parsed value does not hold');
    if (!isOneOf(sent.exact, [0, 1])) return invalid([FLAG_VALUE], `${shown(value)} is none of the flag values`);
    return sent.plainInteger ? valid() : doubtful(`the flag written as ${literal ?? shown(value)}`);
  }
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    const { values } = numericReadings(value, true);
    // "1", "true", " On ": a reading of the listed values by their text rather than their JSON type.
    if (['on', 'off', '', '1', '0', 'true', 'false'].includes(word) || values.some((d) => isOneOf(d, [0, 1]))) return doubtful(`${shown(value)} may stand for a listed flag value`);
    return invalid([FLAG_VALUE], `${shown(value)} is none of the flag values`);
  }
  return invalid([WRONG_TYPE], `${shown(value)} is no flag value`);
}

/** "4 to 5 digits, or empty/null to delete; send as string to keep leading zeros". */
function readContactPostalCode(value: unknown, literal: string | undefined, ids: { range?: string }): ValueReading {
  if (value === '' || value === null) return valid();
  if (typeof value === 'string') {
    if (/^\d{4,5}$/.test(value)) return valid([ids.range]);
    if (/^\p{Nd}{4,5}$/u.test(value.trim())) return doubtful(`${shown(value)} has 4 or 5 digits among other characters`);
    return invalid([ids.range], `${shown(value)} is not 4 to 5 digits`);
  }
  if (typeof value === 'number') {
    const sent = sentNumber(value, literal);
    if (!sent) return doubtful('a number literal the parsed value does not hold');
    if (!isIntegral(sent.exact) || !inRange(sent.exact, { min: 1000, max: 99999, integer: true })) return invalid([ids.range], `${literal ?? shown(value)} is not 4 to 5 digits`);
    return sent.plainInteger ? valid([ids.range]) : doubtful(`the postal code written as ${literal ?? shown(value)}`);
  }
  return invalid([ids.range, WRONG_TYPE], `${shown(value)} is not 4 to 5 digits`);
}

/** projektPostleitzahl: "must exist in the climate data of the service; must not be empty or cleared". */
function readProjectPostalCode(value: unknown): ValueReading {
  if (value === '') return invalid(['PROJ-23'], 'empty');
  if (value === null) return invalid(['PROJ-24'], 'null');
  if (typeof value === 'boolean') return invalid([WRONG_TYPE], 'a boolean is no postal code');
  return doubtful('whether it exists in the climate data is not visible');
}

/** One value of a released field against its row of the table. */
export function readFieldValue(field: ReleasedProjectField, value: unknown, literal?: string): ValueReading {
  // "Only scalar values are allowed (no arrays, no objects)"
  if (Array.isArray(value)) return invalid(['PROJ-12'], 'an array');
  if (value !== null && typeof value === 'object') return invalid(['PROJ-13'], 'an object');
  const rule = PROJECT_FIELD_RULES[field];
  const ids = FIELD_RULE_IDS[field] ?? {};
  switch (rule.kind) {
    case 'text':
      return rule.climatePostalCode ? readProjectPostalCode(value) : readText(value, ids, rule.acceptsNumberAndNull && typeof value === 'number' && plainIntegerText(value, literal));
    case 'code':
      return readCode(value, literal, rule.values, ids);
    case 'number':
      return readNumber(value, literal, rule, ids);
    case 'flag':
      return readFlag(value, literal);
    case 'email':
      // "text; empty deletes; no NUL character"; null deletes by the general rule (PROJ-120).
      return readText(value, ids, false);
    case 'contactPostalCode':
      return readContactPostalCode(value, literal, ids);
  }
}

/** A plain integer of at most 15 digits, which every reading normalizes to the same text. */
function plainIntegerText(value: number, literal: string | undefined): boolean {
  const text = literal ?? String(value);
  return /^-?\d{1,15}$/.test(text) && !/^-0+$/.test(text);
}

const RELEASED: ReadonlySet<string> = new Set(RELEASED_PROJECT_FIELDS);
const isReleased = (name: string): name is ReleasedProjectField => RELEASED.has(name);

/** A project write body, strictly parsed, against the envelope rules and the field table; `literals`: its number literals as sent. */
export function readProjectWrite(body: unknown, literals: NumberLiterals): WriteReading {
  const findings: Finding[] = [];
  const doubts: string[] = [];
  const accepted: WriteReading['accepted'] = [];
  if (!isPlainObject(body)) {
    // A JSON null may be taken for no body at all (400 or 422, PROJ-104's reading).
    if (body === null) doubts.push('the body is JSON null');
    else findings.push({ rules: ['PROJ-9'], what: `the body is ${Array.isArray(body) ? 'an array' : shown(body)}, no object with an envelope`, inData: false });
    return readingOf(findings, doubts, accepted);
  }
  const names = Object.keys(body);
  const envelopes = PROJECT_ENVELOPES.filter((e) => Object.hasOwn(body, e));
  const others = names.filter((n) => !(PROJECT_ENVELOPES as readonly string[]).includes(n));
  // "Sending both in one body gives 422."
  if (envelopes.length === 2) findings.push({ rules: ['PROJ-7'], what: 'both `projectData` and `projektData`', inData: false });
  if (envelopes.length === 0) findings.push({ rules: ['PROJ-9'], what: `no envelope (members: ${shown(names)})`, inData: false });
  else if (others.length > 0) findings.push({ rules: ['PROJ-10'], what: `unknown top-level member ${shown(others[0])} beside the envelope`, inData: false });
  for (const envelope of envelopes) readEnvelope(envelope, body[envelope], literals, findings, doubts, envelopes.length === 1 ? accepted : []);
  return readingOf(findings, doubts, accepted, envelopes.length === 1 ? envelopes[0] : undefined);
}

function readingOf(findings: Finding[], doubts: string[], accepted: WriteReading['accepted'], envelope?: ProjectEnvelope): WriteReading {
  const verdict = findings.length > 0 ? 'invalid' : doubts.length > 0 ? 'doubtful' : 'valid';
  return envelope ? { verdict, findings, doubts, accepted, envelope } : { verdict, findings, doubts, accepted };
}

function readEnvelope(envelope: ProjectEnvelope, content: unknown, literals: NumberLiterals, findings: Finding[], doubts: string[], accepted: WriteReading['accepted']): void {
  if (!isPlainObject(content)) {
    findings.push({ rules: ['PROJ-16'], what: `\`${envelope}\` is ${Array.isArray(content) ? 'an array' : shown(content)}, not an object`, inData: false });
    return;
  }
  const names = Object.keys(content);
  const unknown = names.filter((n) => !isReleased(n));
  // "Unknown fields ... give 422"; field names are matched as written (the kit: `ProjektName` is unknown).
  if (unknown.length > 0) findings.push({ rules: ['PROJ-8'], what: `unknown field ${shown(unknown[0])} in \`${envelope}\``, inData: true });
  // "at least one released field must be sent"
  if (names.length === unknown.length) findings.push({ rules: ['PROJ-14'], what: `\`${envelope}\` holds no released field`, inData: true });
  for (const field of names.filter(isReleased)) {
    const value = content[field];
    // Only numbers have literals.
    const literal = typeof value === 'number' ? literals.numberLiteral(content, field) : undefined;
    const reading = readFieldValue(field, value, literal);
    if (reading.verdict === 'invalid') findings.push({ rules: reading.rules, what: `\`${field}\` ${shown(value)}: ${reading.why}`, inData: true });
    else if (reading.verdict === 'doubtful') doubts.push(`\`${field}\` ${shown(value)}: ${reading.why}`);
    else accepted.push({ field, value, rules: reading.accepts });
  }
}
