/** Flags: the values stored as "on", those stored as empty, and values that are no flag value. */
import { describe } from 'vitest';
import { acceptCase, invalid, rejectValue, type InvalidCase } from './field-cases.js';
import { describeValue } from './support.js';

const FLAG_FIELDS = {
  projektWaermeerzeugerSolarStatus: { on: 'PROJ-43', off: 'PROJ-44' },
  projektWaermeerzeugerHolzStatus: { on: 'PROJ-51', off: 'PROJ-52' },
} as const;

export const FLAG_INVALID: InvalidCase[] = (Object.keys(FLAG_FIELDS) as (keyof typeof FLAG_FIELDS)[]).flatMap((field) =>
  ['yes', 2, -1, 'an'].map((value) => invalid(['PROJ-69'], field, value, 'not one of the listed flag values')),
);

export function flagChecks(): void {
  describe('flags', () => {
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
}
