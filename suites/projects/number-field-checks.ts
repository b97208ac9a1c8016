/** Numbers with ranges: the boundaries, numeric text, decimal comma, deletion, and values outside the range. */
import { describe } from 'vitest';
import { PROJECT_FIELD_RULES, type ProjectFieldRule } from '../../spec/contract/projects.js';
import { acceptCase, invalid, rejectValue, type InvalidCase } from './field-cases.js';
import { describeValue } from './support.js';

export type NumberField = 'projektBewohner' | 'projektJahresverbrauch' | 'projektBaujahr' | 'projektKollektorflaecheSolar' | 'projektJahresverbrauchHolz';
type NumberRule = Extract<ProjectFieldRule, { kind: 'number' }>;

export const NUMBER_FIELDS: Record<NumberField, { range: string; strings: string; deletion: string; sample: number }> = {
  projektBewohner: { range: 'PROJ-31', strings: 'PROJ-32', deletion: 'PROJ-33', sample: 4 },
  projektJahresverbrauch: { range: 'PROJ-34', strings: 'PROJ-35', deletion: 'PROJ-36', sample: 18500 },
  projektBaujahr: { range: 'PROJ-37', strings: 'PROJ-38', deletion: 'PROJ-39', sample: 1975 },
  projektKollektorflaecheSolar: { range: 'PROJ-48', strings: 'PROJ-49', deletion: 'PROJ-50', sample: 12 },
  projektJahresverbrauchHolz: { range: 'PROJ-53', strings: 'PROJ-54', deletion: 'PROJ-55', sample: 3000 },
};
export const NUMBER_FIELD_NAMES = Object.keys(NUMBER_FIELDS) as NumberField[];

export function numberRule(field: NumberField): NumberRule {
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
export const NUMBER_INVALID = NUMBER_FIELD_NAMES.flatMap(numberInvalid);

export function numberChecks(): void {
  describe('numbers', () => {
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
}
