/**
 * Field values the contract's types cannot judge ("Funding application (read only)"): `bzaId` and
 * `bndId` are strings "with leading zeros kept", `statusLabel` is a "German display label" and
 * `nextAction` a "German hint". A target that strips zeros still returns a string, and an English
 * label is still a string, so these checks compare with the values the profile expects
 * (resources.funding.applications[].bzaId, .bndId, .statusLabel, .nextAction) exactly. Which
 * words are German cannot be told from outside: without expected values the checks are skipped.
 *
 * The four checks judge one walk of the customer list at the maximum limit (sharedApplications),
 * so together they spend one or two requests of the primary customer's budget.
 */
import { describe, expect } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import { check } from '../harness/check.js';
import { expectedApplications, needsAll, needsApplications, ownerApplications, sharedApplications, type ExpectedApplication, type ListedApplication } from './support.js';

type ComparedField = 'bzaId' | 'bndId' | 'statusLabel' | 'nextAction';

const withLeadingZero = (value: string | null | undefined) => typeof value === 'string' && /^0/.test(value);

/** The profile's applications that carry an expected value of `field` (leading zeros required for the ids). */
function expectingField(applications: readonly ExpectedApplication[], field: ComparedField): ExpectedApplication[] {
  return applications.filter((e) => (field === 'bzaId' || field === 'bndId' ? withLeadingZero(e[field]) : e[field] !== undefined));
}

/** Every application whose expected `field` the profile gives must show exactly that value; returns the values compared. */
function expectFieldMatches(seen: readonly ListedApplication[], applications: readonly ExpectedApplication[], field: ComparedField): ExpectedApplication[] {
  const byId = new Map(seen.map((a) => [a.applicationId, a]));
  const expected = applications.filter((e) => e[field] !== undefined);
  const missing = expected.filter((e) => !byId.has(e.applicationId)).map((e) => e.applicationId);
  expect(missing, `applications whose ${field} the profile expects are missing from GET /funding/applications`).toEqual([]);
  const wrong = expected.flatMap((e) => {
    const application = byId.get(e.applicationId);
    if (!application || application[field] === e[field]) return [];
    return [`${e.applicationId}: ${field} ${JSON.stringify(application[field]) ?? '(absent)'}, expected ${JSON.stringify(e[field])}`];
  });
  const shown = wrong.slice(0, 5).join('; ') + (wrong.length > 5 ? `; and ${wrong.length - 5} more` : '');
  expect(wrong.length, `${field} must equal the profile's expected value exactly, ${wrong.length} of ${expected.length} differ: ${shown}`).toBe(0);
  return expected;
}

const needsField = (field: ComparedField, what: string) => (p: Profile) =>
  expectingField(expectedApplications(p), field).length > 0 ? undefined : `resources.funding.applications[].${field} (${what})`;

/** Registers the checks (called by funding.test.ts, so that all funding checks run concurrently in one file). */
export function expectedValueChecks(): void {
  describe('values the profile expects', () => {
    const cases: [rule: string, field: ComparedField, title: string, what: string][] = [
      ['FUND-14', 'bzaId', '`bzaId` of every application equals the profile\'s expected string exactly: leading zeros kept', 'at least one expected bzaId with a leading zero'],
      ['FUND-15', 'bndId', '`bndId` of every application equals the profile\'s expected string exactly: leading zeros kept', 'at least one expected bndId with a leading zero'],
      ['FUND-16', 'statusLabel', '`statusLabel` of every application equals the German display label the profile expects', 'the expected German label of at least one application'],
      ['FUND-18', 'nextAction', '`nextAction` of every application equals the German hint the profile expects', 'the expected German hint of at least one application'],
    ];
    for (const [rule, field, title, what] of cases) {
      check(
        rule,
        title,
        async (t) => {
          const applications = await ownerApplications(t, { serves: (f) => expectingField(f.applications, field).length > 0, what: `an expected application with ${what}` });
          const compared = expectFieldMatches(await sharedApplications(t), applications, field);
          // A null compared shows nothing of the format (bzaId and bndId are null while absent); the leading zeros are what FUND-14 and FUND-15 are about.
          const values = compared.filter((e) => e[field] !== null);
          const zeros = field === 'bzaId' || field === 'bndId' ? ` (${values.filter((e) => withLeadingZero(e[field])).length} with leading zeros)` : '';
          t.judged(rule, values.length, `${field} values compared with the profile's${zeros}`);
        },
        { needs: needsAll(needsApplications, needsField(field, what)) },
      );
    }
  });
}
