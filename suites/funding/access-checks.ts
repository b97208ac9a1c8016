/**
 * Funding and the license (endpoint rule 10, Authentication 6 and 7): reading stays available for an
 * unlocked customer whose license has expired; a locked customer without license gets 403.
 */
import { describe, expect } from 'vitest';
import { fundingSingleResponseSchema } from '../../spec/contract/funding.js';
import { check } from '../harness/check.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { expectList, LIST_PATH, needsFunding, projectListPath, singlePath } from './support.js';

/** Registers the checks (called by funding.test.ts, so that all funding checks run concurrently in one file). */
export function accessChecks(): void {
  describe('funding and the license', () => {
    check(
      'FUND-40',
      'an unlocked customer whose license has expired still reads the funding list, a single application and the list of an own project (200)',
      async (t) => {
        const expired = t.as('expiredUnlocked');
        const list = expectList(await expired.get(LIST_PATH));
        const first = list.applications[0];
        if (first) {
          const res = await expired.get(singlePath(first.applicationId));
          expectStatus(res, 200);
          expect(expectSchema(res, fundingSingleResponseSchema, 'single funding response').application).toEqual(first);
        }
        const key = t.profile.resources?.expiredUnlockedProjectKey;
        if (key) expectList(await expired.get(projectListPath(key)));
      },
      { needs: needsFunding },
    );

    check(
      ['AUTH-16', 'ERR-10'],
      'GET /funding/applications by a locked customer without license answers 403 authorization',
      async (t) => {
        expectError(await t.as('locked').get(LIST_PATH), 403, 'authorization');
      },
      { needs: needsFunding },
    );
  });
}
