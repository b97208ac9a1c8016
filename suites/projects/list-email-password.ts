/**
 * Statements of the spec the other project files do not judge:
 *
 * - What GET /reports lists ("own main projects grouped in projekte, leads, api, archiv; no
 *   pagination"): every project the customer created, in one response whatever paging parameters
 *   are sent, and no project variant. The fields of a list entry are "not shown", so a project
 *   counts as listed when an entry names it by key, link or id (support.ts entryIdentifies), and a
 *   list's size is its number of entries over the four groups. Projects are never deleted and other checks may create some
 *   meanwhile, so a later list of the same customer may only be longer.
 * - "Sending empty or null deletes an optional value": the field table names the empty string for
 *   `email` ("empty deletes"), the general rule also null.
 * - "Unlocked customers may capture and read own data with an expired license" (Authentication 7):
 *   the portal password of an own project is own data the customer sets.
 */
import { describe, expect } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import { check, harnessProjectName } from '../harness/check.js';
import { CREATION, type Actor } from '../harness/client.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { marker } from '../harness/marker.js';
import { knownByKey, knownMainProjects } from './known-projects.js';
import { createdProject, expectReadBack, isListed, listEntries, patchAccepted, readData, type ProjectRef } from './support.js';

const WRITES = { writes: true } as const;

async function projectList(actor: Actor, query = ''): Promise<unknown[]> {
  return listEntries(await actor.get(`/reports${query}`));
}

/** Paging parameters a paginating list would honour; a list without pagination ignores them (or refuses them as unknown). */
const PAGING_QUERIES = ['?page=2', '?limit=1', '?page=2&limit=1', '?per_page=1&offset=1'];

const needsVariant = (p: Profile) => (p.resources?.primaryProjectKeys?.variant ? undefined : 'resources.primaryProjectKeys.variant (a project variant of the primary customer)');

const needsExpiredProject = (p: Profile) =>

  !p.customers.expiredUnlocked ? 'customers.expiredUnlocked' : p.resources?.expiredUnlockedProjectKey ? undefined : 'resources.expiredUnlockedProjectKey';

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function listEmailPasswordChecks(): void {
  describe('GET /reports: every main project, in one response', () => {
    check(
      'PROJ-90',
      `GET /reports must list every project the customer created (three here), and ${PAGING_QUERIES.join(', ')} must not shrink the list (same or more entries, the three still listed; a 422 refusing the parameter is no pagination either)`,
      async (t) => {
        const owner = await t.owner();
        const projects: ProjectRef[] = [];
        for (const n of [1, 2, 3]) {
          // Sent again past a gateway's answer: a project a lost answer leaves behind is one more entry, which "same or more entries" allows.
          const res = await owner.post('/reports/with-data', { projectData: { projektName: harnessProjectName(`PROJ-90 list ${n}`) } }, CREATION);
          expectStatus(res, 201);
          projects.push(createdProject(res));
        }
        const full = await projectList(owner);
        for (const project of projects) expect(isListed(full, project), `project ${project.key} created by ${owner.label} must be listed by GET /reports`).toBe(true);
        for (const query of PAGING_QUERIES) {
          const res = await owner.get(`/reports${query}`);
          if (res.status === 422) {
            expectError(res, 422, 'validation');
            continue;
          }
          const paged = listEntries(res);
          expect(paged.length, `GET /reports${query} listed ${paged.length} entries, GET /reports before it ${full.length}: the list has no pagination`).toBeGreaterThanOrEqual(full.length);
          for (const project of projects) expect(isListed(paged, project), `GET /reports${query} must still list project ${project.key}`).toBe(true);
        }
        t.judged('PROJ-90', projects.length, `created projects found in GET /reports (${full.length} entries) and with ${PAGING_QUERIES.length} paging queries`);
      },
      WRITES,
    );

    check(
      'PROJ-121',
      'GET /reports must not list the project variant of the profile (resources.primaryProjectKeys.variant) in any group',
      async (t) => {
        const variant = t.profile.resources?.primaryProjectKeys?.variant as string;
        const primary = t.as('primary');
        // The variant is known by its key only: "not listed" means something only when the same
        // list shows a main project of the customer by its key (the entries' fields are "not shown").
        const known = await knownMainProjects(t, primary, [variant]);
        const list = await projectList(primary);
        expect(isListed(list, { key: variant }), `project variant ${variant} must not be listed: GET /reports lists main projects only`).toBe(false);
        const control = knownByKey(list, known, 'the primary customer');
        if ('reason' in control) return t.notExercised('PROJ-121', `${control.reason}: a listed variant might go unseen as well`);
        t.judged('PROJ-121', list.length, `list entries without the variant ${variant}; the same list names the main project ${control.found} by its key`);
      },
      { needs: needsVariant },
    );
  });

  describe('email', () => {
    check(
      'PROJ-120',
      '`email` sent as null must be accepted (200) and delete a stored address',
      async (t) => {
        const { actor, key } = await t.ownerWithProject();
        await withLocks(fieldLocks(key, ['email']), async () => {
          const address = `null-${marker()}@example.org`;
          await patchAccepted(actor, key, { email: address });
          expectReadBack(await readData(actor, key), 'email', { text: address });
          await patchAccepted(actor, key, { email: null });
          expectReadBack(await readData(actor, key), 'email', { deleted: true }, null);
        });
      },
      { writes: true },
    );
  });

  describe('PUT /reports/{projectKey}/password after license expiry', () => {
    check(
      'PROJ-122',
      'an unlocked customer whose annual license has expired must be able to set the portal password of an own project (PUT .../password 200)',
      async (t) => {
        const key = t.profile.resources?.expiredUnlockedProjectKey as string;
        expectStatus(await t.as('expiredUnlocked').put(`/reports/${key}/password`, { newPassword: `Ablauf-${marker()}-Passwort` }), 200);
      },
      { writes: true, needs: needsExpiredProject },
    );
  });
}
