/** Envelopes and the general input rules: the envelope names, unknown fields, scalars only, bodies without an envelope. */
import { describe } from 'vitest';
import { check } from '../harness/check.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { acceptCase, invalid, rejectCase, rejectValue, WRITES, type InvalidCase } from './field-cases.js';

/** Arrays and objects as values: "Only scalar values are allowed". */
export const SHAPE_INVALID: InvalidCase[] = [
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

export function envelopeChecks(): void {
  describe('envelopes and general input rules', () => {
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
}
