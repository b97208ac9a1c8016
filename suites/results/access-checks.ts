/**
 * Who gets results (endpoint rule 8, Authentication 6-8, "Errors"): 422 calculation_unavailable for
 * incomplete data, 403 authorization outside the license radius and without an active license, 404
 * for foreign and non-existent projects.
 */
import { describe } from 'vitest';
import { calculationUnavailableErrorSchema } from '../../spec/contract/error-envelope.js';
import { check } from '../harness/check.js';
import { expectError, expectSchema } from '../harness/expect-api.js';
import {
  calculableKey,
  expectAuthorizationUnless,
  needsExpiredUnlockedProject,
  needsForeignProject,
  needsIncomplete,
  needsLockedProject,
  needsOutsideRadius,
  OTHER_ORDER,
  primaryKey,
  resultsPath,
} from './support.js';
import { absentProjectKey } from '../harness/absent-key.js';

/** Registers the checks (called by results.test.ts, so that all results checks run concurrently in one file). */
export function accessChecks(): void {
  describe('GET /reports/{projectKey}/results: availability and access', () => {
    check(
      'RES-17',
      'results of the project with incomplete data answer 422 with details.type calculation_unavailable and details.calculationStatus unavailable',
      async (t) => {
        const res = await t.as('primary').get(resultsPath(primaryKey(t.profile, 'incomplete')));
        expectError(res, 422, 'calculation_unavailable');
        expectSchema(res, calculationUnavailableErrorSchema, 'calculation_unavailable error');
        t.judged('RES-17', undefined, `the results of the incomplete project ${primaryKey(t.profile, 'incomplete')} (422 calculation_unavailable)`);
      },
      { needs: needsIncomplete },
    );

    check(
      'RES-29',
      'results of an own project outside the license radius answer 403 authorization',
      async (t) => {
        const key = primaryKey(t.profile, 'outsideRadius');
        expectAuthorizationUnless(t, await t.as('primary').get(resultsPath(key)), OTHER_ORDER.notCalculable(`the project outside the radius ${key}`));
        t.judged('RES-29', undefined, `the results of project ${key} outside the radius (403 authorization)`);
      },
      { needs: needsOutsideRadius },
    );

    check(
      'RES-30',
      'results requested by a locked customer without license answer 403 authorization',
      async (t) => {
        const own = t.profile.resources?.lockedCalculableKey;
        // Endpoint rule 8: "the same project, license and radius checks as the pdf endpoint (403 when
        // missing)". Its own project, complete and inside the radius, fails the license check alone,
        // whichever check comes first: 403.
        if (own) {
          expectError(await t.as('locked').get(resultsPath(own)), 403, 'authorization');
          t.judged('RES-30', undefined, `the results of its own calculable project ${own} as the locked customer (403 authorization)`);
          return;
        }
        // Without it the key is one it does not own (the primary customer's calculable project): 403
        // ("license ... missing") or 404 ("owned by another customer"), and only 403 shows the license check.
        expectAuthorizationUnless(t, await t.as('locked').get(resultsPath(calculableKey(t.profile))), OTHER_ORDER.notOwn);
        t.judged('RES-30', undefined, `the results of project ${calculableKey(t.profile)} as the locked customer (403 authorization)`);
      },
      { needs: needsLockedProject },
    );

    check(
      'RES-31',
      'results of an own project of an unlocked customer whose license has expired answer 403 authorization (reading stays allowed, calculating does not)',
      async (t) => {
        const calculable = t.profile.resources?.expiredUnlockedCalculableKey;
        // Endpoint rule 8: "the same project, license and radius checks as the pdf endpoint (403 when
        // missing)"; Authentication 7: "results and PDFs have extra project, license, radius and
        // function checks". Complete data inside the radius leaves the expired license as the one check
        // to fail, whichever comes first: 403.
        if (calculable) {
          expectError(await t.as('expiredUnlocked').get(resultsPath(calculable)), 403, 'authorization');
          t.judged('RES-31', undefined, `the results of its own calculable project ${calculable} as the expired customer (403 authorization)`);
          return;
        }
        const key = t.profile.resources?.expiredUnlockedProjectKey as string;
        expectAuthorizationUnless(
          t,
          await t.as('expiredUnlocked').get(resultsPath(key)),
          OTHER_ORDER.notCalculable(`the expired customer's project ${key}`, 'resources.expiredUnlockedCalculableKey'),
        );
        t.judged('RES-31', undefined, `the results of its own project ${key} as the expired customer (403 authorization)`);
      },
      { needs: needsExpiredUnlockedProject },
    );

    check(
      'RES-32',
      'results of a project of another customer answer 404 not_found',
      async (t) => {
        // Any licensed customer but the foreign one: the 404 must come from ownership, not from a missing license.
        const key = t.profile.resources?.foreignProjectKey as string;
        expectError(await (await t.owner()).get(resultsPath(key)), 404, 'not_found');
        t.judged('RES-32', undefined, `the results of the foreign project ${key} (404 not_found)`);
      },
      { needs: needsForeignProject },
    );

    check('RES-32', 'results of a project key that does not exist answer 404 not_found', async (t) => {
      const key = absentProjectKey();
      expectError(await (await t.owner()).get(resultsPath(key)), 404, 'not_found');
      t.judged('RES-32', undefined, `the results of the never-existing project ${key} (404 not_found)`);
    });
  });
}
