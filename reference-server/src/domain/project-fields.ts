/**
 * The spec's project field table ("Resources and their fields" > Project) and the write bodies of
 * the project endpoints, as zod schemas. Every field rule lives in FIELD_RULES, so the table, the
 * validation and the `projektData` output cannot drift apart. Every rejection is a 422 whose
 * `details.field` names the offending field (or envelope key).
 */
import { z } from 'zod';
import { hasClimateData } from '../climate/design-temperatures.js';
import { errors, type ApiError } from '../http/api-error.js';
import { declareAcceptedInput } from './accepted-input.js';
import { parseDecimalText, storedDecimalText } from './numeric-text.js';
import { numericTextPattern } from './numeric-text-pattern.js';

/** Normalized values; a missing key means not set. */
export type StoredProjectData = Record<string, string>;

const INVALID = Symbol('invalid');
type Normalized = string | typeof INVALID;

/** Normalizes one sent value of a field; '' means "delete the stored value". */
interface FieldRule {
  /** German description of what the field accepts, used in the 422 message. */
  readonly expected: string;
  readonly normalize: (value: unknown) => Normalized;
  /** The inputs `normalize` accepts, for the API description (see accepted-input.ts). */
  readonly accepts: z.ZodType;
}

/** The spec's limit for numeric text, applied to what is sent and to what is stored. */
const MAX_NUMERIC_TEXT = 32;
// eslint-disable-next-line no-control-regex -- NUL is exactly the character the text rule rejects.
const NO_NUL = /^[^\u0000]*$/;
const deletion = [z.literal(''), z.null()] as const;

function isDeleteValue(value: unknown): boolean {
  return value === '' || value === null;
}

function text({ numbers }: { numbers: boolean }): FieldRule {
  return {
    expected: numbers
      ? 'Text ohne NUL-Zeichen, Zahl, leer oder null erwartet.'
      : 'Text ohne NUL-Zeichen, leer oder null erwartet.',
    normalize: (value) => {
      if (value === null) return '';
      if (typeof value === 'string') return value.includes('\u0000') ? INVALID : value;
      if (numbers && typeof value === 'number' && Number.isFinite(value)) return String(value);
      return INVALID;
    },
    accepts: z
      .union(numbers ? [z.string().regex(NO_NUL), z.number(), z.null()] : [z.string().regex(NO_NUL), z.null()])
      .describe(`Text without NUL characters${numbers ? '; a number is stored as its text' : ''}; empty or null deletes the value.`),
  };
}

/** JSON number, or numeric text in any finite decimal form, point or comma (numeric-text.ts). */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.length > MAX_NUMERIC_TEXT) return undefined;
  return parseDecimalText(value, { decimalComma: true });
}

function numberInRange(min: number, max: number, integer: boolean): FieldRule {
  return {
    expected: `${integer ? 'ganze Zahl' : 'Zahl'} von ${min} bis ${max} erwartet (Zahl oder Zahlentext, auch mit Dezimalkomma), leer oder null.`,
    normalize: (value) => {
      if (isDeleteValue(value)) return '';
      const n = toNumber(value);
      if (n === undefined || n < min || n > max || (integer && !Number.isInteger(n))) return INVALID;
      return storedDecimalText(n, MAX_NUMERIC_TEXT);
    },
    accepts: z
      .union([
        integer ? z.number().int().min(min).max(max) : z.number().min(min).max(max),
        z.string().max(MAX_NUMERIC_TEXT).regex(new RegExp(numericTextPattern({ min, max, integer, decimalComma: true }))),
        ...deletion,
      ])
      .describe(
        `${integer ? 'Integer' : 'Number'} from ${min} to ${max}, as a JSON number or numeric text of at most ${MAX_NUMERIC_TEXT} characters; empty or null deletes the value. Stored and returned as text (a tiny number such as 1e-31 in exponent form). The pattern admits plain decimals in the range; every other finite decimal form of a number in the range is accepted too (decimal comma, exponent such as 1.5e3, sign, surrounding spaces).`,
      ),
  };
}

function code(allowed: readonly number[], choices: string): FieldRule {
  return {
    expected: `Code ${choices} erwartet (Zahl oder Zahlentext), leer oder null.`,
    normalize: (value) => {
      if (isDeleteValue(value)) return '';
      const n = toNumber(value);
      return n !== undefined && allowed.includes(n) ? String(n) : INVALID;
    },
    accepts: z
      .union([z.literal(allowed), z.enum(allowed.map(String)), ...deletion])
      .describe(`Code ${allowed.join(', ')}, as a number or numeric text; empty or null deletes the value. Returned as text.`),
  };
}

// Set lookups compare with SameValueZero, so -0 counts as 0 like in JSON.
const FLAG_ON: ReadonlySet<unknown> = new Set([true, 'on', 1, '1', 'true']);
const FLAG_OFF: ReadonlySet<unknown> = new Set([false, 'off', 0, '0', 'false', '', null]);

const flag: FieldRule = {
  expected: 'true, "on", 1, "1", "true" oder false, "off", 0, "0", "false", leer, null erwartet.',
  normalize: (value) => (FLAG_ON.has(value) ? 'on' : FLAG_OFF.has(value) ? '' : INVALID),
  accepts: z
    .union([
      z.literal([...FLAG_ON, ...FLAG_OFF].filter((v): v is boolean | number => typeof v === 'boolean' || typeof v === 'number')),
      z.enum([...FLAG_ON, ...FLAG_OFF].filter((v): v is string => typeof v === 'string')),
      z.null(),
    ])
    .describe("Flag: true, 'on', 1, '1', 'true' are stored as 'on'; false, 'off', 0, '0', 'false', empty or null as empty."),
};

const projectPostalCode: FieldRule = {
  expected: 'Postleitzahl als Text, für die Klimadaten vorliegen; das Feld darf nicht geleert werden.',
  normalize: (value) => (typeof value === 'string' && hasClimateData(value) ? value : INVALID),
  accepts: z
    .string()
    .regex(/^\d{5}$/)
    .describe('German postal code with climate data of the service (e.g. 10178); it cannot be emptied or cleared.'),
};

const contactPostalCode: FieldRule = {
  expected: '4 bis 5 Ziffern (als Text, um führende Nullen zu behalten), leer oder null erwartet.',
  normalize: (value) => {
    if (isDeleteValue(value)) return '';
    if (typeof value === 'string') return /^\d{4,5}$/.test(value) ? value : INVALID;
    return typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value <= 99999
      ? String(value)
      : INVALID;
  },
  accepts: z
    .union([z.string().regex(/^\d{4,5}$/), z.number().int().min(1000).max(99999), ...deletion])
    .describe('Contact postal code of 4 to 5 digits; send it as text to keep leading zeros. Empty or null deletes the value.'),
};

/** The released fields in the order of the spec's table. */
const FIELD_RULES = {
  projektName: text({ numbers: true }),
  projektPostleitzahl: projectPostalCode,
  projektArtHeizung: code([1, 2, 3, 4, 5, 6], '1 bis 6'),
  projektAlterHeizung: code([1, 2, 3], '1 bis 3'),
  projektBewohner: numberInRange(0, 10000, true),
  projektJahresverbrauch: numberInRange(0, 1000000000, false),
  projektBaujahr: numberInRange(1000, 2100, true),
  projektTrinkwasser: code([1, 2, 3], '1 bis 3'),
  projektWaermeerzeugerSolarStatus: flag,
  projektWaermeerzeugerSolarArt: code([1, 2], '1 oder 2'),
  projektKollektorflaecheSolar: numberInRange(0, 1000000, false),
  projektWaermeerzeugerHolzStatus: flag,
  projektJahresverbrauchHolz: numberInRange(0, 1000000, false),
  projektWaermeerzeugerHolzArt: code([1500, 1550, 1800, 2000, 2200, 2201], '1500, 1550, 1800, 2000, 2200 oder 2201'),
  email: text({ numbers: false }),
  anrede: text({ numbers: true }),
  vorname: text({ numbers: true }),
  name: text({ numbers: true }),
  strasse: text({ numbers: true }),
  hausnummer: text({ numbers: true }),
  ort: text({ numbers: true }),
  telefon: text({ numbers: true }),
  bemerkungen: text({ numbers: true }),
  plz: contactPostalCode,
} satisfies Record<string, FieldRule>;

export const PROJECT_FIELDS: readonly string[] = Object.freeze(Object.keys(FIELD_RULES));

const ENVELOPES = ['projectData', 'projektData'] as const;

const unknownField = (key: string | undefined): string => `Unbekanntes Feld ${key}.`;

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
      const normalized = rule.normalize(value);
      if (normalized === INVALID) {
        ctx.addIssue({ code: 'custom', message: `Ungültiger Wert für Feld ${field}: ${rule.expected}` });
        return z.NEVER;
      }
      return normalized;
    });
  return declareAcceptedInput(schema, rule.accepts).optional();
}

const fieldsSchema = z
  .strictObject(
    Object.fromEntries(Object.entries(FIELD_RULES).map(([field, rule]) => [field, fieldSchema(field, rule)])),
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? unknownField(issue.keys[0])
          : 'Der Inhalt von projectData (bzw. projektData) muss ein JSON-Objekt mit Projektfeldern sein.',
    },
  )
  .transform((fields, ctx) => {
    // A JavaScript caller can pass undefined, which JSON cannot express; it counts as not sent.
    const changes = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    if (Object.keys(changes).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Es muss mindestens ein freigegebenes Projektfeld gesendet werden.' });
      return z.NEVER;
    }
    return changes;
  })
  .meta({ minProperties: 1 });

/** Body of POST /reports/with-data and PATCH /reports/{key}: one envelope, `projectData` or `projektData`. */
export const projectWriteBodySchema = z.preprocess(
  (body, ctx) => {
    // Checked before the fields so that both envelopes are reported even when their contents are invalid.
    if (typeof body === 'object' && body !== null && ENVELOPES.every((name) => Object.hasOwn(body, name))) {
      ctx.addIssue({
        code: 'custom',
        message: 'projectData und projektData dürfen nicht gemeinsam gesendet werden.',
        path: ['projectData'],
      });
    }
    return body;
  },
  z
    .strictObject(
      { projectData: fieldsSchema.optional(), projektData: fieldsSchema.optional() },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? unknownField(issue.keys[0])
            : 'Der Anfrageinhalt muss ein JSON-Objekt mit projectData (oder projektData) sein.',
      },
    )
    .transform((body, ctx) => {
      const changes = body.projectData ?? body.projektData;
      if (changes === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'Der Anfrageinhalt muss projectData (oder projektData) enthalten.',
          path: ['projectData'],
        });
        return z.NEVER;
      }
      return changes;
    })
    .meta({ minProperties: 1, maxProperties: 1 }),
);

const PASSWORD_LENGTH = { min: 12, max: 256 } as const;
const PASSWORD_MESSAGE = `Ungültiger Wert für Feld newPassword: Text mit ${PASSWORD_LENGTH.min} bis ${PASSWORD_LENGTH.max} Zeichen erwartet.`;

export const passwordBodySchema = z.strictObject(
  {
    newPassword: z
      .string({ error: PASSWORD_MESSAGE })
      .refine((password) => {
        // The limit counts characters, not UTF-16 code units, so one emoji is one character.
        const length = [...password].length;
        return length >= PASSWORD_LENGTH.min && length <= PASSWORD_LENGTH.max;
      }, PASSWORD_MESSAGE)
      // JSON Schema counts characters (code points) as the refinement does.
      .meta({ minLength: PASSWORD_LENGTH.min, maxLength: PASSWORD_LENGTH.max, writeOnly: true }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownField(issue.keys[0])
        : 'Der Anfrageinhalt muss ein JSON-Objekt mit newPassword sein.',
  },
);

export const emptyCreateBodySchema = z
  .strictObject(
    {},
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `${unknownField(issue.keys[0])} Der Anfrageinhalt muss leer oder {} sein.`
          : 'Der Anfrageinhalt muss leer oder {} sein.',
    },
  )
  .optional();

/**
 * The first problem as the spec's 422. Unknown fields win over other problems, because they are
 * the likelier mistake (a typo) and the message then points at the cause.
 */
function toValidationError(error: z.ZodError, fieldWithoutPath?: string): ApiError {
  const [first] = error.issues;
  const issue = error.issues.find((candidate) => candidate.code === 'unrecognized_keys') ?? first;
  if (issue === undefined) return errors.validation('Ungültiger Anfrageinhalt.', fieldWithoutPath);
  const pathField = issue.path.findLast((segment): segment is string => typeof segment === 'string');
  const field = issue.code === 'unrecognized_keys' ? issue.keys[0] : (pathField ?? fieldWithoutPath);
  return errors.validation(issue.message, field);
}

function parseOrThrow<T>(schema: z.ZodType<T>, body: unknown, fieldWithoutPath?: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw toValidationError(result.error, fieldWithoutPath);
  return result.data;
}

/** Validates a write body of POST /reports/with-data or PATCH /reports/{key}; returns the changes, '' meaning "delete". Throws ApiError 422. */
export function parseProjectWrite(body: unknown): Record<string, string> {
  return parseOrThrow(projectWriteBodySchema, body, 'projectData');
}

/** Applies changes to stored data (deletes keys whose change is ''), returns a new object. */
export function applyProjectChanges(stored: StoredProjectData, changes: Record<string, string>): StoredProjectData {
  const next = { ...stored };
  for (const [field, value] of Object.entries(changes)) {
    if (value === '') delete next[field];
    else next[field] = value;
  }
  return next;
}

/** The `projektData` object of responses: every released field, '' when not set. */
export function projectDataOut(stored: StoredProjectData): Record<string, string> {
  return Object.fromEntries(PROJECT_FIELDS.map((field) => [field, stored[field] ?? '']));
}

/** Validates the body of PUT /reports/{key}/password; returns the new password. Throws ApiError 422. */
export function parsePasswordBody(body: unknown): string {
  return parseOrThrow(passwordBodySchema, body, 'newPassword').newPassword;
}

/** Validates the body of POST /reports: undefined (omitted) or {} only. Throws ApiError 422. */
export function parseEmptyCreateBody(body: unknown): void {
  parseOrThrow(emptyCreateBodySchema, body);
}
