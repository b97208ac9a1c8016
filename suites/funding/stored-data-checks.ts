/**
 * Values that follow from what the target stores for an application ("Funding application (read
 * only)"): `projectKey` is null "when the project is no longer available" (also `projectId`: "null
 * when none available"), and `advisor.name` is the "full name, else stored advisor name, else
 * null". Which project is gone and which names are stored is not visible through the interface,
 * so the profile states them (resources.funding.applications[].projectNoLongerAvailable and
 * .advisor); without them the checks are skipped.
 *
 * Both judge the one walk of the customer list the file shares (sharedApplications).
 */
import { describe, expect } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import { check, type CheckContext } from '../harness/check.js';
import { plural } from '../harness/judged-parts.js';
import { expectedApplications, needsAll, needsApplications, ownerApplications, sharedApplications, type ExpectedApplication, type ListedApplication } from './support.js';

const unavailableProjects = (applications: readonly ExpectedApplication[]) => applications.filter((e) => e.projectNoLongerAvailable === true);
const storedAdvisors = (applications: readonly ExpectedApplication[]) => applications.filter((e) => e.advisor !== undefined);

/** The owner's expected applications that `pick` selects: only an owner whose profile entry states some is leased. */
async function ownerExpected(t: CheckContext, pick: (applications: readonly ExpectedApplication[]) => ExpectedApplication[], what: string): Promise<ExpectedApplication[]> {
  return pick(await ownerApplications(t, { serves: (f) => pick(f.applications).length > 0, what: `expected applications that state an ${what}` }));
}

const needsUnavailable = (p: Profile) =>
  unavailableProjects(expectedApplications(p)).length > 0 ? undefined : 'an application with projectNoLongerAvailable: true in resources.funding.applications';
const needsAdvisors = (p: Profile) => (storedAdvisors(expectedApplications(p)).length > 0 ? undefined : 'applications with their stored advisor names (advisor) in resources.funding.applications');

/** The applications of `expected` as the list showed them; those missing from it fail the check. */
function seenOf(seen: readonly ListedApplication[], expected: readonly ExpectedApplication[], what: string): [ExpectedApplication, ListedApplication][] {
  const byId = new Map(seen.map((a) => [a.applicationId, a]));
  const missing = expected.filter((e) => !byId.has(e.applicationId)).map((e) => e.applicationId);
  expect(missing, `applications ${what} are missing from GET /funding/applications`).toEqual([]);
  return expected.map((e) => [e, byId.get(e.applicationId) as ListedApplication]);
}

function expectNone(problems: readonly string[], total: number, what: string): void {
  const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
  expect(problems.length, `${what}: ${problems.length} of ${total} differ: ${shown}`).toBe(0);
}

export function storedDataChecks(): void {
  describe('values that follow from stored data', () => {
    check(
      'FUND-46',
      'an application whose project is no longer available (projectNoLongerAvailable in the profile) must show projectKey null and projectId null',
      async (t) => {
        const expected = await ownerExpected(t, unavailableProjects, 'application whose project is no longer available (projectNoLongerAvailable)');
        const pairs = seenOf(await sharedApplications(t), expected, 'whose project is no longer available');
        const wrong = pairs.flatMap(([e, a]) => (a.projectKey === null && a.projectId === null ? [] : [`${e.applicationId}: projectKey ${JSON.stringify(a.projectKey)}, projectId ${JSON.stringify(a.projectId)}`]));
        expectNone(wrong, pairs.length, 'projectKey and projectId must be null when the project is no longer available');
        t.judged('FUND-46', pairs.length, `${plural(pairs.length, 'application whose project is', 'applications whose project is')} no longer available`);
      },
      { needs: needsAll(needsApplications, needsUnavailable) },
    );

    check(
      'FUND-47',
      '`advisor.name` must be the stored full name, else the stored advisor name, else null (names from the profile, every application that states them)',
      async (t) => {
        const expected = await ownerExpected(t, storedAdvisors, 'stored advisor names');
        const pairs = seenOf(await sharedApplications(t), expected, 'with stored advisor names');
        const wrong = pairs.flatMap(([e, a]) => {
          const names = e.advisor as NonNullable<ExpectedApplication['advisor']>;
          const name = names.fullName ?? names.storedName ?? null;
          const shown = (a.advisor as { name?: unknown } | null | undefined)?.name;
          return shown === name ? [] : [`${e.applicationId}: advisor.name ${JSON.stringify(shown) ?? '(absent)'}, expected ${JSON.stringify(name)} (full name ${JSON.stringify(names.fullName)}, stored name ${JSON.stringify(names.storedName)})`];
        });
        expectNone(wrong, pairs.length, 'advisor.name must fall back from the full name to the stored name to null');
        t.judged('FUND-47', pairs.length, `${plural(pairs.length, 'application', 'applications')} with stored advisor names`);
      },
      { needs: needsAll(needsApplications, needsAdvisors) },
    );
  });
}
