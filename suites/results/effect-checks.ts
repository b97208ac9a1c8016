/**
 * Endpoint rule 8: system temperatures "influence radiator and hydraulic calculation". The
 * contents of `radiators` and `hydraulicBalance` are not shown, so the influence is judged as a
 * difference: the answers for 35/5 and 75/10 (shared with the parameter checks, no extra request)
 * must differ in each of the two members. A member that is empty in both answers (a project
 * without radiators) shows nothing to influence; when both are, RES-25 is not exercised.
 */
import { describe, expect } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { check } from '../harness/check.js';
import { plural } from '../harness/judged-parts.js';
import { needsCalculableOwner } from '../harness/resource-owner.js';
import { calculatedParts, describeQuery, HIGH, LOW, readSharedResults, show } from './support.js';

const isEmpty = (value: unknown) => (Array.isArray(value) ? value.length === 0 : value !== null && typeof value === 'object' && Object.keys(value).length === 0);

export function effectChecks(): void {
  describe('GET /reports/{projectKey}/results: system temperatures take effect', () => {
    check(
      'RES-25',
      `\`radiators\` and \`hydraulicBalance\` must differ between ${describeQuery(LOW)} and ${describeQuery(HIGH)} (each that is not empty in both)`,
      async (t) => {
        const [low, high] = await Promise.all([readSharedResults(t, calculatedParts, 'RES-4', LOW), readSharedResults(t, calculatedParts, 'RES-4', HIGH)]);
        const members = (['radiators', 'hydraulicBalance'] as const).filter((m) => !(isEmpty(low.results[m]) && isEmpty(high.results[m])));
        if (members.length === 0) return t.notExercised('RES-25', 'radiators and hydraulicBalance are empty in both answers: the calculable project shows nothing the system temperatures could influence');
        for (const member of members) {
          expect(
            isDeepStrictEqual(low.results[member], high.results[member]),
            `results.${member} must change with the system temperatures, but ${describeQuery(LOW)} and ${describeQuery(HIGH)} both gave ${show(low.results[member])}`,
          ).toBe(false);
        }
        t.judged('RES-25', members.length, `${plural(members.length, 'member', 'members')} not empty in both answers, compared (${members.join(', ')})`);
      },
      { needs: needsCalculableOwner },
    );
  });
}
