/**
 * Shared pieces of the funding checks (spec "Funding application (read only)", the funding status
 * table and endpoint rule 10). Expected values come from the spec (contract/funding.ts) and from the
 * target profile (resources.funding), never from the target's answers.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { z } from 'zod';
import type { Profile } from '../../spec/profile.schema.js';
import { projectKeySchema } from '../../spec/contract/common.js';
import { descendingOrdersOf, FUNDING_PAGINATION, fundingListEnvelopeSchema, PROJECT_BOUND_APPLICATION_TYPE } from '../../spec/contract/funding.js';
import { fundingHasContent } from '../../harness-core/lease-candidates.js';
import type { CheckContext } from '../harness/check.js';
import type { Actor, ApiResponse } from '../harness/client.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { fundingOwner, type FundingNeed } from '../harness/resource-owner.js';

export type ExpectedApplication = NonNullable<NonNullable<Profile['resources']>['funding']>['applications'][number];

export const LIST_PATH = '/funding/applications';

export const projectListPath = (key: string) => `/reports/${encodeURIComponent(key)}/funding/applications`;
export const singlePath = (id: string) => `${LIST_PATH}/${encodeURIComponent(id)}`;

/** `?a=1&b=2` from pairs, values URL-encoded; raw strings pass through unchanged. */
export function withQuery(path: string, query: Record<string, string | number> | string = {}): string {
  const text = typeof query === 'string' ? query : Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
  return text ? `${path}?${text}` : path;
}

// ---------------------------------------------------------------------------------------------
// Profile prerequisites (options.needs)
// ---------------------------------------------------------------------------------------------

export function expectedApplications(profile: Profile): ExpectedApplication[] {
  return profile.resources?.funding?.applications ?? [];
}

/**
 * A funding owner the profile expects at least one application of: the owner of every check that
 * reads the customer's applications (a customer whose `applications` is empty has nothing to judge).
 */
export const HAS_APPLICATIONS: FundingNeed = {
  serves: (f) => f.applications.length > 0,
  what: 'resources.funding.applications with at least one expected application (or pool[].resources.funding.applications)',
};

/** The applications the check's funding owner (resource-owner.ts) is expected to see: at least one unless `need` says otherwise. */
export async function ownerApplications(t: CheckContext, need: FundingNeed = HAS_APPLICATIONS): Promise<ExpectedApplication[]> {
  return (await fundingOwner(t, need)).funding.applications;
}

/** A funding owner with a project that has applications, or one without any. */
export const WITH_APPLICATIONS: FundingNeed = { serves: (f) => f.projectWithApplications !== undefined, what: 'resources.funding.projectWithApplications (or pool[].resources.funding.projectWithApplications)' };
export const WITHOUT_APPLICATIONS: FundingNeed = { serves: (f) => f.projectWithoutApplications !== undefined, what: 'resources.funding.projectWithoutApplications (or pool[].resources.funding.projectWithoutApplications)' };

/** The customer the check reads funding as: the primary customer or a pool customer with expected applications. */
export async function fundingActor(t: CheckContext): Promise<Actor> {
  return (await fundingOwner(t, HAS_APPLICATIONS)).actor;
}

/** Every application id the profile expects for any customer. */
function everyExpectedId(profile: Profile): string[] {
  const pool = (profile.customers.pool ?? []).flatMap((c) => c.resources?.funding?.applications ?? []);
  return [...expectedApplications(profile), ...pool].map((a) => a.applicationId);
}

/** Funding of the primary customer with content: an expected application or a project (an empty `applications` names nothing). */
export const needsFunding = (p: Profile) =>
  fundingHasContent(p.resources?.funding) ? undefined : 'resources.funding with an expected application or a project (resources.funding.applications, projectWithApplications or projectWithoutApplications)';
export const needsApplications = (p: Profile) =>
  expectedApplications(p).length > 0 ? undefined : 'resources.funding.applications (at least one expected application of the primary customer)';
export const needsProjectWithApplications = (p: Profile) =>
  p.resources?.funding?.projectWithApplications ? undefined : 'resources.funding.projectWithApplications';
export const needsProjectWithoutApplications = (p: Profile) =>
  p.resources?.funding?.projectWithoutApplications ? undefined : 'resources.funding.projectWithoutApplications';
export const needsForeignApplication = (p: Profile) =>
  p.resources?.funding?.foreignApplicationId ? undefined : 'resources.funding.foreignApplicationId';
export const needsForeignProject = (p: Profile) => (p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey');

/** The first reason any of the prerequisites gives, or undefined when all hold. */
export function needsAll(...needs: ((p: Profile) => string | undefined)[]): (p: Profile) => string | undefined {
  return (p) => needs.map((need) => need(p)).find((reason) => reason !== undefined);
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** An application as the checks read it on their way: its id, the rest as the target sent it. */
const listedApplicationSchema = z.looseObject({ applicationId: z.string() });
export type ListedApplication = z.infer<typeof listedApplicationSchema>;

/** What the checks read of a list answer; FUND-1 judges the envelope and FUND-3 the applications. */
const listPageSchema = z.looseObject({ applications: z.array(listedApplicationSchema), total: z.number(), page: z.number(), limit: z.number() });
export type ListPage = z.infer<typeof listPageSchema>;

const LIST_OWNER = 'FUND-1 (the list envelope) and FUND-5 (applicationId a string)';

/**
 * The applications and paging of a list answer, for a check that judges something else (an order,
 * values, counts): an answer without them skips the check, the envelope's own check fails.
 */
export function readList(res: ApiResponse, what = 'the funding list'): ListPage {
  return readOnward(res, { status: 200, schema: listPageSchema, owner: LIST_OWNER, statusRule: 'FUND-1', what });
}

/** A list answer a check's own rule requires to be 200 (an accepted parameter, a readable list), read on. */
export function expectListAnswered(res: ApiResponse, what = 'the funding list'): ListPage {
  expectStatus(res, 200);
  return readList(res, what);
}

/** HTTP 200 and the list envelope `{status: 200, action, applications[], total, page, limit}` (FUND-1). */
export function expectListEnvelope(res: ApiResponse): void {
  expectStatus(res, 200);
  expectSchema(res, fundingListEnvelopeSchema, 'funding list');
}

/** `page` and `limit` of a list answer must echo the request (FUND-33), defaults filled in. */
export function expectPaging(list: ListPage, page: number, limit: number, where: string): void {
  expect(list.page, `${where}: page`).toBe(page);
  expect(list.limit, `${where}: limit`).toBe(limit);
  expect(list.applications.length, `${where}: a page holds at most limit applications`).toBeLessThanOrEqual(limit);
}

/** How many applications page `page` of `total` holds at `limit`: full pages, the remainder, then none. */
export function expectedPageLength(total: number, page: number, limit: number): number {
  return Math.max(0, Math.min(limit, total - (page - 1) * limit));
}

export const ids = (applications: readonly { applicationId: string }[]) => applications.map((a) => a.applicationId);

/**
 * Strictly descending (ids are unique) in one of the orders the spec leaves open: "Sorted by
 * application id descending" names no comparison (contract/funding.ts APPLICATION_ID_ORDERS).
 */
export function expectDescending(applications: readonly { applicationId: string }[], where: string): void {
  const list = ids(applications);
  expect(
    descendingOrdersOf(list),
    `${where}: the list must be sorted by application id descending (as text, or as numbers where all ids are digits), but it is ${JSON.stringify(list.slice(0, 12))}${list.length > 12 ? ' ...' : ''}`,
  ).not.toEqual([]);
}

/**
 * Records what an order rule (FUND-31) was judged on: an order over fewer than two applications
 * proves nothing, so with fewer the rule is not exercised.
 */
export function judgedOrder(t: CheckContext, rule: string, count: number, what: string): void {
  if (count < 2) t.notExercised(rule, `${what} holds ${count === 0 ? 'no application' : 'one application'}: an order needs at least two`);
  else t.judged(rule, count, `applications in order (${what})`);
}

/** Every id once: the duplicates, for the failure message. */
export function duplicates(values: readonly string[]): string[] {
  return [...new Set(values.filter((value, index) => values.indexOf(value) !== index))];
}

/**
 * Compares the applications seen with the profile's expectations: exactly the expected ids, each
 * with the expected status and project key (FUND-42).
 */
export function expectMatchesProfile(seen: readonly ListedApplication[], expected: readonly ExpectedApplication[], where: string): void {
  const seenIds = new Set(ids(seen));
  const expectedIds = new Set(expected.map((e) => e.applicationId));
  const missing = [...expectedIds].filter((id) => !seenIds.has(id));
  const unexpected = [...seenIds].filter((id) => !expectedIds.has(id));
  expect(missing, `${where}: expected applications of the profile that the target did not list`).toEqual([]);
  expect(unexpected, `${where}: applications the target listed that the profile does not expect`).toEqual([]);
  const byId = new Map(seen.map((a) => [a.applicationId, a]));
  const mismatches = expected.flatMap((e) => {
    const actual = byId.get(e.applicationId);
    if (!actual) return [];
    const wrong: string[] = [];
    if (actual.status !== e.status) wrong.push(`${e.applicationId}: status ${JSON.stringify(actual.status)}, expected ${JSON.stringify(e.status)}`);
    if (actual.projectKey !== e.projectKey) {
      wrong.push(`${e.applicationId}: projectKey ${JSON.stringify(actual.projectKey)}, expected ${JSON.stringify(e.projectKey)}`);
    }
    return wrong;
  });
  expect(mismatches, `${where}: applications whose status or projectKey differ from the profile`).toEqual([]);
}

/** The members of an application the checks of its project and kind judge, with their types (FUND-10, FUND-11, FUND-19, FUND-22). */
export const linkedApplicationSchema = z.looseObject({
  applicationId: z.string(),
  applicationType: z.unknown(),
  projectId: z.number().nullable(),
  projectKey: projectKeySchema.nullable(),
  advisor: z.looseObject({ id: z.string().nullable(), assigned: z.boolean() }),
});
export type LinkedApplication = z.infer<typeof linkedApplicationSchema>;

/**
 * Rules between the fields of one application that the field table implies:
 * - a project key names the project of a project-bound application (FUND-8);
 * - an application of another kind has no project reference (FUND-12);
 * - `projectId` and `projectKey` both name the assigned own project, so both are present or both null
 *   ("null when none available" / "null ... when the project is no longer available") (FUND-10, FUND-11);
 * - an advisor id exists only with an advisor assignment (FUND-19, FUND-22).
 */
export function fieldConsistencyProblems(a: LinkedApplication): string[] {
  const problems: string[] = [];
  const at = `application ${a.applicationId}`;
  if (a.projectKey !== null && a.applicationType !== PROJECT_BOUND_APPLICATION_TYPE) {
    problems.push(`${at}: has projectKey ${a.projectKey} but applicationType ${JSON.stringify(a.applicationType)} instead of "${PROJECT_BOUND_APPLICATION_TYPE}"`);
  }
  if (a.applicationType !== PROJECT_BOUND_APPLICATION_TYPE && (a.projectKey !== null || a.projectId !== null)) {
    problems.push(`${at}: a standalone application (applicationType ${JSON.stringify(a.applicationType)}) must have projectKey and projectId null`);
  }
  if ((a.projectKey === null) !== (a.projectId === null)) {
    problems.push(`${at}: projectKey ${JSON.stringify(a.projectKey)} and projectId ${JSON.stringify(a.projectId)} must both name the assigned project or both be null`);
  }
  if (a.advisor.id !== null && !a.advisor.assigned) {
    problems.push(`${at}: advisor.id ${JSON.stringify(a.advisor.id)} is set, but advisor.assigned is false`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Identifiers that do not exist
// ---------------------------------------------------------------------------------------------

/**
 * An application id of the same shape as `like` (digits stay digits, same length) that is neither
 * `like` nor one of the profile's applications: a never-existing id for the requesting customer.
 */
export function absentApplicationId(like: string, profile: Profile): string {
  const known = new Set([like, ...everyExpectedId(profile)]);
  for (;;) {
    const candidate = /^\d+$/.test(like)
      ? Array.from({ length: Math.max(like.length, 8) }, () => String(randomInt(10))).join('').replace(/^0/, '9')
      : `cpf-${randomBytes(8).toString('hex')}`;
    if (!known.has(candidate)) return candidate;
  }
}

// ---------------------------------------------------------------------------------------------
// Walking the list
// ---------------------------------------------------------------------------------------------

/**
 * A page size for the pagination walk: about a third of the expected applications, so the walk
 * crosses page boundaries at an uneven size in three or four requests (at most `maxLimit`).
 */
export function walkLimit(expectedCount: number): number {
  return Math.min(FUNDING_PAGINATION.maxLimit, Math.max(1, Math.ceil(expectedCount / 3)));
}

export interface Walk {
  pages: ListPage[];
  /** The page after the last one that held applications. */
  pastEnd: ListPage;
  pastEndPage: number;
}

/**
 * Requests page 1, 2, ... at `limit` until a page holds fewer than `limit` applications, then the
 * page after it; every page must be answered 200 ("pages past the end are empty lists"). Bounded by
 * the larger of the reported and the expected total, plus a margin, so a target that never ends its
 * list fails instead of looping.
 */
export async function walk(actor: Actor, path: string, limit: number, expectedCount: number): Promise<Walk> {
  const pages: ListPage[] = [];
  let page = 1;
  for (;;) {
    const list = expectListAnswered(await actor.get(withQuery(path, { page, limit })), `page ${page} at limit ${limit}`);
    pages.push(list);
    if (list.applications.length < limit) break;
    const bound = Math.ceil(Math.max(list.total, expectedCount) / limit) + 1;
    expect(page, `the walk at limit ${limit} did not end after ${bound} full pages (total ${list.total})`).toBeLessThan(bound);
    page += 1;
  }
  // The page that held fewer than `limit` may be the empty one past the end already.
  const last = pages[pages.length - 1] as ListPage;
  if (last.applications.length === 0 && pages.length > 1) {
    pages.pop();
    return { pages, pastEnd: last, pastEndPage: page };
  }
  const pastEndPage = page + 1;
  const pastEnd = expectListAnswered(await actor.get(withQuery(path, { page: pastEndPage, limit })), `page ${pastEndPage} past the end`);
  return { pages, pastEnd, pastEndPage };
}

// ---------------------------------------------------------------------------------------------
// One reading of the whole customer list, shared by the checks of the file
// ---------------------------------------------------------------------------------------------

const shared = new Map<string, Promise<{ applications: ListedApplication[]; responses: ApiResponse[] }>>();

/** Pages 1, 2, ... at the maximum limit until one holds fewer than the limit or all `total` were read. */
async function readAll(actor: Actor, expectedCount: number): Promise<{ applications: ListedApplication[]; responses: ApiResponse[] }> {
  const limit = FUNDING_PAGINATION.maxLimit;
  const applications: ListedApplication[] = [];
  const responses: ApiResponse[] = [];
  for (let page = 1; ; page++) {
    const res = await actor.get(withQuery(LIST_PATH, { page, limit }));
    responses.push(res);
    const list = readList(res, `page ${page} of the customer list`);
    applications.push(...list.applications);
    if (list.applications.length < limit || applications.length >= list.total) break;
    const bound = Math.ceil(Math.max(list.total, expectedCount) / limit) + 1;
    expect(page, `the list at limit ${limit} did not end after ${bound} full pages (total ${list.total})`).toBeLessThan(bound);
  }
  return { applications, responses };
}

/**
 * Every application of the check's funding owner, read once per file and owner at the maximum limit
 * and handed to each check that asks (with the exchanges attached to it), so the checks comparing
 * field values with the profile spend that customer's budget once together.
 */
export async function sharedApplications(t: CheckContext): Promise<ListedApplication[]> {
  const { actor, funding } = await fundingOwner(t, HAS_APPLICATIONS);
  let reading = shared.get(actor.label);
  const first = reading === undefined;
  if (!reading) {
    reading = readAll(actor, funding.applications.length);
    shared.set(actor.label, reading);
    reading.catch(() => shared.delete(actor.label));
  }
  const { applications, responses } = await reading;
  if (!first) for (const res of responses) t.record(res.exchange);
  return applications;
}
