/**
 * Properties (fast-check) of the field table: few runs, each run costs requests; no shrinking
 * (every shrink step would be a further request), the counterexample and seed are in the failure
 * message.
 */
import fc from 'fast-check';
import { describe } from 'vitest';
import { check, harnessProjectName } from '../harness/check.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { CODE_FIELDS, codesOf, type CodeField } from './code-field-checks.js';
import { SHARED_NAME, WRITES } from './field-cases.js';
import { NUMBER_FIELD_NAMES, NUMBER_FIELDS, numberRule, type NumberField } from './number-field-checks.js';
import { assertProperty, expectReadBack, expectRejected, NUL, patchAccepted, patchFields, readData } from './support.js';
import { CONTACT_TEXT_FIELDS } from './text-field-checks.js';

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

export function fieldPropertyChecks(): void {
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
}
