/**
 * GET /funding/applications/{applicationId} (endpoint rule 10, "Funding application (read only)",
 * Authentication 8): the single response, the exact id, foreign and never-existing ids, and that no
 * write method changes an application.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { FUNDING_PAGINATION, fundingSingleEnvelopeSchema } from '../../spec/contract/funding.js';
import type { ApiResponse } from '../harness/client.js';
import { check, harnessProjectName } from '../harness/check.js';
import { plural } from '../harness/judged-parts.js';
import { expectError, expectIndistinguishable, expectSchema, expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import {
  absentApplicationId,
  fundingActor,
  ids,
  LIST_PATH,
  needsApplications,
  needsForeignApplication,
  ownerApplications,
  readList,
  singlePath,
  withQuery,
  type ListedApplication,
} from './support.js';

/** A few applications of different kinds: the first, one with leading zeros, a standalone and a canceled one. */
function sample(applications: readonly ListedApplication[], size: number): ListedApplication[] {
  const picks = [
    applications[0],
    applications.find((a) => /^0/.test(a.applicationId)),
    applications.find((a) => a.projectKey === null),
    applications.find((a) => a.status === 'canceled'),
  ].filter((a): a is ListedApplication => a !== undefined);
  return [...new Map(picks.map((a) => [a.applicationId, a])).values()].slice(0, size);
}

/** The application of a single answer, for checks that judge what it holds; FUND-2 judges the envelope. */
function readSingle(res: ApiResponse, id: string): Record<string, unknown> {
  const schema = z.looseObject({ application: z.looseObject({}) });
  return readOnward(res, { status: 200, schema, owner: 'FUND-2', what: `GET ${singlePath(id)}` }).application;
}

/** Registers the checks (called by funding.test.ts, so that all funding checks run concurrently in one file). */
export function singleChecks(): void {
  describe('GET /funding/applications/{applicationId}', () => {
    check(
      'FUND-2',
      'GET /funding/applications/{applicationId} with an id of the list answers 200 with {status: 200, action: "getFundingApplication", application} (further members allowed)',
      async (t) => {
        const primary = await fundingActor(t);
        const listed = readList(await primary.get(withQuery(LIST_PATH, { limit: 1 }))).applications[0];
        if (!listed) return t.notExercised('FUND-2', 'the list of the leased customer holds no application to read singly');
        const res = await primary.get(singlePath(listed.applicationId));
        expectStatus(res, 200);
        expectSchema(res, fundingSingleEnvelopeSchema, 'single funding response');
        // The envelope is the same for every application: judged on the answer, not on how many were read.
        t.judged('FUND-2', undefined, `the envelope of GET ${singlePath(listed.applicationId)}, an application of the list`);
      },
      { needs: needsApplications },
    );

    check(
      'FUND-6',
      'GET /funding/applications/{applicationId} with an id taken over exactly from the list holds the same application as the list',
      async (t) => {
        const primary = await fundingActor(t);
        const picks = sample(readList(await primary.get(withQuery(LIST_PATH, { limit: FUNDING_PAGINATION.maxLimit }))).applications, 3);
        // An empty list where the profile expects applications is FUND-42's failure; here it leaves nothing to retrieve.
        for (const listed of picks) {
          const single = readSingle(await primary.get(singlePath(listed.applicationId)), listed.applicationId);
          expect(single, `GET ${singlePath(listed.applicationId)} must return the application the list shows under that id`).toEqual(listed);
        }
        t.judged('FUND-6', picks.length, `${plural(picks.length, 'application', 'applications')} of the list read singly by ${plural(picks.length, 'its', 'their')} id (${ids(picks).join(', ')})`);
      },
      { needs: needsApplications },
    );

    check(
      'FUND-6',
      'an application id altered by stripping or adding leading zeros does not retrieve the original application (404, or the application of exactly that id)',
      async (t) => {
        const expected = await ownerApplications(t);
        const known = new Set(expected.map((e) => e.applicationId));
        const original = (expected.find((e) => /^0+[^0]/.test(e.applicationId)) ?? expected[0])?.applicationId as string;
        const altered = [...new Set([original.replace(/^0+(?=.)/, ''), `0${original}`])].filter((id) => id !== original && !known.has(id));
        if (altered.length === 0) t.skip(`no alteration of ${original} is free of the profile's ids`);
        const primary = await fundingActor(t);
        for (const id of altered) {
          const res = await primary.get(singlePath(id));
          if (res.status === 200) {
            expect(readSingle(res, id).applicationId, `GET ${singlePath(id)} (altered from ${original}) answered another application`).toBe(id);
          } else {
            expectError(res, 404, 'not_found');
          }
        }
        t.judged('FUND-6', altered.length, `${plural(altered.length, 'id', 'ids')} altered from ${original} by leading zeros (${altered.join(', ')})`);
      },
      { needs: needsApplications },
    );
  });

  describe('foreign and never-existing applications', () => {
    check(
      ['AUTH-21', 'AUTH-19', 'ERR-11'],
      'a foreign application id and a never-existing id answer the same 404 not_found to another customer (status, body, header names; apart from what two never-existing ids also get differently)',
      async (t) => {
        const foreignId = t.profile.resources?.funding?.foreignApplicationId as string;
        const [missingId, baselineId] = [absentApplicationId(foreignId, t.profile), absentApplicationId(foreignId, t.profile)];
        const other = await t.owner();
        const missing = await other.get(singlePath(missingId));
        const foreign = await other.get(singlePath(foreignId));
        const baseline = await other.get(singlePath(baselineId));
        expectError(foreign, 404, 'not_found');
        expectError(missing, 404, 'not_found');
        expectIndistinguishable({ res: foreign, ids: [foreignId] }, [{ res: missing, ids: [missingId] }, { res: baseline, ids: [baselineId] }], 'GET /funding/applications/{applicationId}');
        t.judged(['AUTH-21', 'AUTH-19', 'ERR-11'], undefined, `the foreign application ${foreignId} and two never-existing ids (404 not_found alike)`);
      },
      { needs: needsForeignApplication },
    );
  });

  describe('funding applications are read only', () => {
    check(
      ['FUND-41', 'STAT-12'],
      'PATCH and PUT on an application and POST on the list change no application and add none',
      async (t) => {
        const primary = await fundingActor(t);
        const before = readList(await primary.get(withQuery(LIST_PATH, { limit: 1 })));
        const target = before.applications[0];
        if (!target) return t.notExercised(['FUND-41', 'STAT-12'], 'the list of the leased customer holds no application to write to');
        // A changed display hint: the least harmful change a broken target could take over. No DELETE:
        // on a broken production target it would destroy real data; PATCH, PUT and POST suffice.
        const hint = harnessProjectName('FUND-41');
        await primary.patch(singlePath(target.applicationId), { nextAction: hint });
        await primary.put(singlePath(target.applicationId), { ...target, nextAction: hint });
        await primary.post(LIST_PATH, { ...target, applicationId: undefined, nextAction: hint });
        const after = readList(await primary.get(withQuery(LIST_PATH, { limit: 1 })));
        expect(after.total, 'a POST on the list must not add an application').toBe(before.total);
        expect(after.applications[0], 'write methods on funding paths must not change the application').toEqual(target);
        // Writes of the check's own on one application: what they show does not grow with the applications there are.
        t.judged(['FUND-41', 'STAT-12'], undefined, `PATCH and PUT of application ${target.applicationId} and POST on the list, read again`);
      },
      { writes: true, needs: needsApplications },
    );
  });
}
