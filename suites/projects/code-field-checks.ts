/** The code fields: every code as number and numeric text, deletion, and values outside the codes. */
import { describe } from 'vitest';
import { PROJECT_FIELD_RULES } from '../../spec/contract/projects.js';
import { acceptCase, invalid, rejectValue, type InvalidCase } from './field-cases.js';
import { describeValue } from './support.js';

export type CodeField = 'projektArtHeizung' | 'projektAlterHeizung' | 'projektTrinkwasser' | 'projektWaermeerzeugerSolarArt' | 'projektWaermeerzeugerHolzArt';

export const CODE_FIELDS: Record<CodeField, { range: string; forms: string; deletion: string; invalid: [unknown, string][] }> = {
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

export function codesOf(field: CodeField): readonly number[] {
  const rule = PROJECT_FIELD_RULES[field];
  if (rule.kind !== 'code') throw new Error(`${field} is not a code field`);
  return rule.values;
}

export const CODE_INVALID: InvalidCase[] = (Object.entries(CODE_FIELDS) as [CodeField, (typeof CODE_FIELDS)[CodeField]][]).flatMap(([field, rules]) => [
  ...rules.invalid.map(([value, why]) => invalid([rules.range], field, value, why)),
  invalid(['PROJ-11'], field, true, 'a boolean is a wrong type for a code'),
]);

export function codeChecks(): void {
  describe('codes', () => {
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
}
