/**
 * Values the commands send, each with the model's prediction: valid values with what they must
 * read back as, and invalid ones with the field a 422 must name. Drawn from the spec's field
 * tables through the suites' contract; inputs the spec leaves doubtful (texts with surrounding
 * blanks in project fields, a decimal comma in integer fields, deleting a room's floor) are not sent.
 */
import fc from 'fast-check';
import {
  FLAG_OFF_INPUTS,
  FLAG_ON_INPUTS,
  PASSWORD_LENGTH,
  PROJECT_FIELD_RULES,
  RELEASED_PROJECT_FIELDS,
  type ProjectFieldRule,
  type ReleasedProjectField,
} from '../../spec/contract/projects.js';
import { ROOM_LIMITS } from '../../spec/contract/rooms.js';
import type { Expected, RoomField } from './model.js';

/** A value to send and what it must read back as. */
export interface Valid<F extends string> {
  field: F;
  value: unknown;
  expected: Expected;
}

/** A value the target must refuse with 422 validation, naming `field` when it names one. */
export interface Invalid {
  field: string;
  value: unknown;
  /** The rule that requires the refusal. */
  rule: string;
  why: string;
}

/** Values that differ from run to run, so a read-back cannot pass by an earlier run's leftovers. */
const WORDS = ['Müller', 'Straße', 'Haus Nord', 'Süd', 'Wärme', 'Keller', 'Bad', 'Küche', 'Flur', 'Atelier'] as const;
const word = fc.tuple(fc.constantFrom(...WORDS), fc.integer({ min: 1, max: 9999 })).map(([w, n]) => `${w} ${n}`);

/** A value as JSON number or as numeric text (also with decimal comma where the table allows it). */
function numberForms(n: number, decimalComma: boolean): fc.Arbitrary<unknown> {
  const forms: unknown[] = [n, String(n)];
  if (decimalComma && !Number.isInteger(n)) forms.push(String(n).replace('.', ','));
  return fc.constantFrom(...forms);
}

// -------------------------------------------------------------------------------------------------
// Project fields
// -------------------------------------------------------------------------------------------------

/** The field's table rule, as the read-back rules of the project suite name them. */
function projectValid(field: ReleasedProjectField, rule: ProjectFieldRule, projectName: (suffix: string) => string, postalCodes: readonly string[]): fc.Arbitrary<Valid<ReleasedProjectField>> | undefined {
  // Written values must read back normalized (PROJ-119).
  const to = (expected: Expected): Expected => expected;
  const R = 'PROJ-119';
  const deletion = fc.constantFrom<unknown>('', null).map((value) => ({ field, value, expected: to({ kind: 'empty', rule: R }) }));
  switch (rule.kind) {
    case 'text':
      if (rule.climatePostalCode) {
        return postalCodes.length === 0 ? undefined : fc.constantFrom(...postalCodes).map((code) => ({ field, value: code, expected: to({ kind: 'text', text: code, rule: R }) }));
      }
      // The harness marks every project it names; the other texts also take the number and null forms.
      if (field === 'projektName') return word.map((w) => projectName(w)).map((text) => ({ field, value: text, expected: to({ kind: 'text', text, rule: R }) }));
      return fc.oneof(
        word.map((text) => ({ field, value: text, expected: to({ kind: 'text', text, rule: R }) })),
        fc.integer({ min: 0, max: 99999 }).map((n) => ({ field, value: n, expected: to({ kind: 'text', text: String(n), rule: R }) })),
        fc.constant({ field, value: null, expected: to({ kind: 'empty', rule: R }) }),
      );
    case 'code':
      return fc.oneof(
        fc.constantFrom(...rule.values).chain((code) => numberForms(code, false).map((value) => ({ field, value, expected: to({ kind: 'number', number: code, rule: R }) }))),
        deletion,
      );
    case 'number': {
      const scale = rule.integer ? 1 : 100;
      const n = fc.integer({ min: rule.min * scale, max: rule.max * scale }).map((i) => i / scale);
      return fc.oneof(n.chain((v) => numberForms(v, rule.decimalComma).map((value) => ({ field, value, expected: to({ kind: 'number', number: v, rule: R }) }))), deletion);
    }
    case 'flag':
      return fc.oneof(
        fc.constantFrom<unknown>(...FLAG_ON_INPUTS).map((value) => ({ field, value, expected: to({ kind: 'on', rule: R }) })),
        fc.constantFrom<unknown>(...FLAG_OFF_INPUTS).map((value) => ({ field, value, expected: to({ kind: 'empty', rule: R }) })),
      );
    case 'email':
      return fc.oneof(
        word.map((w) => `${w.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}@example.com`).map((text) => ({ field, value: text, expected: to({ kind: 'text', text, rule: R }) })),
        fc.constant({ field, value: '', expected: to({ kind: 'empty', rule: R }) }),
      );
    case 'contactPostalCode':
      return fc.oneof(
        fc.tuple(fc.integer({ min: 4, max: 5 }), fc.integer({ min: 0, max: 9999 })).map(([digits, n]) => {
          const text = String(n).padStart(digits, '0');
          return { field, value: text, expected: to({ kind: 'digits', text, rule: R }) };
        }),
        deletion,
      );
  }
}

function projectInvalid(field: ReleasedProjectField, rule: ProjectFieldRule, invalidPostalCodes: readonly string[]): Invalid[] {
  const bad = (value: unknown, ruleId: string, why: string): Invalid => ({ field, value, rule: ruleId, why });
  const scalarsOnly = [bad([1], 'PROJ-12', 'an array'), bad({ v: 1 }, 'PROJ-13', 'an object')];
  switch (rule.kind) {
    case 'text':
      if (rule.climatePostalCode) {
        return [...invalidPostalCodes.map((code) => bad(code, 'PROJ-22', 'not in the climate data')), bad('', 'PROJ-23', 'empty'), bad(null, 'PROJ-24', 'null')];
      }
      return [bad('Ein\u0000Name', 'ERR-18', 'a NUL character'), ...scalarsOnly];
    case 'code':
      return [bad(Math.max(...rule.values) + 1, 'ERR-18', 'not a listed code'), bad(0, 'ERR-18', 'not a listed code'), bad(true, 'PROJ-11', 'a boolean'), ...scalarsOnly];
    case 'number':
      return [
        bad(rule.max + 1, 'ERR-18', 'above the maximum'),
        bad(rule.min - 1, 'ERR-18', 'below the minimum'),
        ...(rule.integer ? [bad(rule.min + 0.5, 'ERR-18', 'not an integer')] : []),
        bad('zwölf', 'ERR-18', 'not numeric'),
        bad(true, 'PROJ-11', 'a boolean'),
      ];
    case 'flag':
      return [bad('yes', 'PROJ-69', 'not a listed flag value'), bad(2, 'PROJ-69', 'not a listed flag value')];
    case 'email':
      return [bad('a\u0000b@example.com', 'PROJ-61', 'a NUL character'), ...scalarsOnly];
    case 'contactPostalCode':
      return [bad('123', 'PROJ-65', 'three digits'), bad('123456', 'PROJ-65', 'six digits'), bad('12a45', 'PROJ-65', 'not digits')];
  }
}

export interface ProjectInputs {
  /** One to `max` distinct valid fields. */
  validFields(max: number): fc.Arbitrary<Valid<ReleasedProjectField>[]>;
  /** One invalid value (or an unknown field). */
  invalid: fc.Arbitrary<Invalid>;
  fields: readonly ReleasedProjectField[];
}

export function projectInputs(projectName: (suffix: string) => string, postal: { valid: readonly string[]; invalid: readonly string[] }): ProjectInputs {
  const byField = new Map<ReleasedProjectField, fc.Arbitrary<Valid<ReleasedProjectField>>>();
  for (const field of RELEASED_PROJECT_FIELDS) {
    const arb = projectValid(field, PROJECT_FIELD_RULES[field], projectName, postal.valid);
    if (arb) byField.set(field, arb);
  }
  const fields = [...byField.keys()];
  const invalids = [
    ...RELEASED_PROJECT_FIELDS.flatMap((field) => projectInvalid(field, PROJECT_FIELD_RULES[field], postal.invalid)),
    { field: 'projektFarbe', value: 'blau', rule: 'PROJ-8', why: 'an unknown field' },
  ];
  return {
    fields,
    validFields: (max) =>
      fc
        .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: max })
        .chain((chosen) => fc.tuple(...chosen.map((f) => byField.get(f) as fc.Arbitrary<Valid<ReleasedProjectField>>))),
    invalid: fc.constantFrom(...invalids),
  };
}

// -------------------------------------------------------------------------------------------------
// Room fields
// -------------------------------------------------------------------------------------------------

const decimalRoomValue = (field: 'raumFlaeche' | 'raumHoehe', max: number, rule: string, deletionRule: string) =>
  fc.oneof(
    fc
      .integer({ min: 1, max: max * 100 })
      .map((i) => i / 100)
      .chain((v) => numberForms(v, true).map((value) => ({ field, value, expected: { kind: 'decimalText', number: v, rule } as Expected }))),
    fc.constantFrom<unknown>('', null).map((value) => ({ field, value, expected: { kind: 'empty', rule: deletionRule } as Expected })),
  );

const ROOM_VALID: Record<RoomField, fc.Arbitrary<Valid<RoomField>>> = {
  raumBezeichnung: fc
    .tuple(word, fc.constantFrom('', ' '))
    .map(([text, pad]) => ({ field: 'raumBezeichnung' as const, value: `${pad}${text}${pad}`, expected: { kind: 'name', text: `${pad}${text}${pad}`, rule: 'ROOM-18' } as Expected })),
  raumEtage: fc
    .integer({ min: ROOM_LIMITS.floorMin, max: ROOM_LIMITS.floorMax })
    .chain((floor) => numberForms(floor, false).map((value) => ({ field: 'raumEtage' as const, value, expected: { kind: 'decimalText', number: floor, rule: 'ROOM-19' } as Expected }))),
  raumFlaeche: decimalRoomValue('raumFlaeche', ROOM_LIMITS.areaMax, 'ROOM-22', 'ROOM-23'),
  raumHoehe: decimalRoomValue('raumHoehe', ROOM_LIMITS.heightMax, 'ROOM-25', 'ROOM-26'),
  raumTemperatur: fc
    .constantFrom(...ROOM_LIMITS.temperatures)
    .chain((t) => numberForms(t, false).map((value) => ({ field: 'raumTemperatur' as const, value, expected: { kind: 'jsonNumber', number: t, rule: 'ROOM-28' } as Expected }))),
  raumNotiz: fc.oneof(
    word.map((text) => ({ field: 'raumNotiz' as const, value: text, expected: { kind: 'name', text, rule: 'ROOM-32' } as Expected })),
    fc.constant({ field: 'raumNotiz' as const, value: '', expected: { kind: 'empty', rule: 'ROOM-33' } as Expected }),
  ),
};

const OPTIONAL_ROOM_FIELDS = ['raumEtage', 'raumFlaeche', 'raumHoehe', 'raumTemperatur', 'raumNotiz'] as const;

/** A creation body: the name (required) and one to four more fields. */
export const roomCreation: fc.Arbitrary<Valid<RoomField>[]> = fc
  .tuple(ROOM_VALID.raumBezeichnung, fc.subarray([...OPTIONAL_ROOM_FIELDS], { minLength: 1, maxLength: 4 }))
  .chain(([name, chosen]) => fc.tuple(fc.constant(name), ...chosen.map((f) => ROOM_VALID[f])));

/** A PATCH body: one to three fields. */
export const roomChange: fc.Arbitrary<Valid<RoomField>[]> = fc
  .subarray(['raumBezeichnung', ...OPTIONAL_ROOM_FIELDS] as RoomField[], { minLength: 1, maxLength: 3 })
  .chain((chosen) => fc.tuple(...chosen.map((f) => ROOM_VALID[f])));

const roomBad = (field: string, value: unknown, rule: string, why: string): Invalid => ({ field, value, rule, why });

/** Invalid room values (valid at creation only together with a valid name, which the command adds). */
export const roomInvalid: fc.Arbitrary<Invalid> = fc.constantFrom(
  roomBad('raumBezeichnung', '', 'ROOM-17', 'empty'),
  roomBad('raumBezeichnung', '   ', 'ROOM-17', 'empty after trimming'),
  roomBad('raumBezeichnung', 'x'.repeat(ROOM_LIMITS.nameMax + 1), 'ROOM-18', '121 characters'),
  roomBad('raumEtage', ROOM_LIMITS.floorMax + 1, 'ROOM-19', 'floor 8'),
  roomBad('raumEtage', -1, 'ROOM-19', 'floor -1'),
  roomBad('raumEtage', 1.5, 'ROOM-43', 'not an integer'),
  roomBad('raumFlaeche', 0, 'ROOM-22', 'not greater than 0'),
  roomBad('raumFlaeche', ROOM_LIMITS.areaMax + 1, 'ROOM-22', 'above 100000'),
  roomBad('raumHoehe', 0, 'ROOM-25', 'not greater than 0'),
  roomBad('raumHoehe', ROOM_LIMITS.heightMax + 1, 'ROOM-25', 'above 100'),
  roomBad('raumHoehe', true, 'ROOM-38', 'a boolean'),
  roomBad('raumTemperatur', 15, 'ROOM-28', '15 degrees'),
  roomBad('raumTemperatur', 27, 'ROOM-28', '27 degrees'),
  roomBad('raumNotiz', 'n'.repeat(ROOM_LIMITS.noteMax + 1), 'ROOM-32', '256 characters'),
  roomBad('raumFarbe', 'blau', 'ROOM-37', 'an unknown field'),
);

// -------------------------------------------------------------------------------------------------
// Passwords
// -------------------------------------------------------------------------------------------------

const passwordText = (length: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'), minLength: length, maxLength: length });

/** A valid password: 12 to 40 characters (PROJ-108 covers the bounds). */
export const validPassword = fc.integer({ min: PASSWORD_LENGTH.min, max: 40 }).chain(passwordText);

/** A refused password body, the rule that refuses it, and the password text it carries (if any). */
export const invalidPasswordBody: fc.Arbitrary<{ body: Record<string, unknown>; rule: string; why: string; secret?: string }> = fc.oneof(
  passwordText(PASSWORD_LENGTH.min - 1).map((p) => ({ body: { newPassword: p }, rule: 'PROJ-109', why: '11 characters', secret: p })),
  passwordText(PASSWORD_LENGTH.max + 1).map((p) => ({ body: { newPassword: p }, rule: 'PROJ-110', why: '257 characters', secret: p })),
  fc.constant({ body: {}, rule: 'PROJ-111', why: 'no newPassword' }),
  fc.constant({ body: { newPassword: 123456789012 }, rule: 'PROJ-112', why: 'a number' }),
  passwordText(16).map((p) => ({ body: { newPassword: p, oldPassword: 'x' }, rule: 'PROJ-113', why: 'a further field', secret: p })),
);
