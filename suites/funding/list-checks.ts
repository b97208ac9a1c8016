/**
 * GET /funding/applications (endpoint rule 10, "Limits"): the list envelope, defaults and maxima of
 * `page` and `limit`, the order, pages past the end, a pagination walk against the profile, and 422
 * for unknown or invalid parameters. The application object is judged in field-checks.ts; the
 * checks here read the applications only on their way (support.ts readList).
 *
 * The checks reading expected funding data run as a leased owner of it (harness/resource-owner.ts);
 * the parameter matrix does not depend on data and runs as any leased customer.
 */
import { describe, expect } from 'vitest';
import { FUNDING_PAGINATION, highestApplicationIds } from '../../spec/contract/funding.js';
import { check } from '../harness/check.js';
import { plural } from '../harness/judged-parts.js';
import { expectError } from '../harness/expect-api.js';
import {
  duplicates,
  expectDescending,
  expectedPageLength,
  expectListAnswered,
  expectListEnvelope,
  expectMatchesProfile,
  expectPaging,
  fundingActor,
  ids,
  judgedOrder,
  LIST_PATH,
  needsApplications,
  needsFunding,
  ownerApplications,
  readList,
  walk,
  walkLimit,
  withQuery,
} from './support.js';

const { defaultLimit, maxLimit, firstPage, maxPage } = FUNDING_PAGINATION;

/** Registers the checks (called by funding.test.ts, so that all funding checks run concurrently in one file). */
export function listChecks(): void {
  describe('GET /funding/applications: envelope and defaults', () => {
    check(
      'FUND-1',
      'GET /funding/applications answers 200 with {status: 200, action, applications[], total, page, limit} (further members allowed)',
      async (t) => {
        const res = await (await fundingActor(t)).get(LIST_PATH);
        expectListEnvelope(res);
        // The envelope is the same whatever the list holds: judged on the answer, not on its items.
        const list = readList(res);
        t.judged('FUND-1', undefined, `the envelope of GET ${LIST_PATH} (${list.applications.length} of total ${list.total} applications)`);
      },
      { needs: needsApplications },
    );

    check(
      ['FUND-25', 'FUND-26', 'FUND-33'],
      'GET /funding/applications without parameters answers page 1 at limit 50: min(50, total) applications, starting at the highest application id',
      async (t) => {
        const expected = await ownerApplications(t);
        const list = expectListAnswered(await (await fundingActor(t)).get(LIST_PATH), 'the list without parameters');
        expectPaging(list, firstPage, defaultLimit, 'without parameters');
        expect(list.total, 'total must count all applications of the customer (the profile expects them)').toBe(expected.length);
        expect(list.applications.length, `the default page holds min(50, total) applications`).toBe(expectedPageLength(list.total, firstPage, defaultLimit));
        // Page 1 is the first page: it starts with the highest application id, in either order the
        // spec leaves open ("Sorted by application id descending" names no comparison).
        const highest = highestApplicationIds(expected.map((e) => e.applicationId));
        expect([...highest], `the default page must be page 1, starting at the highest application id, not ${JSON.stringify(list.applications[0]?.applicationId)}`).toContain(
          list.applications[0]?.applicationId,
        );
        t.judged(['FUND-25', 'FUND-26', 'FUND-33'], list.applications.length, `${plural(list.applications.length, 'application', 'applications')} on the default page (total ${list.total})`);
      },
      { needs: needsApplications },
    );
  });

  describe('GET /funding/applications: pagination against the profile', () => {
    check(
      ['FUND-5', 'FUND-31', 'FUND-32', 'FUND-33', 'FUND-39', 'FUND-42'],
      'a pagination walk at a small limit sees every expected application exactly once, in application id descending order, with a constant total and an empty page past the end',
      async (t) => {
        const expected = await ownerApplications(t);
        const limit = walkLimit(expected.length);
        const result = await walk(await fundingActor(t), LIST_PATH, limit, expected.length);
        const seen = result.pages.flatMap((p) => p.applications);
        result.pages.forEach((p, index) => {
          const page = index + 1;
          expectPaging(p, page, limit, `page ${page} at limit ${limit}`);
          expect(p.total, `page ${page}: total must stay the number of all applications, not of the page`).toBe(expected.length);
          expect(p.applications.length, `page ${page} at limit ${limit} of ${p.total}`).toBe(expectedPageLength(p.total, page, limit));
        });
        expect(duplicates(ids(seen)), 'applications listed more than once across the pages (ids must be unique)').toEqual([]);
        expect(seen.length, 'the walk must see total applications').toBe(expected.length);
        expectDescending(seen, `the walk at limit ${limit}`);
        // Standalone, archived and canceled applications are among the expected ones: none may be missing.
        expectMatchesProfile(seen, expected, `the walk at limit ${limit}`);
        expectPaging(result.pastEnd, result.pastEndPage, limit, `page ${result.pastEndPage} past the end`);
        expect(ids(result.pastEnd.applications), `page ${result.pastEndPage} past the end must be an empty list`).toEqual([]);
        expect(result.pastEnd.total, `page ${result.pastEndPage} past the end: total`).toBe(expected.length);
        t.judged('FUND-5', seen.length, `${plural(seen.length, 'application id', 'application ids')} across the pages`);
        judgedOrder(t, 'FUND-31', seen.length, `the walk at limit ${limit}`);
        t.judged('FUND-32', undefined, `page ${result.pastEndPage} past the end at limit ${limit}`);
        t.judged('FUND-33', result.pages.length + 1, `pages at limit ${limit} (the one past the end included)`);
        const special = expected.filter((e) => e.projectKey === null || e.status === 'canceled').length;
        if (special > 0) t.judged('FUND-39', special, `standalone or canceled ${plural(special, 'application', 'applications')} the profile expects`);
        else t.notExercised('FUND-39', 'the profile expects no standalone or canceled application of the customer');
        t.judged('FUND-42', expected.length, `${plural(expected.length, 'application', 'applications')} the profile expects`);
      },
      { needs: needsApplications },
    );

    check(
      ['FUND-39', 'FUND-42'],
      'the standalone and canceled applications the profile expects appear in GET /funding/applications with their status and project key',
      async (t) => {
        const expected = await ownerApplications(t);
        const special = expected.filter((e) => e.projectKey === null || e.status === 'canceled');
        if (special.length === 0) return t.notExercised(['FUND-39', 'FUND-42'], 'the profile expects no standalone or canceled application of the customer');
        if (expected.length > maxLimit) t.skip(`the profile expects more than ${maxLimit} applications: the walk check covers them`);
        const list = expectListAnswered(await (await fundingActor(t)).get(withQuery(LIST_PATH, { limit: maxLimit })));
        const byId = new Map(list.applications.map((a) => [a.applicationId, a]));
        for (const e of special) {
          const actual = byId.get(e.applicationId);
          expect(actual, `expected application ${e.applicationId} (status ${e.status}, projectKey ${e.projectKey}) is missing from the list`).toBeDefined();
          expect({ status: actual?.status, projectKey: actual?.projectKey }, `application ${e.applicationId}`).toEqual({ status: e.status, projectKey: e.projectKey });
        }
        t.judged(['FUND-39', 'FUND-42'], special.length, `standalone or canceled ${plural(special.length, 'application', 'applications')} the profile expects`);
      },
      { needs: needsApplications },
    );

    check(
      ['FUND-28', 'FUND-32', 'FUND-33'],
      'GET /funding/applications?page=1000000 (the maximum page) answers 200 with an empty list, page 1000000 and the full total',
      async (t) => {
        const expected = await ownerApplications(t);
        if (expected.length > (maxPage - 1) * defaultLimit) t.skip('the profile expects applications on page 1000000');
        const list = expectListAnswered(await (await fundingActor(t)).get(withQuery(LIST_PATH, { page: maxPage })), 'page 1000000');
        expectPaging(list, maxPage, defaultLimit, 'page=1000000');
        expect(ids(list.applications), 'page 1000000 lies past the end: an empty list').toEqual([]);
        expect(list.total, 'total must count all applications, also on a page past the end').toBe(expected.length);
        t.judged(['FUND-28', 'FUND-32', 'FUND-33'], undefined, `page ${maxPage} (empty, total ${list.total})`);
      },
      { needs: needsApplications },
    );
  });

  describe('GET /funding/applications: accepted parameter values (as a pool customer)', () => {
    const accepted: readonly [string[], string, Record<string, number>, number, number][] = [
      [['FUND-27', 'FUND-33'], 'the minimum limit', { limit: 1 }, firstPage, 1],
      [['FUND-27', 'FUND-33'], 'the maximum limit', { limit: maxLimit }, firstPage, maxLimit],
      [['FUND-25', 'FUND-33'], 'the first page', { page: firstPage }, firstPage, defaultLimit],
      [['FUND-28', 'FUND-33'], 'the maximum page at the maximum limit', { page: maxPage, limit: maxLimit }, maxPage, maxLimit],
    ];
    for (const [rules, what, query, page, limit] of accepted) {
      check(
        rules,
        `GET /funding/applications?${withQuery('', query).slice(1)} (${what}) answers 200 with page ${page} and limit ${limit}`,
        async (t) => {
          const list = expectListAnswered(await (await t.owner()).get(withQuery(LIST_PATH, query)), what);
          expectPaging(list, page, limit, what);
          expect(list.applications.length, `${what}: page ${page} at limit ${limit} of ${list.total}`).toBe(expectedPageLength(list.total, page, limit));
          t.judged(rules, undefined, `?${withQuery('', query).slice(1)} answered page ${page}, limit ${limit} (${list.applications.length} of total ${list.total} applications)`);
        },
        { needs: needsFunding },
      );
    }
  });

  describe('GET /funding/applications: unknown or invalid parameters give 422 (as a pool customer)', () => {
    const invalid: readonly [string, string, string][] = [
      ['FUND-28', 'page 0', 'page=0'],
      ['FUND-28', 'a negative page', 'page=-1'],
      ['FUND-28', 'page 1000001 (above the maximum)', 'page=1000001'],
      ['FUND-29', 'a fractional page', 'page=1.5'],
      ['FUND-29', 'a non-numeric page', 'page=abc'],
      ['FUND-29', 'an empty page', 'page='],
      ['FUND-27', 'limit 0', 'limit=0'],
      ['FUND-27', 'a negative limit', 'limit=-5'],
      ['FUND-27', 'limit 101 (above the maximum)', 'limit=101'],
      ['FUND-29', 'a fractional limit', 'limit=1.5'],
      ['FUND-29', 'a non-numeric limit', 'limit=abc'],
      ['FUND-29', 'an empty limit', 'limit='],
      ['FUND-30', 'an unknown parameter', 'cpfUnknown=1'],
      ['FUND-30', 'an unknown parameter next to valid ones', 'page=1&limit=10&sort=asc'],
      ['FUND-30', 'an offset parameter (not part of the interface)', 'offset=0'],
      ['FUND-30', 'a parameter name in other case (Limit)', 'Limit=10'],
    ];
    for (const [rule, what, query] of invalid) {
      check(
        [rule, 'ERR-20'],
        `GET /funding/applications with ${what} (?${query}) answers 422 validation`,
        async (t) => {
          expectError(await (await t.owner()).get(`${LIST_PATH}?${query}`), 422, 'validation');
          t.judged([rule, 'ERR-20'], undefined, `?${query} (422 validation)`);
        },
        { needs: needsFunding },
      );
    }
  });
}
