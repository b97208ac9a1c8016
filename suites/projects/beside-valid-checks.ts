/**
 * The invalid values of the matrices beside valid ones: a target that drops an invalid field when
 * valid fields come with it, or stores the valid ones of a refused request, fails here.
 */
import { describe } from 'vitest';
import type { ReleasedProjectField } from '../../spec/contract/projects.js';
import { check } from '../harness/check.js';
import { CODE_INVALID } from './code-field-checks.js';
import { SHAPE_INVALID } from './envelope-checks.js';
import { companionOf, expectNothingStored, rejectBesideValid, WRITES, type InvalidCase } from './field-cases.js';
import { FLAG_INVALID } from './flag-checks.js';
import { NUMBER_INVALID } from './number-field-checks.js';
import { PLZ_INVALID } from './postal-code-checks.js';
import { describeValue, invalidPostalCodes, needsPostalCodes } from './support.js';
import { TEXT_INVALID } from './text-field-checks.js';

export function besideValidChecks(): void {
  describe('invalid values beside valid ones', () => {
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
}
