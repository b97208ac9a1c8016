import type { Profile } from '../../spec/profile.schema.js';
import type { DoctorContext } from './context.js';
import { busy, ok, skip, unlessBusy, wrong, type Finding } from './findings.js';
import { allApplications, describeAnswer, type ListedApplication, type Reader } from '../target/target-reads.js';

/**
 * The funding applications the profile expects: each one is listed with the fields the profile
 * gives, the list holds no others (the funding checks compare the whole list), and the projects
 * with and without applications and the foreign application answer as their fields say.
 */
type Expected = NonNullable<NonNullable<Profile['resources']>['funding']>['applications'][number];

interface Expectation {
  base: string;
  owner: string;
  applications: Expected[];
  withApplications?: string | undefined;
  withoutApplications?: string | undefined;
}

function expectationsOf(profile: Profile): Expectation[] {
  const primary = profile.resources?.funding;
  const out: Expectation[] = [];
  if (primary) {
    out.push({ base: 'resources.funding', owner: 'customers.primary', applications: primary.applications, withApplications: primary.projectWithApplications, withoutApplications: primary.projectWithoutApplications });
  }
  profile.customers.pool?.forEach((c, i) => {
    const funding = c.resources?.funding;
    if (funding) {
      out.push({ base: `customers.pool[${i}].resources.funding`, owner: `customers.pool[${i}]`, applications: funding.applications, withApplications: funding.projectWithApplications, withoutApplications: funding.projectWithoutApplications });
    }
  });
  return out;
}

export async function fundingFindings(ctx: DoctorContext): Promise<Finding[]> {
  const groups = await Promise.all([...expectationsOf(ctx.profile).map((e) => customerFindings(ctx, e)), foreignApplication(ctx)]);
  return groups.flat();
}

async function customerFindings(ctx: DoctorContext, e: Expectation): Promise<Finding[]> {
  const who = ctx.as(e.owner);
  if (!who) return [skip(e.base, `not verifiable without ${e.owner}`)];
  const [list, ...projects] = await Promise.all([
    listFindings(who, e),
    projectList(ctx, who, e, `${e.base}.projectWithApplications`, e.withApplications, true),
    projectList(ctx, who, e, `${e.base}.projectWithoutApplications`, e.withoutApplications, false),
  ]);
  return [...list, ...projects.flat()];
}

async function listFindings(who: Reader, e: Expectation): Promise<Finding[]> {
  const field = `${e.base}.applications`;
  const listed = await allApplications(who, '/funding/applications');
  if ('refused' in listed) {
    return [unlessBusy(field, `GET /funding/applications as ${e.owner}`, listed.refused, () => wrong(field, `GET /funding/applications as ${e.owner} answered ${describeAnswer(listed.refused)}, not a list`, `check ${e.owner}'s token`))];
  }
  const byId = new Map(listed.applications.map((a) => [a.applicationId, a]));
  const findings = e.applications.flatMap((expected, i) => {
    const actual = byId.get(expected.applicationId);
    const at = `${field}[${i}]`;
    if (!actual) {
      return [wrong(`${at}.applicationId`, `${JSON.stringify(expected.applicationId)} is not listed by GET /funding/applications of ${e.owner}`, 'the applicationId exactly as the target lists it (leading zeros kept), or remove the entry')];
    }
    return fieldMismatches(expected, actual).map(([name, shown, wanted]) => {
      const optional = name !== 'status' && name !== 'projectKey';
      const value = name === 'advisor' ? 'the advisor names stored for it' : 'the value the target shows';
      return wrong(`${at}.${name}`, `the target lists ${shown}, the profile expects ${wanted}`, `${value} if that is right (otherwise the target deviates and the funding checks will say so)${optional ? ', or leave the field out' : ''}`);
    });
  });
  const expectedIds = new Set(e.applications.map((a) => a.applicationId));
  const unexpected = listed.applications.filter((a) => !expectedIds.has(a.applicationId)).map((a) => a.applicationId);
  if (unexpected.length > 0) {
    const shown = unexpected.slice(0, 5).join(', ') + (unexpected.length > 5 ? `, and ${unexpected.length - 5} more` : '');
    findings.push(wrong(field, `the target lists ${unexpected.length} application(s) the profile does not expect (${shown}); the funding checks compare the whole list`, 'add every application the customer sees'));
  }
  if (findings.length === 0) findings.push(ok(field, `all ${e.applications.length} listed with the fields the profile gives, and no others`));
  return findings;
}

/** [field, what the target shows, what the profile expects] for each field the profile gives that differs. */
function fieldMismatches(expected: Expected, actual: ListedApplication): [string, string, string][] {
  const out: [string, string, string][] = [];
  const show = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value));
  const compare = (name: keyof Expected & keyof ListedApplication) => {
    if (expected[name] !== undefined && actual[name] !== expected[name]) out.push([name, show(actual[name]), show(expected[name])]);
  };
  (['status', 'projectKey', 'bzaId', 'bndId', 'statusLabel', 'nextAction'] as const).forEach(compare);
  if (expected.projectNoLongerAvailable && (actual.projectKey !== null || actual.projectId !== null)) {
    out.push(['projectNoLongerAvailable', `projectKey ${show(actual.projectKey)} and projectId ${show(actual.projectId)}`, 'both null']);
  }
  if (expected.advisor) {
    const name = expected.advisor.fullName ?? expected.advisor.storedName;
    const shown = (actual.advisor as { name?: unknown } | undefined)?.name;
    if (shown !== name) out.push(['advisor', `advisor.name ${show(shown)}`, `${show(name)} (the full name, else the stored name)`]);
  }
  return out;
}

/** A project's own list: non-empty for projectWithApplications, empty for projectWithoutApplications. */
async function projectList(ctx: DoctorContext, who: Reader, e: Expectation, field: string, key: string | undefined, withApplications: boolean): Promise<Finding[]> {
  if (key === undefined) return [];
  const path = `/reports/${key}/funding/applications`;
  const answer = await ctx.read(who, `${path}?page=1&limit=1`);
  const fix = `an own project of ${e.owner} ${withApplications ? 'with at least one' : 'without'} funding application${withApplications ? '' : 's'}${e.base === 'resources.funding' ? ', or leave it out' : ''}`;
  return [
    unlessBusy(field, `GET ${path}`, answer, () => {
      const applications = (answer.json as { applications?: unknown } | undefined)?.applications;
      if (answer.status !== 200 || !Array.isArray(applications)) return wrong(field, `GET ${path} as ${e.owner} answered ${describeAnswer(answer)}`, fix);
      if (applications.length > 0 === withApplications) return ok(field, `GET ${path} lists ${applications.length > 0 ? 'applications' : 'none'}`);
      return wrong(field, `GET ${path} lists ${withApplications ? 'none' : 'applications'}`, fix);
    }),
  ];
}

/** The foreign application: 404 to the primary customer, 200 to the foreign one. */
async function foreignApplication(ctx: DoctorContext): Promise<Finding[]> {
  const id = ctx.profile.resources?.funding?.foreignApplicationId;
  const primary = ctx.as('customers.primary');
  if (id === undefined || !primary) return [];
  const field = 'resources.funding.foreignApplicationId';
  const path = `/funding/applications/${encodeURIComponent(id)}`;
  const fix = 'the applicationId of an application of customers.foreign, or leave it out';
  const foreign = ctx.as('customers.foreign');
  const [seen, own] = await Promise.all([ctx.read(primary, path), foreign ? ctx.read(foreign, path) : undefined]);
  const findings: Finding[] = [];
  if (seen.status === 429) findings.push(busy(field, `GET ${path} as customers.primary`));
  else if (seen.status !== 404) findings.push(wrong(field, `GET ${path} as customers.primary answered ${describeAnswer(seen)}, expected 404`, fix));
  if (own?.status === 429) findings.push(busy(field, `GET ${path} as customers.foreign`));
  else if (own && own.status !== 200) findings.push(wrong(field, `GET ${path} as customers.foreign answered ${describeAnswer(own)}, expected 200`, fix));
  if (findings.length > 0) return findings;
  return [own ? ok(field, 'answers 404 to customers.primary and 200 to customers.foreign') : ok(field, 'answers 404 to customers.primary (without customers.foreign its owner is not verified)')];
}
