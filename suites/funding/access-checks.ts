/**
 * Funding and the license (endpoint rule 10, Authentication 6 and 7): reading stays available for an
 * unlocked customer whose license has expired; a locked customer without license gets 403.
 */
import { describe } from 'vitest';
import { check } from '../harness/check.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { partNotExercised } from '../harness/judged-parts.js';
import { LIST_PATH, needsFunding, projectListPath, readList, singlePath } from './support.js';

/** Registers the checks (called by funding.test.ts, so that all funding checks run concurrently in one file). */
export function accessChecks(): void {
  describe('funding and the license', () => {
    // "Reading stays available": each read must be answered 200; what the answers hold is judged
    // by the checks of the list and the application.
    check(
      'FUND-40',
      'an unlocked customer whose license has expired still reads the funding list, a single application and the list of an own project (200)',
      async (t) => {
        const expired = t.as('expiredUnlocked');
        const res = await expired.get(LIST_PATH);
        expectStatus(res, 200);
        const list = readList(res);
        t.judged('FUND-40', undefined, `GET ${LIST_PATH} as the expired customer (200, ${list.applications.length} of total ${list.total} applications)`);
        const first = list.applications[0];
        if (first) {
          expectStatus(await expired.get(singlePath(first.applicationId)), 200);
          t.judged('FUND-40', undefined, `GET ${singlePath(first.applicationId)}, an application of its list (200)`);
        }
        const key = t.profile.resources?.expiredUnlockedProjectKey;
        if (key) {
          expectStatus(await expired.get(projectListPath(key)), 200);
          t.judged('FUND-40', undefined, `GET ${projectListPath(key)}, its own project (200)`);
        }
        if (!first) partNotExercised(t, 'FUND-40', 'the single read', "the expired customer's list holds no application to read singly");
        if (!key) partNotExercised(t, 'FUND-40', 'the project variant', 'the profile names no project of the expired customer (resources.expiredUnlockedProjectKey)');
      },
      { needs: needsFunding },
    );

    check(
      ['AUTH-16', 'ERR-10'],
      'GET /funding/applications by a locked customer without license answers 403 authorization',
      async (t) => {
        expectError(await t.as('locked').get(LIST_PATH), 403, 'authorization');
        t.judged(['AUTH-16', 'ERR-10'], undefined, `GET ${LIST_PATH} as the locked customer (403 authorization)`);
      },
      { needs: needsFunding },
    );
  });
}
