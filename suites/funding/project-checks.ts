/**
 * GET /reports/{projectKey}/funding/applications (endpoints table, endpoint rule 10, Authentication 8):
 * the applications of that project only, an own project without applications, the same `page` and
 * `limit` rules, ownership (foreign and missing keys give the same 404), and that the project of an
 * application is the own project it names (`projectId` = projektHeader.id).
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { FUNDING_PAGINATION, PROJECT_BOUND_APPLICATION_TYPE } from '../../spec/contract/funding.js';
import { check } from '../harness/check.js';
import { plural } from '../harness/judged-parts.js';
import { expectError, expectIndistinguishable } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { fundingOwner } from '../harness/resource-owner.js';
import {
  duplicates,
  expectDescending,
  expectedPageLength,
  expectListAnswered,
  expectPaging,
  fieldConsistencyProblems,
  fundingActor,
  ids,
  judgedOrder,
  linkedApplicationSchema,
  LIST_PATH,
  needsAll,
  needsApplications,
  needsForeignProject,
  needsProjectWithApplications,
  needsProjectWithoutApplications,
  projectListPath,
  WITH_APPLICATIONS,
  WITHOUT_APPLICATIONS,
  readList,
  withQuery,
  type LinkedApplication,
} from './support.js';
import { absentProjectKey } from '../harness/absent-key.js';

const lower = (key: unknown) => (typeof key === 'string' ? key.toLowerCase() : key);

/** What the check of an application's project reads of the project detail; PROJ-70 and PROJ-96 judge the rest. */
const detailHeaderSchema = z.looseObject({ projektHeader: z.looseObject({ key: z.string(), id: z.unknown() }) });

const { defaultLimit, maxLimit, firstPage } = FUNDING_PAGINATION;

/** Registers the checks (called by funding.test.ts, so that all funding checks run concurrently in one file). */
export function projectChecks(): void {
  describe('GET /reports/{projectKey}/funding/applications', () => {
    check(
      ['FUND-34', 'FUND-38', 'FUND-31'],
      'the project variant for an own project answers 200 with exactly the applications of that project (a subset of the customer list, not merged), sorted by application id descending',
      async (t) => {
        const { actor, funding } = await fundingOwner(t, WITH_APPLICATIONS);
        const key = funding.projectWithApplications as string;
        const ofProject = funding.applications.filter((e) => e.projectKey?.toLowerCase() === key.toLowerCase());
        const all = funding.applications;
        expect(ofProject.length, `the profile expects no application with projectKey ${key}, though it names it projectWithApplications`).toBeGreaterThan(0);
        const list = expectListAnswered(await actor.get(withQuery(projectListPath(key), { limit: maxLimit })), `the list of project ${key}`);
        expectPaging(list, firstPage, maxLimit, 'project variant, limit=100');
        expect(list.total, `total must count the applications of project ${key} only`).toBe(ofProject.length);
        expect(list.total, 'the project list cannot hold more than the customer list').toBeLessThanOrEqual(all.length);
        expect(list.applications.length, 'project variant page 1 at limit 100').toBe(expectedPageLength(list.total, firstPage, maxLimit));
        const foreignToProject = list.applications.filter((a) => lower(a.projectKey) !== key.toLowerCase()).map((a) => `${a.applicationId} (projectKey ${JSON.stringify(a.projectKey)})`);
        expect(foreignToProject, `the list of project ${key} must hold only applications of that project`).toEqual([]);
        const allIds = new Set(all.map((e) => e.applicationId));
        expect(ids(list.applications).filter((id) => !allIds.has(id)), 'applications of the project list that the customer list does not hold').toEqual([]);
        expect(duplicates(ids(list.applications)), 'applications listed twice').toEqual([]);
        if (ofProject.length <= maxLimit) {
          expect(new Set(ids(list.applications)), `the applications the profile expects for project ${key}`).toEqual(new Set(ofProject.map((e) => e.applicationId)));
        }
        expectDescending(list.applications, `the list of project ${key}`);
        t.judged('FUND-34', list.applications.length, `${plural(list.applications.length, 'application', 'applications')} of project ${key}`);
        t.judged('FUND-38', undefined, `?limit=${maxLimit} on the list of project ${key} (page ${firstPage}, limit ${maxLimit}, total ${list.total})`);
        judgedOrder(t, 'FUND-31', list.applications.length, `the list of project ${key}`);
      },
      { needs: needsAll(needsApplications, needsProjectWithApplications) },
    );

    check(
      ['FUND-36', 'FUND-38'],
      'the project variant for an own project without applications answers 200 with an empty list, total 0, page 1 and limit 50',
      async (t) => {
        const { actor, funding } = await fundingOwner(t, WITHOUT_APPLICATIONS);
        const key = funding.projectWithoutApplications as string;
        const list = expectListAnswered(await actor.get(projectListPath(key)), `the list of project ${key}`);
        expectPaging(list, firstPage, defaultLimit, 'project without applications, no parameters');
        expect(ids(list.applications), `project ${key} has no applications`).toEqual([]);
        expect(list.total, `project ${key} has no applications`).toBe(0);
        t.judged(['FUND-36', 'FUND-38'], undefined, `the list of project ${key} without applications (empty, total 0, page ${firstPage}, limit ${defaultLimit})`);
      },
      { needs: needsProjectWithoutApplications },
    );

    const invalid: readonly [string, string][] = [
      ['limit 101 (above the maximum)', 'limit=101'],
      ['page 0', 'page=0'],
      ['an unknown parameter', 'cpfUnknown=1'],
    ];
    for (const [what, query] of invalid) {
      check(
        ['FUND-38', 'ERR-20'],
        `the project variant with ${what} (?${query}) answers 422 validation like the customer list`,
        async (t) => {
          const { actor, funding } = await fundingOwner(t, WITHOUT_APPLICATIONS);
          expectError(await actor.get(`${projectListPath(funding.projectWithoutApplications as string)}?${query}`), 422, 'validation');
          t.judged(['FUND-38', 'ERR-20'], undefined, `?${query} on the list of an own project (422 validation)`);
        },
        { needs: needsProjectWithoutApplications },
      );
    }
  });

  describe('project variant: ownership', () => {
    check(
      ['FUND-35', 'AUTH-19', 'ERR-11'],
      'the project variant for a foreign project key and for a never-existing key answers the same 404 not_found (status, body, header names; apart from what two never-existing keys also get differently)',
      async (t) => {
        const foreignKey = t.profile.resources?.foreignProjectKey as string;
        const [missingKey, baselineKey] = [absentProjectKey(), absentProjectKey()];
        const owner = await t.owner();
        const missing = await owner.get(projectListPath(missingKey));
        const foreign = await owner.get(projectListPath(foreignKey));
        const baseline = await owner.get(projectListPath(baselineKey));
        expectError(foreign, 404, 'not_found');
        expectError(missing, 404, 'not_found');
        expectIndistinguishable({ res: foreign, ids: [foreignKey] }, [{ res: missing, ids: [missingKey] }, { res: baseline, ids: [baselineKey] }], 'GET /reports/{projectKey}/funding/applications');
        t.judged(['FUND-35', 'AUTH-19', 'ERR-11'], undefined, `the foreign project ${foreignKey} and two never-existing keys (404 not_found alike)`);
      },
      { needs: needsForeignProject },
    );

    check(
      ['FUND-35', 'ERR-11'],
      "the project variant for the primary customer's project with applications answers 404 not_found to the foreign customer",
      async (t) => {
        const key = t.profile.resources?.funding?.projectWithApplications as string;
        expectError(await t.as('foreign').get(projectListPath(key)), 404, 'not_found');
        t.judged(['FUND-35', 'ERR-11'], undefined, `the list of project ${key} as the foreign customer (404 not_found)`);
      },
      { needs: needsProjectWithApplications },
    );
  });

  describe('the project of an application', () => {
    check(
      ['FUND-43', 'FUND-8', 'FUND-10', 'FUND-11', 'FUND-12', 'FUND-19', 'FUND-22'],
      'projectKey names an own project whose projektHeader.id equals projectId; project-bound applications carry "project_bound", standalone ones no project, and an advisor id only with an assignment',
      async (t) => {
        const primary = await fundingActor(t);
        const listed = readList(await primary.get(withQuery(LIST_PATH, { limit: maxLimit })));
        const parsed = z.array(linkedApplicationSchema).safeParse(listed.applications);
        if (!parsed.success) expect.fail(`applications whose projectId, projectKey or advisor differ from the table: ${parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        const applications: LinkedApplication[] = parsed.data;
        expect(applications.flatMap(fieldConsistencyProblems)).toEqual([]);
        const byKey = new Map<string, Set<number | null>>();
        for (const a of applications) {
          if (a.projectKey === null) continue;
          const set = byKey.get(a.projectKey) ?? new Set();
          set.add(a.projectId);
          byKey.set(a.projectKey, set);
        }
        // A few projects suffice: each costs a request of the primary customer's budget.
        const compared = [...byKey].slice(0, 4);
        for (const [key, projectIds] of compared) {
          expect([...projectIds], `applications of project ${key} must agree on one projectId`).toHaveLength(1);
          const res = await primary.get(`/reports/${encodeURIComponent(key)}`);
          expect(res.status, `projectKey ${key} must name an own project of the customer, but GET /reports/${key} answered 404`).not.toBe(404);
          const detail = readOnward(res, {
            status: 200,
            schema: detailHeaderSchema,
            owner: 'PROJ-95, PROJ-96 and PROJ-70 (the project detail and its header)',
            statusRule: 'PROJ-95',
            what: `the detail of project ${key}`,
          });
          const header = detail.projektHeader;
          expect(header.key, `projectKey ${key} of the applications must be the key of the project, as its projektHeader gives it`).toBe(key);
          expect([...projectIds][0], `projectId of the applications of project ${key} must equal its projektHeader.id`).toBe(header.id);
        }
        // Each rule is judged on the applications its part of the check could find wrong: with none of
        // that kind the rule is not exercised (FUND-12 by the standalone branch alone: project-bound
        // applications only leave it so).
        t.judged('FUND-43', compared.length, `${plural(compared.length, 'project', 'projects')} named by applications, compared with ${plural(compared.length, 'its', 'their')} projektHeader`);
        const judgedOn = (rules: string | string[], pick: (a: LinkedApplication) => boolean, what: string) => {
          const count = applications.filter(pick).length;
          t.judged(rules, count, `${plural(count, 'application', 'applications')} ${what}`);
        };
        judgedOn(['FUND-10', 'FUND-11'], (a) => a.projectKey !== null || a.projectId !== null, 'with a project reference (projectKey or projectId)');
        judgedOn('FUND-8', (a) => a.projectKey !== null, 'with a projectKey');
        judgedOn('FUND-12', (a) => a.applicationType !== PROJECT_BOUND_APPLICATION_TYPE, `without project reference (standalone: applicationType other than "${PROJECT_BOUND_APPLICATION_TYPE}")`);
        judgedOn(['FUND-19', 'FUND-22'], (a) => a.advisor.id !== null, 'with an advisor id');
      },
      { needs: needsApplications },
    );
  });
}
