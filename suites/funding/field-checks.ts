/**
 * The application object ("Funding application (read only)"), one rule per check: that it holds no
 * field beyond the core fields ("Only these core fields are output"), that none of them is omitted
 * ("Missing values are null"), and the type of each field as the table gives it. All of them judge
 * the one reading of the customer list the file shares (sharedApplications), so together they spend
 * one or two requests of the owner's budget; a field that is missing is FUND-4's, so the type checks
 * judge only the fields that are there.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { FUNDING_PAGINATION, FUNDING_TIME_FIELDS, fundingAdvisorSchema, fundingApplicationSchema } from '../../spec/contract/funding.js';
import { check } from '../harness/check.js';
import { plural } from '../harness/judged-parts.js';
import type { Actor } from '../harness/client.js';
import { readOnward } from '../harness/read-onward.js';
import { fundingOwner } from '../harness/resource-owner.js';
import { HAS_APPLICATIONS, LIST_PATH, needsApplications, sharedApplications, withQuery, type ListedApplication } from './support.js';

const CORE_FIELDS = Object.keys(fundingApplicationSchema.shape);
const ADVISOR_FIELDS = Object.keys(fundingAdvisorSchema.shape);

type TopField = keyof typeof fundingApplicationSchema.shape;
type AdvisorField = keyof typeof fundingAdvisorSchema.shape;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const untypedPageSchema = z.looseObject({ applications: z.array(z.unknown()), total: z.number() });

/** Every application of the customer list as sent, read at the maximum limit; FUND-1 judges the envelope. */
async function readUntyped(actor: Actor, expectedCount: number): Promise<unknown[]> {
  const limit = FUNDING_PAGINATION.maxLimit;
  const applications: unknown[] = [];
  for (let page = 1; ; page++) {
    const list = readOnward(await actor.get(withQuery(LIST_PATH, { page, limit })), { status: 200, schema: untypedPageSchema, owner: 'FUND-1', what: `page ${page} of the customer list` });
    applications.push(...list.applications);
    if (list.applications.length < limit || applications.length >= list.total) return applications;
    expect(page, `the list at limit ${limit} did not end (total ${list.total})`).toBeLessThan(Math.ceil(Math.max(list.total, expectedCount) / limit) + 1);
  }
}

/** At most five problems in a failure message, and how many more there are. */
function expectNone(problems: readonly string[], total: number, what: string): void {
  const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
  expect(problems.length, `${what}: ${problems.length} of ${total} applications differ: ${shown}`).toBe(0);
}

/** The value of `field` that is there, as the target sent it (undefined when it is not). */
function valueOf(a: ListedApplication, field: TopField | `advisor.${AdvisorField}`): { present: boolean; value: unknown } {
  if (!field.startsWith('advisor.')) return { present: field in a, value: a[field] };
  const advisor = a.advisor;
  const name = field.slice('advisor.'.length);
  return isPlainObject(advisor) && name in advisor ? { present: true, value: advisor[name] } : { present: false, value: undefined };
}

/** Every present value of `field` must match its schema of the table. */
function typeProblems(applications: readonly ListedApplication[], field: TopField | `advisor.${AdvisorField}`, schema: z.ZodType): string[] {
  return applications.flatMap((a) => {
    const { present, value } = valueOf(a, field);
    if (!present) return [];
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : [`${a.applicationId}: ${field} ${JSON.stringify(value)} (${parsed.error.issues[0]?.message ?? 'invalid'})`];
  });
}

/**
 * How many values of `field` the applications carry other than null: the values a type or format
 * rule was judged on. A null passes every rule of the table that allows it without showing the
 * type or format of a value (an early-stage application has no bzaId, dates or advisor yet).
 */
function valuesOtherThanNull(applications: readonly ListedApplication[], field: TopField | `advisor.${AdvisorField}`): number {
  return applications.filter((a) => {
    const { present, value } = valueOf(a, field);
    return present && value !== null;
  }).length;
}

const topSchema = (field: TopField) => fundingApplicationSchema.shape[field] as z.ZodType;
const advisorSchema = (field: AdvisorField) => fundingAdvisorSchema.shape[field] as z.ZodType;

/** The field rules of the table: rule, field, what the table says of it. */
const TYPE_RULES: readonly [rule: string, field: TopField | `advisor.${AdvisorField}`, schema: z.ZodType, what: string][] = [
  ['FUND-10', 'projectId', topSchema('projectId'), 'a number or null'],
  ['FUND-11', 'projectKey', topSchema('projectKey'), 'a project key (nine letters) or null'],
  ['FUND-14', 'bzaId', topSchema('bzaId'), 'a string or null ("string with leading zeros kept")'],
  ['FUND-15', 'bndId', topSchema('bndId'), 'a string or null ("string with leading zeros kept")'],
  ['FUND-16', 'statusLabel', topSchema('statusLabel'), 'a string (null only when missing)'],
  ['FUND-17', 'statusStep', topSchema('statusStep'), 'a number (null only when missing)'],
  ['FUND-18', 'nextAction', topSchema('nextAction'), 'a string (null only when missing)'],
  ['STAT-10', 'status', topSchema('status'), 'one of the eleven status values'],
  ['FUND-19', 'advisor.id', advisorSchema('id'), 'a string or null'],
  ['FUND-20', 'advisor.name', advisorSchema('name'), 'a string or null'],
  ['FUND-21', 'advisor.title', advisorSchema('title'), 'a string or null'],
];

/** Per application, the field names `pick` finds from those it carries and the core ones, at the top and inside `advisor`. */
function fieldDeviations(applications: readonly ListedApplication[], pick: (carried: readonly string[], core: readonly string[]) => string[]): string[] {
  return applications.flatMap((a) => {
    const advisor = isPlainObject(a.advisor) ? pick(Object.keys(a.advisor), ADVISOR_FIELDS).map((k) => `advisor.${k}`) : [];
    const found = [...pick(Object.keys(a), CORE_FIELDS), ...advisor];
    return found.length === 0 ? [] : [`${a.applicationId}: ${found.join(', ')}`];
  });
}

/** Registers the checks (called by funding.test.ts, so that all funding checks run concurrently in one file). */
export function fieldChecks(): void {
  describe('the application object', () => {
    check(
      'FUND-3',
      'every application carries no field beyond the core fields of the table, also inside `advisor` ("Only these core fields are output")',
      async (t) => {
        const applications = await sharedApplications(t);
        const problems = fieldDeviations(applications, (carried, core) => carried.filter((k) => !core.includes(k)));
        expectNone(problems, applications.length, 'fields beyond the core fields');
        t.judged('FUND-3', applications.length, plural(applications.length, 'application', 'applications'));
      },
      { needs: needsApplications },
    );

    check(
      'FUND-4',
      'every application carries every core field, also those without a value (null, not omitted), and `advisor` with its four fields',
      async (t) => {
        const applications = await sharedApplications(t);
        const problems = fieldDeviations(applications, (carried, core) => core.filter((k) => !carried.includes(k)));
        expectNone(problems, applications.length, 'core fields omitted');
        t.judged('FUND-4', applications.length, plural(applications.length, 'application', 'applications'));
      },
      { needs: needsApplications },
    );

    // The shared reading needs string ids to go on, so this check reads the list on its own.
    check(
      'FUND-5',
      'every `applicationId` is a non-empty string, unique among the applications',
      async (t) => {
        const { actor, funding } = await fundingOwner(t, HAS_APPLICATIONS);
        const applications = await readUntyped(actor, funding.applications.length);
        const seen = applications.map((a) => (isPlainObject(a) ? a.applicationId : undefined));
        expect(seen.filter((id) => typeof id !== 'string' || id === '').map((id) => JSON.stringify(id) ?? '(absent)'), 'application ids that are not non-empty strings').toEqual([]);
        expect(seen.filter((id, i) => seen.indexOf(id) !== i), 'application ids that occur more than once').toEqual([]);
        t.judged('FUND-5', seen.length, plural(seen.length, 'application id', 'application ids'));
      },
      { needs: needsApplications },
    );

    for (const [rule, field, schema, what] of TYPE_RULES) {
      check(
        rule,
        `\`${field}\` of every application is ${what}`,
        async (t) => {
          const applications = await sharedApplications(t);
          expectNone(typeProblems(applications, field, schema), applications.length, `${field} must be ${what}`);
          // Only a value shows its type; a null (allowed for most fields) shows none.
          const values = valuesOtherThanNull(applications, field);
          t.judged(rule, values, `\`${field}\` ${plural(values, 'value', 'values')} other than null`);
        },
        { needs: needsApplications },
      );
    }

    check(
      'FUND-22',
      '`advisor` of every application is an object whose `assigned` is a boolean (it tells whether an assignment exists, so it is there also when none does)',
      async (t) => {
        const applications = await sharedApplications(t);
        const problems = applications.flatMap((a) => {
          if (!('advisor' in a)) return [];
          if (!isPlainObject(a.advisor)) return [`${a.applicationId}: advisor ${JSON.stringify(a.advisor)}`];
          return typeProblems([a], 'advisor.assigned', advisorSchema('assigned'));
        });
        expectNone(problems, applications.length, 'advisor.assigned must be a boolean');
        const advisors = applications.filter((a) => 'advisor' in a).length;
        t.judged('FUND-22', advisors, `\`advisor\` ${plural(advisors, 'object', 'objects')}`);
      },
      { needs: needsApplications },
    );

    check(
      'FUND-23',
      `the milestone times (${FUNDING_TIME_FIELDS.join(', ')}) of every application are ISO 8601 UTC with offset +00:00, or null`,
      async (t) => {
        const applications = await sharedApplications(t);
        expectNone(
          FUNDING_TIME_FIELDS.flatMap((field) => typeProblems(applications, field, topSchema(field))),
          applications.length,
          'milestone times must be ISO 8601 UTC (+00:00) or null',
        );
        // Only a time shows the format; null (not stored) shows none.
        const times = FUNDING_TIME_FIELDS.map((field) => [field, valuesOtherThanNull(applications, field)] as const);
        const seen = times.filter(([, count]) => count > 0).map(([field, count]) => `${field} ${count}`);
        const total = times.reduce((sum, [, count]) => sum + count, 0);
        t.judged('FUND-23', total, `milestone ${plural(total, 'time', 'times')} other than null${seen.length > 0 ? ` (${seen.join(', ')})` : ''}`);
      },
      { needs: needsApplications },
    );
  });
}
