/**
 * Postal codes: `projektPostleitzahl` must exist in the climate data and must not be emptied or
 * cleared; the contact postal code `plz` has four or five digits.
 */
import { describe } from 'vitest';
import { check } from '../harness/check.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { acceptCase, invalid, rejectValue, WRITES, type InvalidCase } from './field-cases.js';
import {
  describeValue,
  expectReadBack,
  expectRejected,
  invalidPostalCodes,
  needsPostalCodes,
  patchAccepted,
  patchFields,
  readData,
  validPostalCodes,
} from './support.js';

export function projectPostalCodeChecks(): void {
  describe('projektPostleitzahl', () => {
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
}

export const PLZ_INVALID: InvalidCase[] = (
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

export function contactPostalCodeChecks(): void {
  describe('plz', () => {
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
}
