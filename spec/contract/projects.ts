/**
 * Projects, written from "Resources and their fields > Project", "States and transitions > Project
 * status" and the endpoint table (`/reports`, `/reports/with-data`, `/reports/{projectKey}`,
 * `/reports/{projectKey}/password`).
 *
 * Response schemas check shape only; range, normalization and deletion rules are checked by the
 * project suite with `PROJECT_FIELD_RULES`. Payload schemas accept only inputs the spec clearly calls
 * valid, so tests can generate valid bodies from them (doubtful inputs are left out, see comments).
 */
import { z } from 'zod';
import { createdProjectKeySchema, jsonScalarSchema, projectKeySchema } from './common.js';

/** Every released project field of the field table, in table order. */
export const RELEASED_PROJECT_FIELDS = [
  'projektName',
  'projektPostleitzahl',
  'projektArtHeizung',
  'projektAlterHeizung',
  'projektBewohner',
  'projektJahresverbrauch',
  'projektBaujahr',
  'projektTrinkwasser',
  'projektWaermeerzeugerSolarStatus',
  'projektWaermeerzeugerSolarArt',
  'projektKollektorflaecheSolar',
  'projektWaermeerzeugerHolzStatus',
  'projektJahresverbrauchHolz',
  'projektWaermeerzeugerHolzArt',
  'email',
  'anrede',
  'vorname',
  'name',
  'strasse',
  'hausnummer',
  'ort',
  'telefon',
  'bemerkungen',
  'plz',
] as const;
export type ReleasedProjectField = (typeof RELEASED_PROJECT_FIELDS)[number];

/** The two envelope names: "`projectData` (recommended) or `projektData` (compatible)". */
export const PROJECT_ENVELOPES = ['projectData', 'projektData'] as const;

/** Project list groups of `GET /reports`. */
export const PROJECT_LIST_GROUPS = ['projekte', 'leads', 'api', 'archiv'] as const;

/** Numeric `projektHeader.status` values the spec gives a meaning to. */
export const PROJECT_STATUS = { created: 1, inProgress: 2, completed: 4, archived: 5 } as const;
/** "4 or 5 (completed / archived)": room creation leaves these unchanged. */
export const FINAL_PROJECT_STATUSES: readonly number[] = [PROJECT_STATUS.completed, PROJECT_STATUS.archived];

/** Password of `PUT .../password`: "12 to 256 characters". */
export const PASSWORD_LENGTH = { min: 12, max: 256 } as const;

/** Write bodies: "at most 65536 bytes". */
export const MAX_BODY_BYTES = 65536;

// ---------------------------------------------------------------------------------------------
// Field rules (data for the project suite and for generated inputs)
// ---------------------------------------------------------------------------------------------

export type ProjectFieldRule =
  | {
      kind: 'text';
      /** "plain numbers and null are normalized to text" */
      acceptsNumberAndNull: boolean;
      /** projektPostleitzahl: "must exist in the climate data"; "must not be empty or cleared" */
      climatePostalCode?: true;
    }
  | { kind: 'code'; values: readonly number[] }
  | {
      kind: 'number';
      min: number;
      max: number;
      integer: boolean;
      /** "numeric strings (also with decimal comma) accepted" */
      decimalComma: boolean;
    }
  | { kind: 'flag' }
  | { kind: 'email' }
  | { kind: 'contactPostalCode' };

/** The field table as data. Every field except the two texts below is deletable with empty or null. */
export const PROJECT_FIELD_RULES: Readonly<Record<ReleasedProjectField, ProjectFieldRule>> = {
  projektName: { kind: 'text', acceptsNumberAndNull: true },
  projektPostleitzahl: { kind: 'text', acceptsNumberAndNull: false, climatePostalCode: true },
  projektArtHeizung: { kind: 'code', values: [1, 2, 3, 4, 5, 6] },
  projektAlterHeizung: { kind: 'code', values: [1, 2, 3] },
  projektBewohner: { kind: 'number', min: 0, max: 10000, integer: true, decimalComma: true },
  projektJahresverbrauch: { kind: 'number', min: 0, max: 1_000_000_000, integer: false, decimalComma: true },
  projektBaujahr: { kind: 'number', min: 1000, max: 2100, integer: true, decimalComma: false },
  projektTrinkwasser: { kind: 'code', values: [1, 2, 3] },
  projektWaermeerzeugerSolarStatus: { kind: 'flag' },
  projektWaermeerzeugerSolarArt: { kind: 'code', values: [1, 2] },
  projektKollektorflaecheSolar: { kind: 'number', min: 0, max: 1_000_000, integer: false, decimalComma: false },
  projektWaermeerzeugerHolzStatus: { kind: 'flag' },
  projektJahresverbrauchHolz: { kind: 'number', min: 0, max: 1_000_000, integer: false, decimalComma: false },
  projektWaermeerzeugerHolzArt: { kind: 'code', values: [1500, 1550, 1800, 2000, 2200, 2201] },
  email: { kind: 'email' },
  anrede: { kind: 'text', acceptsNumberAndNull: true },
  vorname: { kind: 'text', acceptsNumberAndNull: true },
  name: { kind: 'text', acceptsNumberAndNull: true },
  strasse: { kind: 'text', acceptsNumberAndNull: true },
  hausnummer: { kind: 'text', acceptsNumberAndNull: true },
  ort: { kind: 'text', acceptsNumberAndNull: true },
  telefon: { kind: 'text', acceptsNumberAndNull: true },
  bemerkungen: { kind: 'text', acceptsNumberAndNull: true },
  plz: { kind: 'contactPostalCode' },
};

/** Flag values: "true/on/1 is stored as on; false/off/0/empty/null is stored as empty". */
export const FLAG_ON_INPUTS = [true, 'on', 1] as const;
export const FLAG_OFF_INPUTS = [false, 'off', 0, '', null] as const;
export const FLAG_STORED_ON = 'on';
export const FLAG_STORED_OFF = '';

// ---------------------------------------------------------------------------------------------
// Payloads (inputs the spec clearly calls valid)
// ---------------------------------------------------------------------------------------------

const NUL = '\u0000';
const noNul = (value: string) => !value.includes(NUL);
const deletion = z.union([z.literal(''), z.null()]);

// Plain decimals only: "numeric strings (also with decimal comma)" does not say that a sign, an
// exponent or a bare fraction (`+3`, `4.5e1`, `.5`) are numeric strings, so no generated input uses them.
const INTEGER_STRING = /^\d+$/;
const DECIMAL_STRING = /^\d+(?:\.\d+)?$/;
const DECIMAL_COMMA_STRING = /^\d+(?:[.,]\d+)?$/;

/** Parse a numeric input in the plain forms the spec clearly calls numeric; undefined otherwise. */
export function parseNumericInput(value: unknown, options: { decimalComma: boolean }): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const pattern = options.decimalComma ? DECIMAL_COMMA_STRING : DECIMAL_STRING;
  if (!pattern.test(value)) return undefined;
  return Number(value.replace(',', '.'));
}

function textInput(acceptsNumberAndNull: boolean) {
  const text = z.string().refine(noNul, 'must not contain a NUL character');
  return acceptsNumberAndNull ? z.union([text, z.number(), z.null()]) : text;
}

function codeInput(values: readonly number[]) {
  const inSet = (n: number) => values.includes(n);
  return z.union([
    z.number().refine(inSet, `must be one of ${values.join(', ')}`),
    z.string().regex(INTEGER_STRING).refine((s) => inSet(Number(s)), `must be one of ${values.join(', ')}`),
    deletion,
  ]);
}

function numberInput(rule: Extract<ProjectFieldRule, { kind: 'number' }>) {
  const inRange = (n: number) => n >= rule.min && n <= rule.max && (!rule.integer || Number.isInteger(n));
  const message = `must be ${rule.integer ? 'an integer' : 'a number'} from ${rule.min} to ${rule.max}`;
  return z.union([
    z.number().refine(inRange, message),
    z
      .string()
      .refine((s) => {
        const n = parseNumericInput(s, { decimalComma: rule.decimalComma });
        return n !== undefined && inRange(n);
      }, message),
    deletion,
  ]);
}

function fieldInput(rule: ProjectFieldRule): z.ZodType {
  switch (rule.kind) {
    case 'text':
      // projektPostleitzahl "must not be empty or cleared"; whether it exists in the climate data is
      // only known at run time (profile `resources.postalCodes`).
      return rule.climatePostalCode ? z.string().min(1).refine(noNul) : textInput(rule.acceptsNumberAndNull);
    case 'code':
      return codeInput(rule.values);
    case 'number':
      return numberInput(rule);
    case 'flag':
      return z.union([z.boolean(), z.literal('on'), z.literal('off'), z.literal(1), z.literal(0), deletion]);
    case 'email':
      // "text; empty deletes; no NUL character": no format rule is given, null is not mentioned.
      return z.string().refine(noNul, 'must not contain a NUL character');
    case 'contactPostalCode':
      // "4 to 5 digits, or empty/null to delete; send as string to keep leading zeros" (so a number is
      // accepted too, but loses leading zeros).
      return z.union([z.string().regex(/^\d{4,5}$/), z.number().int().min(1000).max(99999), deletion]);
  }
}

/**
 * The fields inside an envelope: strict ("Unknown fields ... give 422"), all optional, at least one
 * ("at least one released field must be sent"). Scalars only ("no arrays, no objects").
 */
export const projectFieldsInputSchema = z
  .strictObject(
    Object.fromEntries(RELEASED_PROJECT_FIELDS.map((field) => [field, fieldInput(PROJECT_FIELD_RULES[field]).optional()])) as Record<
      ReleasedProjectField,
      z.ZodOptional<z.ZodType>
    >,
  )
  .refine((value) => Object.keys(value).length > 0, 'at least one released field must be sent');
export type ProjectFieldsInput = Partial<Record<ReleasedProjectField, unknown>>;

/**
 * Body of `POST /reports/with-data` and `PATCH /reports/{projectKey}`: exactly one envelope, named
 * `projectData` or `projektData` ("Sending both in one body gives 422").
 */
export const projectEnvelopeBodySchema = z.union([
  z.strictObject({ projectData: projectFieldsInputSchema }),
  z.strictObject({ projektData: projectFieldsInputSchema }),
]);

/** Body of `POST /reports`: "body omitted or `{}` (no properties allowed)". */
export const createEmptyProjectBodySchema = z.strictObject({});

/** Body of `PUT /reports/{projectKey}/password`: `{newPassword}`, 12 to 256 characters, no other fields. */
export const passwordBodySchema = z.strictObject({
  newPassword: z.string().refine((value) => {
    const length = [...value].length;
    return length >= PASSWORD_LENGTH.min && length <= PASSWORD_LENGTH.max;
  }, `must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`),
});

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/**
 * Open: "Project header in responses (`projektHeader`): `key` (string), `link` (full URL to the
 * project's report page under `{site_url}`), `id` (number), `status` (number)" names the members
 * without "only", so further members are allowed. That `link` is a full URL under the profile's
 * site URL is PROJ-71's, checked with `isUnderSiteUrl` from common.ts.
 */
export const projektHeaderSchema = z.looseObject({
  key: projectKeySchema,
  link: z.string(),
  id: z.number(),
  status: z.number(),
});
export type ProjektHeader = z.infer<typeof projektHeaderSchema>;

/** Header of a creation response: key of nine lowercase letters (PROJ-1), status 1 ("1 (value in a creation response)", STAT-1). */
export const createdProjektHeaderSchema = projektHeaderSchema.extend({
  key: createdProjectKeySchema,
  status: z.literal(PROJECT_STATUS.created),
});

/**
 * Open: "`projektData` holds the project fields" without saying that it holds nothing else, and the
 * detail response may carry more than the released data ("not shown"). Released fields, when present,
 * are scalars ("returned values are often strings", so numbers as well; no type beyond scalar is required).
 */
export const projektDataSchema = z.looseObject(
  Object.fromEntries(RELEASED_PROJECT_FIELDS.map((field) => [field, jsonScalarSchema.optional()])) as Record<
    ReleasedProjectField,
    z.ZodOptional<typeof jsonScalarSchema>
  >,
);
export type ProjektData = z.infer<typeof projektDataSchema>;

/**
 * Open: "The creation response is `{status: 200 (historic JSON value, HTTP status is 201), action:
 * createReport, projektHeader, projektData}`" names the members without "only". Used for both
 * creation endpoints; the checks judge its parts one rule at a time.
 */
export const creationResponseSchema = z.looseObject({
  status: z.literal(200),
  action: z.literal('createReport'),
  projektHeader: createdProjektHeaderSchema,
  projektData: projektDataSchema,
});
export type CreationResponse = z.infer<typeof creationResponseSchema>;

/**
 * Open: "Fields of the project detail response (GET) beyond the header values and the released
 * project data: not shown." The header and data are expected under the same names as in the creation
 * response ("Project header in responses (`projektHeader`)").
 */
export const projectDetailResponseSchema = z.looseObject({
  projektHeader: projektHeaderSchema,
  projektData: projektDataSchema,
});
export type ProjectDetailResponse = z.infer<typeof projectDetailResponseSchema>;

/**
 * "The detail response omits internal settings, passwords and owner data": key names that suggest such
 * data. A heuristic for the detail check (the spec names no keys), returns the dotted paths found.
 */
export const FORBIDDEN_DETAIL_KEY_PATTERN =
  /pass(?:wort|word)?|kennwort|pwd|secret|token|hash|salt|owner|besitzer|customer|kunde|user(?:id)?|setting|einstellung/i;
export function forbiddenDetailKeys(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const here = path === '' ? key : `${path}.${key}`;
    if (FORBIDDEN_DETAIL_KEY_PATTERN.test(key)) found.push(here);
    found.push(...forbiddenDetailKeys(child, here));
  }
  return found;
}

/** Entry of a list group: "Fields of an entry inside the project list groups: not shown." */
export const projectListEntrySchema = z.looseObject({});

/**
 * Open: `GET /reports` returns "own main projects grouped in `projekte`, `leads`, `api`, `archiv`; no
 * pagination". The spec describes it in prose and does not list the top-level object, so other keys
 * (e.g. a status or action) are tolerated; the four named groups are required, each a list of
 * entries. Which project goes into which group is not shown.
 */
export const projectListResponseSchema = z.looseObject({
  projekte: z.array(projectListEntrySchema),
  leads: z.array(projectListEntrySchema),
  api: z.array(projectListEntrySchema),
  archiv: z.array(projectListEntrySchema),
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** Body of `PATCH /reports/{projectKey}` and of the password change beyond HTTP 200: not shown. */
export const patchProjectResponseSchema = z.unknown();
export const passwordChangeResponseSchema = z.unknown();
