/**
 * GET /reports/{projectKey}/funding/applications (endpoints table, endpoint rule 10, Authentication 8):
 * the applications of that project only, an own project without applications, the same `page` and
 * `limit` rules, ownership (foreign and missing keys give the same 404), and that the project of an
 * application is the own project it names (`projectId` = projektHeader.id).
 */
import { describe, expect } from 'vitest';
import { FUNDING_PAGINATION } from '../../spec/contract/funding.js';
import { projectDetailResponseSchema } from '../../spec/contract/projects.js';
import { check } from '../harness/check.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { fundingOwner } from '../harness/resource-owner.js';
import {
  absentProjectKey,
  duplicates,
  expectDescending,
  expectedPageLength,
  expectIndistinguishable,
  expectList,
  expectPaging,
  fieldConsistencyProblems,
  fundingActor,
  ids,
  LIST_PATH,
  needsAll,
  needsApplications,
  needsForeignProject,
  needsProjectWithApplications,
  needsProjectWithoutApplications,
  projectListPath,
  withQuery,
} from './support.js';

const { defaultLimit, maxLimit, firstPage } = FUNDING_PAGINATION;

/** Registers the checks (called by funding.test.ts, so that all funding checks run concurrently in one file). */
export function projectChecks(): void {
  describe('GET /reports/{projectKey}/funding/applications', () => {
    check(
      ['FUND-34', 'FUND-38'],
      'the project variant for an own project answers 200 with exactly the applications of that project (a subset of the customer list, not merged), sorted by application id descending',
      async (t) => {
        const { actor, funding } = await fundingOwner(t);
        const key = funding.projectWithApplications as string;
        const ofProject = funding.applications.filter((e) => e.projectKey?.toLowerCase() === key.toLowerCase());
        const all = funding.applications;
        expect(ofProject.length, `the profile expects no application with projectKey ${key}, though it names it projectWithApplications`).toBeGreaterThan(0);
        const list = expectList(await actor.get(withQuery(projectListPath(key), { limit: maxLimit })));
        expectPaging(list, firstPage, maxLimit, 'project variant, limit=100');
        expect(list.total, `total must count the applications of project ${key} only`).toBe(ofProject.length);
        expect(list.total, 'the project list cannot hold more than the customer list').toBeLessThanOrEqual(all.length);
        expect(list.applications.length, 'project variant page 1 at limit 100').toBe(expectedPageLength(list.total, firstPage, maxLimit));
        const foreignToProject = list.applications.filter((a) => a.projectKey?.toLowerCase() !== key.toLowerCase()).map((a) => `${a.applicationId} (projectKey ${a.projectKey})`);
        expect(foreignToProject, `the list of project ${key} must hold only applications of that project`).toEqual([]);
        const allIds = new Set(all.map((e) => e.applicationId));
        expect(ids(list.applications).filter((id) => !allIds.has(id)), 'applications of the project list that the customer list does not hold').toEqual([]);
        expect(duplicates(ids(list.applications)), 'applications listed twice').toEqual([]);
        if (ofProject.length <= maxLimit) {
          expect(new Set(ids(list.applications)), `the applications the profile expects for project ${key}`).toEqual(new Set(ofProject.map((e) => e.applicationId)));
        }
        expectDescending(list.applications, `the list of project ${key}`);
      },
      { needs: needsAll(needsApplications, needsProjectWithApplications) },
    );

    check(
      ['FUND-36', 'FUND-38'],
      'the project variant for an own project without applications answers 200 with an empty list, total 0, page 1 and limit 50',
      async (t) => {
        const { actor, funding } = await fundingOwner(t);
        const key = funding.projectWithoutApplications as string;
        const list = expectList(await actor.get(projectListPath(key)));
        expectPaging(list, firstPage, defaultLimit, 'project without applications, no parameters');
        expect(ids(list.applications), `project ${key} has no applications`).toEqual([]);
        expect(list.total, `project ${key} has no applications`).toBe(0);
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
          const { actor, funding } = await fundingOwner(t);
          expectError(await actor.get(`${projectListPath(funding.projectWithoutApplications as string)}?${query}`), 422, 'validation');
        },
        { needs: needsProjectWithoutApplications },
      );
    }
  });

  describe('project variant: ownership', () => {
    check(
      ['FUND-35', 'AUTH-19', 'ERR-11'],
      'the project variant for a foreign project key and for a never-existing key answers the same 404 not_found (status, body, header names)',
      async (t) => {
        const foreignKey = t.profile.resources?.foreignProjectKey as string;
        const missingKey = absentProjectKey();
        const owner = await t.owner();
        const foreign = await owner.get(projectListPath(foreignKey));
        const missing = await owner.get(projectListPath(missingKey));
        expectError(foreign, 404, 'not_found');
        expectError(missing, 404, 'not_found');
        expectIndistinguishable(foreign, foreignKey, missing, missingKey);
      },
      { needs: needsForeignProject },
    );

    check(
      ['FUND-35', 'ERR-11'],
      "the project variant for the primary customer's project with applications answers 404 not_found to the foreign customer",
      async (t) => {
        const key = t.profile.resources?.funding?.projectWithApplications as string;
        expectError(await t.as('foreign').get(projectListPath(key)), 404, 'not_found');
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
        const list = expectList(await primary.get(withQuery(LIST_PATH, { limit: maxLimit })));
        expect(list.applications.flatMap(fieldConsistencyProblems)).toEqual([]);
        const byKey = new Map<string, Set<number | null>>();
        for (const a of list.applications) {
          if (a.projectKey === null) continue;
          const set = byKey.get(a.projectKey) ?? new Set();
          set.add(a.projectId);
          byKey.set(a.projectKey, set);
        }
        expect(byKey.size, 'the primary customer must have project-bound applications for this check').toBeGreaterThan(0);
        // A few projects suffice: each costs a request of the primary customer's budget.
        for (const [key, projectIds] of [...byKey].slice(0, 4)) {
          expect([...projectIds], `applications of project ${key} must agree on one projectId`).toHaveLength(1);
          const res = await primary.get(`/reports/${encodeURIComponent(key)}`);
          expectStatus(res, 200);
          const header = expectSchema(res, projectDetailResponseSchema, 'project detail').projektHeader;
          expect(header.key, `projectKey ${key} of the applications must be the key of the project, as its projektHeader gives it`).toBe(key);
          expect([...projectIds][0], `projectId of the applications of project ${key} must equal its projektHeader.id`).toBe(header.id);
        }
      },
      { needs: needsApplications },
    );
  });
}
