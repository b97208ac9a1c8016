/**
 * States and transitions.
 *
 * Project status (numeric `projektHeader.status`, as the creation response and GET /reports/{key}
 * show it) and what room creation and room changes do to it. The transitions from 1 need fresh
 * projects (status 1 exists only before the first room); the rows for 4 and 5 use the profile's
 * archived and completed projects of the primary customer, each state on its own. The project activity the table also names is not part
 * of any specified response (STAT-4, STAT-7 are out of reach).
 *
 * Funding application status: every application shows one of the eleven machine-readable values,
 * and no public operation changes an application (primary customer, whose applications the
 * profile describes).
 *
 * One file, so the checks of both tables run concurrently in one worker.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { FUNDING_PAGINATION, FUNDING_STATUSES } from '../../spec/contract/funding.js';
import type { Profile } from '../../spec/profile.schema.js';
import { FINAL_PROJECT_STATUSES, PROJECT_STATUS } from '../../spec/contract/projects.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { CREATION, type Actor, type ApiResponse } from '../harness/client.js';
import { expectSchema } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { marker } from '../harness/marker.js';
import { createRoomOnce, listRooms, patchRoom, readProjectStatus, uniqueRoomName, WRITES } from '../rooms/support.js';
import { refusedRoomChecks } from './refused-room.js';

// -------------------------------------------------------------------------------------------------
// Project status
// -------------------------------------------------------------------------------------------------

/** The profile's projects that should be in status 4 or 5, in the order they are tried for `status`. */
function finalStateCandidates(profile: Profile, status: number): [name: string, key: string][] {
  const keys = profile.resources?.primaryProjectKeys;
  const named: [string, string | undefined][] = [
    ['archived', keys?.archived],
    ['completed', keys?.completed],
  ];
  // The name that says the state is tried first: one request when the profile names them as the seed does.
  if (status === PROJECT_STATUS.completed) named.reverse();
  return named.filter((entry): entry is [string, string] => entry[1] !== undefined);
}

const needsFinalStateProject = (p: Profile) =>
  finalStateCandidates(p, PROJECT_STATUS.archived).length > 0
    ? undefined
    : 'resources.primaryProjectKeys.archived or .completed (projects of the primary customer in status 4 and 5)';

/** The profile's project in `status` and its profile name; skips the check, with the states found, when none is in it. */
async function finalStateProject(t: CheckContext, primary: Actor, status: number): Promise<{ key: string; name: string }> {
  const seen: string[] = [];
  for (const [name, key] of finalStateCandidates(t.profile, status)) {
    const current = await readProjectStatus(primary, key);
    if (current === status) return { key, name };
    seen.push(`primaryProjectKeys.${name} ${key} is in status ${current}`);
  }
  return t.skip(`no project of the profile is in status ${status} (${seen.join('; ')}): the rule needs a project of the primary customer in that state`);
}

/**
 * `projektHeader` of a creation response: the key read onward (the project rules `owner` judge the
 * answer), the status as sent, for STAT-1 to judge.
 */
function createdHeader(res: ApiResponse, owner: string): { key: string; status: unknown } {
  const schema = z.looseObject({ projektHeader: z.looseObject({ key: z.string().min(1), status: z.unknown().optional() }) });
  const { projektHeader } = readOnward(res, { status: 201, schema, owner, what: 'the project creation' });
  return { key: projektHeader.key, status: projektHeader.status };
}

describe('project status', () => {
  check(
    ['STAT-1', 'STAT-3', 'STAT-6'],
    'POST /reports/with-data must answer with status 1; creating a room must move the project to 2, a further room must keep 2, and changing a room must leave 2 unchanged',
    async (t) => {
      const owner = await t.owner();
      // Sent again past a gateway's answer: the repeat's status is judged as the first's would be, and a project a lost answer leaves behind goes unused.
      const res = await owner.post('/reports/with-data', { projectData: { projektName: harnessProjectName('status'), projektBaujahr: 1975 } }, CREATION);
      const { key, status } = createdHeader(res, 'PROJ-84');
      expect(status, 'projektHeader.status of the creation response').toBe(PROJECT_STATUS.created);

      // Each room made once, whatever a gateway does to the answer: a second room from a lost answer would be created in status 2, and the first assertion would be charged for it.
      const room = await createRoomOnce(owner, key, { raumBezeichnung: uniqueRoomName('status 1 to 2') });
      expect(await readProjectStatus(owner, key), 'status after the first room was created in status 1').toBe(PROJECT_STATUS.inProgress);
      await createRoomOnce(owner, key, { raumBezeichnung: uniqueRoomName('status 2 stays') });
      expect(await readProjectStatus(owner, key), 'status after a further room was created in status 2').toBe(PROJECT_STATUS.inProgress);
      await patchRoom(owner, key, room.id, { raumNotiz: `geändert ${marker()}` });
      expect(await readProjectStatus(owner, key), 'status after a room was changed').toBe(PROJECT_STATUS.inProgress);
    },
    WRITES,
  );

  // One check per final state, each on the profile's project in that state (completed or
  // archived, whichever is in it). The room change (STAT-6) is judged in status 5 only: every
  // request here spends the primary customer's budget, and STAT-6 does not depend on the state.
  for (const status of FINAL_PROJECT_STATUSES) {
    const judgeChange = status === PROJECT_STATUS.archived;
    check(
      judgeChange ? ['STAT-5', 'STAT-6'] : ['STAT-5'],
      `creating a room in a project in status ${status} must leave the status ${status}${judgeChange ? ', and so must changing that room' : ''}`,
      async (t) => {
        const primary = t.as('primary');
        const { key, name } = await finalStateProject(t, primary, status);
        const room = await createRoomOnce(primary, key, { raumBezeichnung: uniqueRoomName(`status ${status}`) });
        expect(await readProjectStatus(primary, key), `status after a room was created in status ${status}`).toBe(status);
        const project = `project in status ${status} (primaryProjectKeys.${name} ${key})`;
        t.judged('STAT-5', 1, project);
        if (!judgeChange) return;
        await patchRoom(primary, key, room.id, { raumNotiz: `geändert ${marker()}` });
        expect(await readProjectStatus(primary, key), `status after a room was changed in status ${status}`).toBe(status);
        t.judged('STAT-6', 1, project);
      },
      { ...WRITES, needs: needsFinalStateProject },
    );
  }

  // Reading stays a read: the spec singles out `GET .../pdf` as one that "is not a pure read", so
  // the room list read here is one, and no transition of the table follows from it.
  check(
    ['STAT-1', 'STAT-2'],
    'POST /reports must answer with projektHeader.status 1, and the project without rooms must stay in status 1 (also after its room list was read)',
    async (t) => {
      const owner = await t.owner();
      const { key, status } = createdHeader(await owner.post('/reports', {}, CREATION), 'PROJ-72, PROJ-77');
      expect(status, 'projektHeader.status of the creation response').toBe(PROJECT_STATUS.created);
      await listRooms(owner, key);
      expect(await readProjectStatus(owner, key), 'status of the new project without rooms').toBe(PROJECT_STATUS.created);
    },
    WRITES,
  );
});

// -------------------------------------------------------------------------------------------------
// Funding application status
// -------------------------------------------------------------------------------------------------

/** Only what these checks read; the funding rules judge the rest of these answers. */
const applicationSchema = z.looseObject({ applicationId: z.string(), status: z.unknown().optional() });
const listSchema = z.looseObject({ applications: z.array(applicationSchema), total: z.number() });
const singleSchema = z.looseObject({ application: applicationSchema });

/** At most this many pages are read (100 applications each). */
const MAX_PAGES = 20;

async function readList(actor: Actor, path: string, page: number, limit: number) {
  const res = await actor.get(`${path}?page=${page}&limit=${limit}`);
  const owner = path.startsWith('/reports/') ? 'FUND-34' : 'FUND-1';
  return readOnward(res, { status: 200, schema: listSchema, owner, what: 'the funding application list' });
}

function expectKnownStatus(status: unknown, where: string): void {
  expect(FUNDING_STATUSES as readonly unknown[], `status ${JSON.stringify(status)} of ${where} must be one of the status table`).toContain(status);
}

describe('funding application status', () => {
  check(
    'STAT-12',
    'write requests on a funding application (PATCH, PUT, DELETE) must not change it',
    async (t) => {
      const primary = t.as('primary');
      const id = t.profile.resources?.funding?.applications[0]?.applicationId ?? (await readList(primary, '/funding/applications', 1, 1)).applications[0]?.applicationId;
      if (id === undefined) return t.skip('the primary customer has no funding applications');
      const path = `/funding/applications/${encodeURIComponent(id)}`;
      const application = readOnward(await primary.get(path), { status: 200, schema: singleSchema, owner: 'FUND-2', what: 'the funding application' }).application;
      const other = FUNDING_STATUSES.find((s) => s !== application.status) as string;

      const attempts = [
        await primary.patch(path, { status: other }),
        await primary.put(path, { ...application, status: other, statusLabel: 'geändert' }),
        await primary.send('DELETE', path),
      ];
      const answered = attempts.map((r) => `${r.exchange.request.method} ${r.status}`).join(', ');

      const after = await primary.get(path);
      expect(after.status, `the application must still be readable after the write attempts (${answered})`).toBe(200);
      // "Only these core fields are output": the whole application is what may not change.
      expect(expectSchema(after, singleSchema, 'funding application').application, `the application must be unchanged after the write attempts (${answered})`).toEqual(
        application,
      );
      t.judged('STAT-12', 1, `funding application (${id}) read back after ${attempts.length} write attempts`);
    },
    WRITES,
  );

  check('STAT-10', 'every funding application (list, project list and single retrieval) must have a status out of the eleven values of the status table', async (t) => {
    const primary = t.as('primary');
    const limit = FUNDING_PAGINATION.maxLimit;
    const first = await readList(primary, '/funding/applications', 1, limit);
    const applications = [...first.applications];
    for (let page = 2; applications.length < first.total && page <= MAX_PAGES; page++) {
      const next = await readList(primary, '/funding/applications', page, limit);
      if (next.applications.length === 0) break;
      applications.push(...next.applications);
    }
    const one = applications[0];
    if (one === undefined) return t.skip('the primary customer has no funding applications');
    for (const a of applications) expectKnownStatus(a.status, `application ${a.applicationId} in GET /funding/applications`);

    const single = await primary.get(`/funding/applications/${encodeURIComponent(one.applicationId)}`);
    const { application } = readOnward(single, { status: 200, schema: singleSchema, owner: 'FUND-2, FUND-6', statusRule: 'FUND-2', what: 'the single funding application' });
    expectKnownStatus(application.status, `GET /funding/applications/${one.applicationId}`);

    const projectKey = t.profile.resources?.funding?.projectWithApplications;
    let inProject = 0;
    if (projectKey) {
      const projectList = await readList(primary, `/reports/${projectKey}/funding/applications`, 1, limit);
      for (const a of projectList.applications) expectKnownStatus(a.status, `application ${a.applicationId} in GET /reports/${projectKey}/funding/applications`);
      inProject = projectList.applications.length;
    }
    t.judged('STAT-10', applications.length + 1 + inProject, `application statuses (${applications.length} listed, 1 single${projectKey ? `, ${inProject} in the project list` : ''})`);
  });
});

refusedRoomChecks();
