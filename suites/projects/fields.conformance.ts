/**
 * The project field table ("Resources and their fields > Project") as validation matrices: every
 * field with its accepted values and their normalized read-back, its rejected values (422) alone
 * and beside a valid value of another field (nothing of a refused request may be stored), its
 * deletion, plus the general input rules (envelopes, unknown fields, scalars only) and fast-check
 * properties for normalization and range boundaries.
 *
 * Every check writes to the project of a leased pool customer (`t.ownerWithProject('own-data-only')`), one PATCH
 * per case, so cases run in parallel over the pool. A check that reads a field back holds the lock
 * of that field of that project (support.ts), so concurrent checks never race on one value.
 */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { PROJECT_FIELD_RULES, type ProjectFieldRule, type ReleasedProjectField } from '../../spec/contract/projects.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import {
  assertProperty,
  describeValue,
  expectReadBack,
  expectRejected,
  invalidPostalCodes,
  marker,
  needsPostalCodes,
  NUL,
  patchAccepted,
  patchFields,
  readData,
  validPostalCodes,
  type Envelope,
  type ReadBack,
} from './support.js';

const WRITES = { writes: true } as const;

/** Name the shared project gets back after a check changed it, so an operator still finds it. */
const SHARED_NAME = harnessProjectName('shared');

// -------------------------------------------------------------------------------------------------
// Case runners
// -------------------------------------------------------------------------------------------------

interface AcceptCase {
  rules: string[];
  title: string;
  field: ReleasedProjectField;
  value: unknown;
  expected: ReadBack;
  /** Sent (and accepted) first, so that the case changes a known value (deletion, flags). */
  before?: unknown;
  /** Sent (and accepted) last, e.g. to give the project its harness name back. */
  after?: unknown;
  envelope?: Envelope;
}

/** PATCH one field on the shared project, then read it back (under the field's lock). */
function acceptCase(c: AcceptCase, needs?: (p: CheckContext['profile']) => string | undefined): void {
  check(
    c.rules,
    c.title,
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      await withLocks(fieldLocks(key, [c.field]), async () => {
        if (c.before !== undefined) await patchAccepted(actor, key, { [c.field]: c.before });
        await patchAccepted(actor, key, { [c.field]: c.value }, c.envelope);
        expectReadBack(await readData(actor, key), c.field, c.expected, c.value);
        if (c.after !== undefined) await patchAccepted(actor, key, { [c.field]: c.after });
      });
    },
    { ...WRITES, ...(needs ? { needs } : {}) },
  );
}

/**
 * PATCH with a body that must give 422 validation. A refused PATCH changes nothing, so no lock is taken: only a faulty target writes here, and then
 * a concurrent read-back may fail too, which is a right verdict on such a target.
 */
function rejectCase(rules: string[], title: string, body: unknown): void {
  check(
    rules,
    title,
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      expectRejected(await actor.patch(`/reports/${key}`, body));
    },
    WRITES,
  );
}

/** A value of one field that the field table refuses, with the rules that refuse it. */
interface InvalidCase {
  rules: string[];
  field: ReleasedProjectField;
  value: unknown;
  why: string;
}

const invalid = (rules: string[], field: ReleasedProjectField, value: unknown, why: string): InvalidCase => ({ rules, field, value, why });

/** The invalid value alone in the envelope. */
function rejectValue(c: InvalidCase): void {
  rejectCase(c.rules, `\`${c.field}\` ${describeValue(c.value)} (${c.why}) must give 422 validation`, { projectData: { [c.field]: c.value } });
}

/**
 * The field a case sends its valid value in: a text field that no invalid case of the other field
 * touches (a target that drops the invalid field and stores the rest shows the valid value).
 */
const companionOf = (field: ReleasedProjectField): ReleasedProjectField => (field === 'bemerkungen' ? 'ort' : 'bemerkungen');

/** One request of a "beside valid" check: its body around the marker sent as the valid value. */
type Refused = { body: (marker: string) => unknown };

/**
 * Requests that each carry a valid value of `companion` (a marker no other request sends) beside
 * something invalid: each must give 422 validation, and afterwards `companion` must hold none of the
 * markers, since a refused request stores nothing.
 * One read-back for all of them: a marker stored by any of the requests would still be there, as
 * the check holds the lock of `companion`, so no other check writes it meanwhile.
 */
async function expectNothingStored(t: CheckContext, companion: ReleasedProjectField, requests: readonly Refused[]): Promise<void> {
  const { actor, key } = await t.ownerWithProject('own-data-only');
  await withLocks(fieldLocks(key, [companion]), async () => {
    const markers: string[] = [];
    for (const request of requests) {
      const sent = `beiseite ${marker()}`;
      markers.push(sent);
      expectRejected(await actor.patch(`/reports/${key}`, request.body(sent)));
    }
    const stored = (await readData(actor, key))[companion];
    expect(markers, `${companion} read back as ${describeValue(stored)}: a refused request must store nothing, also not the valid ${companion} sent in it`).not.toContain(stored);
  });
}

/** Every invalid value of one field, each beside a valid value of its companion field. */
function rejectBesideValid(
  rules: string[],
  title: string,
  field: ReleasedProjectField,
  values: (p: CheckContext['profile']) => unknown[],
  needs?: (p: CheckContext['profile']) => string | undefined,
): void {
  const companion = companionOf(field);
  check(
    rules,
    title,
    (t) => expectNothingStored(t, companion, values(t.profile).map((value) => ({ body: (sent: string) => ({ projectData: { [companion]: sent, [field]: value } }) }))),
    { ...WRITES, ...(needs ? { needs } : {}) },
  );
}

// -------------------------------------------------------------------------------------------------
// Text fields: projektName and the contact texts
// -------------------------------------------------------------------------------------------------

const CONTACT_TEXT_FIELDS = ['anrede', 'vorname', 'name', 'strasse', 'hausnummer', 'ort', 'telefon', 'bemerkungen'] as const;
type TextField = 'projektName' | (typeof CONTACT_TEXT_FIELDS)[number];

const TEXT_RULES: Record<TextField, { accept: string; numberNull: string[]; nul: string }> = {
  projektName: { accept: 'PROJ-17', numberNull: ['PROJ-18', 'PROJ-19'], nul: 'PROJ-20' },
  ...(Object.fromEntries(
    CONTACT_TEXT_FIELDS.map((f) => [f, { accept: 'PROJ-62', numberNull: ['PROJ-63'], nul: 'PROJ-64' }]),
  ) as Record<(typeof CONTACT_TEXT_FIELDS)[number], { accept: string; numberNull: string[]; nul: string }>),
};

const SAMPLE_TEXT: Record<TextField, string> = {
  projektName: harnessProjectName('Grüße – Straße ✓'),
  anrede: 'Frau Dr.',
  vorname: 'Zoë-Marie',
  name: "O'Brien Müller",
  strasse: 'Straße des 17. Juni',
  hausnummer: '12a',
  ort: 'Frankfurt (Oder)',
  telefon: '+49 30 1234-567',
  bemerkungen: 'Zeile 1\nZeile 2: „Anführung“ 🙂',
};

const TEXT_INVALID: InvalidCase[] = [
  ...(['projektName', ...CONTACT_TEXT_FIELDS] as const).map((field) => invalid([TEXT_RULES[field].nul], field, `vor${NUL}nach`, 'contains a NUL character')),
  invalid(['PROJ-11'], 'projektName', true, 'a boolean is not text'),
  invalid(['PROJ-11'], 'ort', false, 'a boolean is not text'),
  invalid(['PROJ-61'], 'email', `a${NUL}@example.org`, 'contains a NUL character'),
  invalid(['PROJ-11'], 'email', true, 'a boolean is not text'),
];

const textFieldChecks = () => describe('text fields', () => {
  for (const field of ['projektName', ...CONTACT_TEXT_FIELDS] as const) {
    const rules = TEXT_RULES[field];
    const restore = field === 'projektName' ? SHARED_NAME : undefined;
    acceptCase({
      rules: [rules.accept, 'PROJ-15', 'PROJ-101', 'PROJ-119'],
      title: `\`${field}\` alone in projectData must be accepted (200) and read back as the same text`,
      field,
      value: SAMPLE_TEXT[field],
      expected: { text: SAMPLE_TEXT[field] },
      after: restore,
    });
    acceptCase({
      rules: [rules.numberNull[0] as string, 'PROJ-119'],
      title: `\`${field}\` sent as the plain number 40117 must be normalized to the text "40117"`,
      field,
      value: 40117,
      expected: { text: '40117' },
      after: restore,
    });
    acceptCase({
      rules: [rules.numberNull[1] ?? (rules.numberNull[0] as string), 'PROJ-119'],
      title: `\`${field}\` sent as null must be normalized to empty text`,
      field,
      before: 'vorher',
      value: null,
      expected: { emptyText: true },
      after: restore,
    });
  }

  acceptCase({
    rules: ['PROJ-59', 'PROJ-119'],
    title: '`email` must accept text and read it back unchanged',
    field: 'email',
    value: 'kontakt+cpf@example.org',
    expected: { text: 'kontakt+cpf@example.org' },
  });
  acceptCase({
    rules: ['PROJ-60'],
    title: '`email` sent as empty string must delete the value',
    field: 'email',
    before: 'alt@example.org',
    value: '',
    expected: { deleted: true },
  });
  for (const c of TEXT_INVALID) rejectValue(c);
});

// -------------------------------------------------------------------------------------------------
// projektPostleitzahl: must exist in the climate data, must not be emptied or cleared
// -------------------------------------------------------------------------------------------------

const projectPostalCodeChecks = () => describe('projektPostleitzahl', () => {
  const needs = needsPostalCodes;
  check(
    'PROJ-21',
    '`projektPostleitzahl` must accept every postal code the profile lists as present in the climate data, read back unchanged',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      await withLocks(fieldLocks(key, ['projektPostleitzahl']), async () => {
        for (const code of validPostalCodes(t.profile)) {
          await patchAccepted(actor, key, { projektPostleitzahl: code });
          expectReadBack(await readData(actor, key), 'projektPostleitzahl', { text: code }, code);
        }
      });
    },
    { ...WRITES, needs },
  );
  check(
    'PROJ-22',
    '`projektPostleitzahl` not present in the climate data (every invalid code of the profile, and "abcde") must give 422 validation',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      await withLocks(fieldLocks(key, ['projektPostleitzahl']), async () => {
        for (const code of [...invalidPostalCodes(t.profile), 'abcde']) {
          expectRejected(await patchFields(actor, key, { projektPostleitzahl: code }));
        }
      });
    },
    { ...WRITES, needs },
  );
  for (const [rule, value, label] of [
    ['PROJ-23', '', 'an empty string'],
    ['PROJ-24', null, 'null'],
  ] as const) {
    check(
      rule,
      `\`projektPostleitzahl\` as ${label} must give 422 validation and the stored postal code must stay`,
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        await withLocks(fieldLocks(key, ['projektPostleitzahl']), async () => {
          const code = validPostalCodes(t.profile)[0] as string;
          await patchAccepted(actor, key, { projektPostleitzahl: code });
          expectRejected(await patchFields(actor, key, { projektPostleitzahl: value }));
          expectReadBack(await readData(actor, key), 'projektPostleitzahl', { text: code });
        });
      },
      { ...WRITES, needs },
    );
  }
});

// -------------------------------------------------------------------------------------------------
// Codes
// -------------------------------------------------------------------------------------------------

type CodeField = 'projektArtHeizung' | 'projektAlterHeizung' | 'projektTrinkwasser' | 'projektWaermeerzeugerSolarArt' | 'projektWaermeerzeugerHolzArt';

const CODE_FIELDS: Record<CodeField, { range: string; forms: string; deletion: string; invalid: [unknown, string][] }> = {
  projektArtHeizung: {
    range: 'PROJ-25',
    forms: 'PROJ-26',
    deletion: 'PROJ-27',
    invalid: [
      [0, 'below the codes'],
      [7, 'above the codes'],
      ['7', 'numeric string of a code outside 1 to 6'],
      [1.5, 'not a code'],
      ['abc', 'not numeric'],
    ],
  },
  projektAlterHeizung: {
    range: 'PROJ-28',
    forms: 'PROJ-29',
    deletion: 'PROJ-30',
    invalid: [
      [0, 'below the codes'],
      [4, 'above the codes'],
      ['4', 'numeric string of a code outside 1 to 3'],
      [2.5, 'not a code'],
    ],
  },
  projektTrinkwasser: {
    range: 'PROJ-40',
    forms: 'PROJ-41',
    deletion: 'PROJ-42',
    invalid: [
      [0, 'below the codes'],
      [4, 'above the codes'],
      ['x', 'not numeric'],
    ],
  },
  projektWaermeerzeugerSolarArt: {
    range: 'PROJ-45',
    forms: 'PROJ-46',
    deletion: 'PROJ-47',
    invalid: [
      [0, 'below the codes'],
      [3, 'above the codes'],
      ['3', 'numeric string of a code outside 1 and 2'],
    ],
  },
  projektWaermeerzeugerHolzArt: {
    range: 'PROJ-56',
    forms: 'PROJ-57',
    deletion: 'PROJ-58',
    invalid: [
      [1, 'not in the set'],
      [1600, 'between two codes'],
      [1499, 'below the smallest code'],
      [2202, 'above the largest code'],
      ['2100', 'numeric string outside the set'],
      [1500.5, 'not a code'],
    ],
  },
};

function codesOf(field: CodeField): readonly number[] {
  const rule = PROJECT_FIELD_RULES[field];
  if (rule.kind !== 'code') throw new Error(`${field} is not a code field`);
  return rule.values;
}

const CODE_INVALID: InvalidCase[] = (Object.entries(CODE_FIELDS) as [CodeField, (typeof CODE_FIELDS)[CodeField]][]).flatMap(([field, rules]) => [
  ...rules.invalid.map(([value, why]) => invalid([rules.range], field, value, why)),
  invalid(['PROJ-11'], field, true, 'a boolean is a wrong type for a code'),
]);

const codeChecks = () => describe('codes', () => {
  for (const [field, rules] of Object.entries(CODE_FIELDS) as [CodeField, (typeof CODE_FIELDS)[CodeField]][]) {
    const codes = codesOf(field);
    for (const code of codes) {
      acceptCase({
        rules: [rules.range, rules.forms, 'PROJ-119'],
        title: `\`${field}\` must accept the code ${code} as a JSON number and read it back as ${code}`,
        field,
        value: code,
        expected: { number: code },
      });
    }
    for (const code of [codes[0] as number, codes[codes.length - 1] as number]) {
      acceptCase({
        rules: [rules.forms, 'PROJ-119'],
        title: `\`${field}\` must accept the code ${code} as the numeric string "${code}" and read it back as ${code}`,
        field,
        value: String(code),
        expected: { number: code },
      });
    }
    for (const value of ['', null]) {
      acceptCase({
        rules: [rules.deletion],
        title: `\`${field}\` sent as ${describeValue(value)} must delete the value`,
        field,
        before: codes[0],
        value,
        expected: { deleted: true },
      });
    }
  }
  for (const c of CODE_INVALID) rejectValue(c);
});

// -------------------------------------------------------------------------------------------------
// Numbers with ranges
// -------------------------------------------------------------------------------------------------

type NumberField = 'projektBewohner' | 'projektJahresverbrauch' | 'projektBaujahr' | 'projektKollektorflaecheSolar' | 'projektJahresverbrauchHolz';
type NumberRule = Extract<ProjectFieldRule, { kind: 'number' }>;

const NUMBER_FIELDS: Record<NumberField, { range: string; strings: string; deletion: string; sample: number }> = {
  projektBewohner: { range: 'PROJ-31', strings: 'PROJ-32', deletion: 'PROJ-33', sample: 4 },
  projektJahresverbrauch: { range: 'PROJ-34', strings: 'PROJ-35', deletion: 'PROJ-36', sample: 18500 },
  projektBaujahr: { range: 'PROJ-37', strings: 'PROJ-38', deletion: 'PROJ-39', sample: 1975 },
  projektKollektorflaecheSolar: { range: 'PROJ-48', strings: 'PROJ-49', deletion: 'PROJ-50', sample: 12 },
  projektJahresverbrauchHolz: { range: 'PROJ-53', strings: 'PROJ-54', deletion: 'PROJ-55', sample: 3000 },
};
const NUMBER_FIELD_NAMES = Object.keys(NUMBER_FIELDS) as NumberField[];

function numberRule(field: NumberField): NumberRule {
  const rule = PROJECT_FIELD_RULES[field];
  if (rule.kind !== 'number') throw new Error(`${field} is not a number field`);
  return rule;
}

/** Outside the range, non-integers, garbage, wrong type. */
function numberInvalid(field: NumberField): InvalidCase[] {
  const ids = NUMBER_FIELDS[field];
  const rule = numberRule(field);
  const step = rule.integer ? 1 : 0.5;
  return [
    invalid([ids.range], field, rule.min - step, `below the minimum ${rule.min}`),
    invalid([ids.range], field, rule.max + step, `above the maximum ${rule.max}`),
    ...(rule.integer ? [] : [invalid([ids.range], field, rule.max + 1, `above the maximum ${rule.max}`)]),
    invalid([ids.strings, ids.range], field, String(rule.max + 1), `numeric string above the maximum ${rule.max}`),
    ...(rule.integer
      ? [
          invalid([ids.range], field, rule.min + 2.5, 'not an integer'),
          invalid([ids.strings, ids.range], field, `${rule.min + 2}.5`, 'numeric string that is not an integer'),
          ...(rule.decimalComma ? [invalid([ids.strings, ids.range], field, `${rule.min + 2},5`, 'decimal comma, not an integer')] : []),
        ]
      : []),
    ...(rule.decimalComma ? [invalid([ids.strings, ids.range], field, `${rule.max},5`, 'decimal comma above the maximum')] : []),
    invalid([ids.range], field, 'abc', 'not numeric'),
    invalid([ids.range], field, '12abc', 'not numeric'),
    invalid(['PROJ-11'], field, true, 'a boolean is a wrong type for a number'),
  ];
}
const NUMBER_INVALID = NUMBER_FIELD_NAMES.flatMap(numberInvalid);

const numberChecks = () => describe('numbers', () => {
  for (const field of NUMBER_FIELD_NAMES) {
    const ids = NUMBER_FIELDS[field];
    const rule = numberRule(field);
    const range = `${rule.min} to ${rule.max}`;
    // Boundaries of the range (JSON numbers).
    for (const [value, label] of [
      [rule.min, 'minimum'],
      [rule.max, 'maximum'],
    ] as const) {
      acceptCase({
        rules: [ids.range, 'PROJ-119'],
        title: `\`${field}\` ${value} (the ${label} of ${range}) must be accepted and read back as ${value}`,
        field,
        value,
        expected: { number: value },
      });
    }
    // Numeric strings.
    acceptCase({
      rules: [ids.strings, 'PROJ-119'],
      title: `\`${field}\` as the numeric string "${ids.sample}" must be accepted and read back as ${ids.sample}`,
      field,
      value: String(ids.sample),
      expected: { number: ids.sample },
    });
    acceptCase({
      rules: [ids.strings, ids.range, 'PROJ-119'],
      title: `\`${field}\` as the numeric string "${rule.max}" (the maximum) must be accepted and read back as ${rule.max}`,
      field,
      value: String(rule.max),
      expected: { number: rule.max },
    });
    if (!rule.integer) {
      acceptCase({
        rules: [ids.range, 'PROJ-119'],
        title: `\`${field}\` 12.5 (a number with fraction) must be accepted and read back as 12.5`,
        field,
        value: 12.5,
        expected: { number: 12.5 },
      });
      acceptCase({
        rules: [ids.strings, 'PROJ-119'],
        title: `\`${field}\` as the numeric string "12.5" must be accepted and read back as 12.5`,
        field,
        value: '12.5',
        expected: { number: 12.5 },
      });
    }
    if (rule.decimalComma) {
      const [sent, value] = rule.integer ? ['12,0', 12] : ['1234,5', 1234.5];
      acceptCase({
        rules: [ids.strings, 'PROJ-119'],
        title: `\`${field}\` with decimal comma "${sent}" must be accepted and read back as the number ${value}`,
        field,
        value: sent,
        expected: { number: value },
      });
    }
    // Deletion.
    for (const value of ['', null]) {
      acceptCase({
        rules: [ids.deletion],
        title: `\`${field}\` sent as ${describeValue(value)} must delete the value`,
        field,
        before: ids.sample,
        value,
        expected: { deleted: true },
      });
    }
  }
  for (const c of NUMBER_INVALID) rejectValue(c);
});

// -------------------------------------------------------------------------------------------------
// Flags
// -------------------------------------------------------------------------------------------------

const FLAG_FIELDS = {
  projektWaermeerzeugerSolarStatus: { on: 'PROJ-43', off: 'PROJ-44' },
  projektWaermeerzeugerHolzStatus: { on: 'PROJ-51', off: 'PROJ-52' },
} as const;

const FLAG_INVALID: InvalidCase[] = (Object.keys(FLAG_FIELDS) as (keyof typeof FLAG_FIELDS)[]).flatMap((field) =>
  ['yes', 2, -1, 'an'].map((value) => invalid(['PROJ-69'], field, value, 'not one of the listed flag values')),
);

const flagChecks = () => describe('flags', () => {
  for (const [field, ids] of Object.entries(FLAG_FIELDS) as [keyof typeof FLAG_FIELDS, (typeof FLAG_FIELDS)[keyof typeof FLAG_FIELDS]][]) {
    for (const value of [true, 'on', 1]) {
      acceptCase({
        rules: [ids.on, 'PROJ-119'],
        title: `\`${field}\` sent as ${describeValue(value)} must be stored as "on"`,
        field,
        before: '',
        value,
        expected: { on: true },
      });
    }
    for (const value of [false, 'off', 0, '', null]) {
      acceptCase({
        rules: [ids.off, 'PROJ-119'],
        title: `\`${field}\` sent as ${describeValue(value)} (after "on") must be stored as empty`,
        field,
        before: 'on',
        value,
        expected: { deleted: true },
      });
    }
  }
  for (const c of FLAG_INVALID) rejectValue(c);
});

// -------------------------------------------------------------------------------------------------
// plz (contact postal code)
// -------------------------------------------------------------------------------------------------

const PLZ_INVALID: InvalidCase[] = (
  [
    ['123', 'three digits'],
    ['123456', 'six digits'],
    ['12a45', 'not only digits'],
    ['abcd', 'letters'],
    ['12 34', 'contains a space'],
    [123, 'a number with three digits'],
    [123456, 'a number with six digits'],
    [true, 'a boolean'],
  ] as const
).map(([value, why]) => invalid(['PROJ-65'], 'plz', value, why));

const contactPostalCodeChecks = () => describe('plz', () => {
  for (const [value, rules] of [
    ['01234', ['PROJ-65', 'PROJ-66']],
    ['0815', ['PROJ-65', 'PROJ-66']],
    ['1234', ['PROJ-65']],
    ['98765', ['PROJ-65']],
  ] as const) {
    acceptCase({
      rules: [...rules, 'PROJ-119'],
      title: `\`plz\` "${value}" (${value.length} digits) must be accepted and read back as "${value}"${value.startsWith('0') ? ' with its leading zero' : ''}`,
      field: 'plz',
      value,
      expected: { digits: value },
    });
  }
  acceptCase({
    rules: ['PROJ-65', 'PROJ-119'],
    title: '`plz` sent as the JSON number 12345 must be accepted and read back as 12345',
    field: 'plz',
    value: 12345,
    expected: { digits: '12345' },
  });
  for (const c of PLZ_INVALID) rejectValue(c);
  for (const value of ['', null]) {
    acceptCase({
      rules: ['PROJ-67'],
      title: `\`plz\` sent as ${describeValue(value)} must delete the value`,
      field: 'plz',
      before: '12345',
      value,
      expected: { deleted: true },
    });
  }
});

// -------------------------------------------------------------------------------------------------
// Envelopes and general input rules
// -------------------------------------------------------------------------------------------------

/** Arrays and objects as values: "Only scalar values are allowed". */
const SHAPE_INVALID: InvalidCase[] = [
  ...(
    [
      ['projektName', ['a']],
      ['ort', []],
      ['projektArtHeizung', [1]],
      ['projektBewohner', [4]],
      ['projektWaermeerzeugerSolarStatus', [true]],
      ['plz', ['12345']],
    ] as const
  ).map(([field, value]) => invalid(['PROJ-12'], field, value, 'an array')),
  ...(
    [
      ['projektName', {}],
      ['email', { address: 'a@example.org' }],
      ['projektArtHeizung', { code: 1 }],
      ['projektBaujahr', { value: 1975 }],
      ['projektWaermeerzeugerHolzStatus', { on: true }],
    ] as const
  ).map(([field, value]) => invalid(['PROJ-13'], field, value, 'an object')),
];

const envelopeChecks = () => describe('envelopes and general input rules', () => {
  for (const envelope of ['projectData', 'projektData'] as const) {
    const text = `Umschlag ${envelope}`;
    acceptCase({
      rules: [envelope === 'projectData' ? 'PROJ-5' : 'PROJ-6', 'PROJ-101'],
      title: `PATCH must accept project data in the envelope \`${envelope}\` (200) and store it`,
      field: 'bemerkungen',
      value: text,
      expected: { text },
      envelope,
    });
  }
  rejectCase(['PROJ-7'], 'PATCH with both `projectData` and `projektData` must give 422 validation', { projectData: { ort: 'Aachen' }, projektData: { ort: 'Bonn' } });
  rejectCase(['PROJ-7'], 'PATCH with both envelopes carrying the same data must give 422 validation', { projectData: { ort: 'Aachen' }, projektData: { ort: 'Aachen' } });
  rejectCase(['PROJ-8'], 'an unknown field next to a valid field inside the envelope must give 422 validation', { projectData: { ort: 'Celle', projektFarbe: 'blau' } });
  rejectCase(['PROJ-8'], 'an unknown field alone inside the envelope must give 422 validation', { projectData: { unbekanntesFeld: 'x' } });
  rejectCase(['PROJ-8'], 'a released field name in other case (`ProjektName`) must give 422 validation as an unknown field', { projectData: { ProjektName: 'x' } });
  rejectCase(['PROJ-8'], 'an internal-looking field (`passwort`) inside the envelope must give 422 validation', { projectData: { ort: 'Celle', passwort: 'geheim123456' } });
  rejectCase(['PROJ-9', 'PROJ-104'], 'PATCH with the body {} (no envelope) must give 422 validation', {});
  rejectCase(['PROJ-9'], 'PATCH with project fields at the top level instead of an envelope must give 422 validation', { ort: 'Dessau' });
  rejectCase(['PROJ-9', 'PROJ-10'], 'PATCH with a misspelled envelope (`projectdata`) must give 422 validation', { projectdata: { ort: 'Dessau' } });
  rejectCase(['PROJ-10'], 'an unknown top-level field next to the envelope must give 422 validation', { projectData: { ort: 'Essen' }, extra: 1 });
  rejectCase(['PROJ-14'], 'an empty `projectData` envelope must give 422 validation', { projectData: {} });
  rejectCase(['PROJ-14'], 'an empty `projektData` envelope must give 422 validation', { projektData: {} });
  for (const [value, label] of [
    ['Projekt', 'a string'],
    [[], 'an empty array'],
    [[{ ort: 'Fulda' }], 'an array of objects'],
    [5, 'a number'],
    [true, 'a boolean'],
    [null, 'null'],
  ] as const) {
    rejectCase(['PROJ-16'], `an envelope that is ${label} must give 422 validation`, { projectData: value });
  }
  for (const c of SHAPE_INVALID) rejectValue(c);
  check(
    ['PROJ-104'],
    'PATCH without a body (Content-Type application/json) must be refused with a validation error',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      const res = await actor.patch(`/reports/${key}`, undefined, { headers: { 'content-type': 'application/json' } });
      expectStatus(res, [400, 422]);
      expectError(res, res.status, 'validation');
    },
    WRITES,
  );
});

// -------------------------------------------------------------------------------------------------
// Properties (fast-check): few runs, each run costs requests; no shrinking (every shrink step would
// be a further request), the counterexample and seed are in the failure message.
// -------------------------------------------------------------------------------------------------

/** A value inside the field's range, sent as JSON number, numeric string or (where allowed) with decimal comma. */
function inRange(field: NumberField): fc.Arbitrary<{ sent: number | string; value: number }> {
  const rule = numberRule(field);
  const scale = rule.integer ? 1 : 100;
  return fc.integer({ min: rule.min * scale, max: rule.max * scale }).chain((units) => {
    const value = units / scale;
    const forms: fc.Arbitrary<number | string>[] = [fc.constant(value), fc.constant(String(value))];
    if (rule.decimalComma) forms.push(fc.constant(String(value).replace('.', ',')));
    return fc.oneof(...forms).map((sent) => ({ sent, value }));
  });
}

/** A value outside the field's range (or a non-integer for integer fields), as number or numeric string. */
function outOfRange(field: NumberField): fc.Arbitrary<number | string> {
  const rule = numberRule(field);
  const scale = rule.integer ? 1 : 100;
  const distance = fc.integer({ min: 1, max: 1_000_000 }).map((k) => k / scale);
  const values = [distance.map((d) => rule.min - d), distance.map((d) => rule.max + d)];
  if (rule.integer) values.push(fc.integer({ min: rule.min, max: rule.max - 1 }).map((n) => n + 0.5));
  return fc.oneof(...values).chain((n) => fc.constantFrom<number | string>(n, String(n)));
}

/** Printable text the spec clearly calls valid: no NUL or other control characters, no outer whitespace, NFC. */
const plainText = fc
  .string({ unit: 'grapheme-composite', minLength: 1, maxLength: 24 })
  .filter((s) => s === s.trim() && s === s.normalize('NFC') && ![...s].some((c) => (c.codePointAt(0) as number) < 0x20 || ((c.codePointAt(0) as number) >= 0x7f && (c.codePointAt(0) as number) <= 0x9f)));

/**
 * Runs cost requests, so each property has few runs and the properties are split per field: they
 * run in parallel over the pool instead of as one long chain of requests on a single customer.
 */
const ROUND_TRIP_RUNS = 6;
const REJECT_RUNS = 8;

describe('properties', () => {
  for (const field of NUMBER_FIELD_NAMES) {
    const ids = NUMBER_FIELDS[field];
    const rule = numberRule(field);
    check(
      [ids.range, ids.strings, 'PROJ-119'],
      `property: any \`${field}\` in ${rule.min} to ${rule.max}${rule.integer ? ' (integer)' : ''}, sent as number, numeric string${rule.decimalComma ? ' or with decimal comma' : ''}, is accepted and read back as the same number`,
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: 2 * ROUND_TRIP_RUNS });
        await assertProperty(
          fc.asyncProperty(inRange(field), async ({ sent, value }) => {
            await withLocks(fieldLocks(key, [field]), async () => {
              await patchAccepted(actor, key, { [field]: sent });
              expectReadBack(await readData(actor, key), field, { number: value }, sent);
            });
          }),
          ROUND_TRIP_RUNS,
        );
      },
      WRITES,
    );
    check(
      [ids.range],
      `property: any \`${field}\` outside ${rule.min} to ${rule.max}${rule.integer ? ' or not an integer' : ''}, as number or numeric string, gives 422 validation`,
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: REJECT_RUNS });
        await assertProperty(
          fc.asyncProperty(outOfRange(field), async (value) => {
            expectRejected(await patchFields(actor, key, { [field]: value }));
          }),
          REJECT_RUNS,
        );
      },
      WRITES,
    );
  }

  const CODE_FIELD_NAMES = Object.keys(CODE_FIELDS) as CodeField[];
  check(
    [...CODE_FIELD_NAMES.flatMap((f) => [CODE_FIELDS[f].range, CODE_FIELDS[f].forms]), 'PROJ-119'],
    'property: any combination of valid codes of the five code fields, each sent as number or numeric string, is accepted and read back as the same codes',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: 2 * ROUND_TRIP_RUNS });
      const record = fc.record(
        Object.fromEntries(
          CODE_FIELD_NAMES.map((f) => [f, fc.constantFrom(...codesOf(f)).chain((code) => fc.constantFrom<number | string>(code, String(code)))]),
        ) as Record<CodeField, fc.Arbitrary<number | string>>,
      );
      await assertProperty(
        fc.asyncProperty(record, async (values) => {
          await withLocks(fieldLocks(key, CODE_FIELD_NAMES), async () => {
            await patchAccepted(actor, key, values);
            const data = await readData(actor, key);
            for (const f of CODE_FIELD_NAMES) expectReadBack(data, f, { number: Number(values[f]) }, values[f]);
          });
        }),
        ROUND_TRIP_RUNS,
      );
    },
    WRITES,
  );

  for (const field of CODE_FIELD_NAMES) {
    const codes = codesOf(field);
    check(
      [CODE_FIELDS[field].range],
      `property: any integer that is not one of the codes ${codes.join(', ')} of \`${field}\`, as number or numeric string, gives 422 validation`,
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: REJECT_RUNS });
        const value = fc
          .integer({ min: -100, max: 3000 })
          .filter((n) => !codes.includes(n))
          .chain((n) => fc.constantFrom<number | string>(n, String(n)));
        await assertProperty(
          fc.asyncProperty(value, async (v) => {
            expectRejected(await patchFields(actor, key, { [field]: v }));
          }),
          REJECT_RUNS,
        );
      },
      WRITES,
    );
  }

  check(
    ['PROJ-62', 'PROJ-63', 'PROJ-119'],
    'property: texts and plain numbers sent to the eight contact text fields together are read back as the text (numbers normalized to their text)',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: 2 * ROUND_TRIP_RUNS });
      const value = fc.oneof(
        plainText.map((s) => ({ sent: s as string | number, text: s })),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((n) => ({ sent: n as string | number, text: String(n) })),
      );
      const record = fc.record(Object.fromEntries(CONTACT_TEXT_FIELDS.map((f) => [f, value])) as Record<(typeof CONTACT_TEXT_FIELDS)[number], typeof value>);
      await assertProperty(
        fc.asyncProperty(record, async (values) => {
          await withLocks(fieldLocks(key, CONTACT_TEXT_FIELDS), async () => {
            await patchAccepted(actor, key, Object.fromEntries(CONTACT_TEXT_FIELDS.map((f) => [f, values[f].sent])));
            const data = await readData(actor, key);
            for (const f of CONTACT_TEXT_FIELDS) expectReadBack(data, f, { text: values[f].text }, values[f].sent);
          });
        }),
        ROUND_TRIP_RUNS,
      );
    },
    WRITES,
  );

  check(
    ['PROJ-17', 'PROJ-119'],
    'property: any text sent as `projektName` is read back unchanged',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: 2 * ROUND_TRIP_RUNS });
      await assertProperty(
        fc.asyncProperty(plainText, async (text) => {
          const name = harnessProjectName(text);
          await withLocks(fieldLocks(key, ['projektName']), async () => {
            await patchAccepted(actor, key, { projektName: name });
            expectReadBack(await readData(actor, key), 'projektName', { text: name }, name);
          });
        }),
        ROUND_TRIP_RUNS,
      );
      await withLocks(fieldLocks(key, ['projektName']), () => patchAccepted(actor, key, { projektName: SHARED_NAME }));
    },
    WRITES,
  );

  check(
    ['PROJ-20', 'PROJ-61', 'PROJ-64'],
    'property: any text containing a NUL character, in any text field, gives 422 validation',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: REJECT_RUNS });
      const fields = ['projektName', 'email', ...CONTACT_TEXT_FIELDS] as const;
      const sample = fc.record({
        field: fc.constantFrom(...fields),
        value: fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}${NUL}${b}`),
      });
      await assertProperty(
        fc.asyncProperty(sample, async ({ field, value }) => {
          expectRejected(await patchFields(actor, key, { [field]: value }));
        }),
        REJECT_RUNS,
      );
    },
    WRITES,
  );

  check(
    ['PROJ-65', 'PROJ-66', 'PROJ-119'],
    'property: any `plz` of 4 or 5 digits sent as string is accepted and read back unchanged, leading zeros kept',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: 2 * ROUND_TRIP_RUNS });
      await assertProperty(
        fc.asyncProperty(fc.stringMatching(/^\d{4,5}$/), async (plz) => {
          await withLocks(fieldLocks(key, ['plz']), async () => {
            await patchAccepted(actor, key, { plz });
            expectReadBack(await readData(actor, key), 'plz', { digits: plz }, plz);
          });
        }),
        ROUND_TRIP_RUNS,
      );
    },
    WRITES,
  );

  check(
    ['PROJ-65'],
    'property: any `plz` with fewer than 4 or more than 5 digits, or with a non-digit, gives 422 validation',
    async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only', { expectedRequests: REJECT_RUNS });
      const invalid = fc.oneof(fc.stringMatching(/^\d{1,3}$/), fc.stringMatching(/^\d{6,9}$/), fc.stringMatching(/^\d{0,3}[^0-9]\d{0,3}$/));
      await assertProperty(
        fc.asyncProperty(invalid, async (plz) => {
          expectRejected(await patchFields(actor, key, { plz }));
        }),
        REJECT_RUNS,
      );
    },
    WRITES,
  );
});

// -------------------------------------------------------------------------------------------------
// The invalid values of the matrices beside valid ones: a target that drops an invalid field when
// valid fields come with it, or stores the valid ones of a refused request, fails here.
// -------------------------------------------------------------------------------------------------

const besideValidChecks = () => describe('invalid values beside valid ones', () => {
  const byField = new Map<ReleasedProjectField, InvalidCase[]>();
  for (const c of [...TEXT_INVALID, ...CODE_INVALID, ...NUMBER_INVALID, ...FLAG_INVALID, ...PLZ_INVALID, ...SHAPE_INVALID]) {
    byField.set(c.field, [...(byField.get(c.field) ?? []), c]);
  }
  for (const [field, cases] of byField) {
    rejectBesideValid(
      [...new Set(cases.flatMap((c) => c.rules))],
      `each invalid \`${field}\` of the matrix (${cases.map((c) => describeValue(c.value)).join(', ')}) sent beside a valid \`${companionOf(field)}\` must give 422 validation, and nothing of these requests may be stored`,
      field,
      () => cases.map((c) => c.value),
    );
  }
  rejectBesideValid(
    ['PROJ-22', 'PROJ-23', 'PROJ-24'],
    '`projektPostleitzahl` not in the climate data (the profile\'s invalid codes, "abcde"), empty or null, sent beside a valid `bemerkungen`, must give 422 validation, and nothing of these requests may be stored',
    'projektPostleitzahl',
    (p) => [...invalidPostalCodes(p), 'abcde', '', null],
    needsPostalCodes,
  );
  check(
    ['PROJ-7', 'PROJ-8', 'PROJ-10'],
    'an unknown field, an internal field (`passwort`), the second envelope and an unknown top-level field, each beside a valid `bemerkungen`, must give 422 validation, and nothing of these requests may be stored',
    (t) =>
      expectNothingStored(t, 'bemerkungen', [
        { body: (sent) => ({ projectData: { bemerkungen: sent, projektFarbe: 'blau' } }) },
        { body: (sent) => ({ projectData: { bemerkungen: sent, passwort: 'geheim123456' } }) },
        { body: (sent) => ({ projectData: { bemerkungen: sent }, projektData: { bemerkungen: sent } }) },
        { body: (sent) => ({ projectData: { bemerkungen: sent }, extra: 1 }) },
      ]),
    WRITES,
  );
});

// The long checks are registered first so they start first (the properties, then the requests
// beside valid values, one chain per field); the matrices fill the pool around them.
besideValidChecks();
textFieldChecks();
projectPostalCodeChecks();
codeChecks();
numberChecks();
flagChecks();
contactPostalCodeChecks();
envelopeChecks();
