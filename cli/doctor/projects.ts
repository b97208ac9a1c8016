import type { Profile } from '../../spec/profile.schema.js';
import type { DoctorContext } from './context.js';
import { ok, skip, unlessBusy, wrong, type Finding } from './findings.js';
import type { Answer } from '../paced-reader.js';
import { describeAnswer, headerOf, mentionsKey, pictureCount, resultsKind, type Reader } from '../target/target-reads.js';

/**
 * Every project key of the profile: it exists for its owner, and it answers as its purpose says
 * (results 200 / 422 calculation_unavailable / 403, status 4 or 5, pictures, not listed as a main
 * project; the projects of customers without license: neither 404 nor 422). Read-only: the pdf
 * endpoint is never called (paced-reader.ts refuses it).
 */
type Purpose = 'exists' | 'state' | 'calculable' | 'unlicensed' | 'incomplete' | 'hookIncomplete' | 'outside' | 'pictures' | 'variant';

interface Claim {
  field: string;
  owner: string;
  key: string;
  purpose: Purpose;
}

const WANTED: Record<Purpose, (owner: string) => string> = {
  exists: (o) => `the key of a project of ${o}`,
  state: (o) => `a project of ${o} in status 4 (completed) or 5 (archived)`,
  calculable: (o) => `a project of ${o} whose GET .../results answers 200 (complete data, inside the license radius)`,
  unlicensed: (o) => `a project of ${o} with complete data inside its license radius (its GET .../results answers 403 for the missing license, never 422 calculation_unavailable)`,
  incomplete: (o) => `a project of ${o} whose GET .../results answers 422 calculation_unavailable`,
  hookIncomplete: (o) => `a project of ${o} whose data cannot be calculated (GET .../results answers 422 calculation_unavailable), so that its PDF fails`,
  outside: (o) => `a project of ${o} outside its license radius (GET .../results answers 403)`,
  pictures: (o) => `a project of ${o} with at least one picture`,
  variant: (o) => `the key of a project variant of ${o} (made in the portal beside a main project; GET /reports lists main projects only)`,
};
const fixOf = (claim: Claim) => `${WANTED[claim.purpose](claim.owner)}, or leave it out (its checks are then skipped)`;

export function claimsOf(profile: Profile): Claim[] {
  const claims: Claim[] = [];
  const add = (field: string, owner: string, key: string | undefined, purpose: Purpose) => {
    if (key !== undefined) claims.push({ field, owner, key, purpose });
  };
  const keys = profile.resources?.primaryProjectKeys;
  const primary = 'customers.primary';
  add('resources.primaryProjectKeys.calculable', primary, keys?.calculable, 'calculable');
  add('resources.primaryProjectKeys.incomplete', primary, keys?.incomplete, 'incomplete');
  add('resources.primaryProjectKeys.archived', primary, keys?.archived, 'state');
  add('resources.primaryProjectKeys.completed', primary, keys?.completed, 'state');
  add('resources.primaryProjectKeys.outsideRadius', primary, keys?.outsideRadius, 'outside');
  add('resources.primaryProjectKeys.withPictures', primary, keys?.withPictures, 'pictures');
  add('resources.primaryProjectKeys.variant', primary, keys?.variant, 'variant');
  add('resources.expiredUnlockedProjectKey', 'customers.expiredUnlocked', profile.resources?.expiredUnlockedProjectKey, 'exists');
  add('resources.expiredUnlockedCalculableKey', 'customers.expiredUnlocked', profile.resources?.expiredUnlockedCalculableKey, 'unlicensed');
  add('resources.lockedCalculableKey', 'customers.locked', profile.resources?.lockedCalculableKey, 'unlicensed');
  add('resources.noHeatpumpRightCalculableKey', 'customers.noHeatpumpRight', profile.resources?.noHeatpumpRightCalculableKey, 'calculable');
  profile.customers.pool?.forEach((c, i) => add(`customers.pool[${i}].resources.calculable`, `customers.pool[${i}]`, c.resources?.calculable, 'calculable'));
  profile.webhook?.freshCalculableProjects?.forEach((key, i) => add(`webhook.freshCalculableProjects[${i}]`, 'webhook.customer', key, 'calculable'));
  add('webhook.incompleteProject', 'webhook.customer', profile.webhook?.incompleteProject, 'hookIncomplete');
  profile.webhook?.ssrf?.freshCalculableProjects.forEach((key, i) => add(`webhook.ssrf.freshCalculableProjects[${i}]`, 'webhook.ssrf.customer', key, 'calculable'));
  return claims;
}

export async function projectFindings(ctx: DoctorContext): Promise<Finding[]> {
  const links: { key: string; link: string }[] = [];
  const states = new Map<string, number>();
  const judged = await Promise.all(
    claimsOf(ctx.profile).map(async (claim): Promise<Finding[]> => {
      const who = ctx.as(claim.owner);
      if (!who) return [skip(claim.field, `not verifiable without ${claim.owner}`)];
      const finding = await judge(ctx, who, claim, (link) => links.push({ key: claim.key, link }), (status) => states.set(claim.field, status));
      return [finding];
    }),
  );
  return [
    ...collapse(judged.flat()),
    ...completedState(states),
    ...freshNotCalculable(ctx.profile),
    ...(await foreignFindings(ctx)),
    ...linksUnderSite(ctx.profile.siteUrl, links),
  ];
}

async function judge(ctx: DoctorContext, who: Reader, claim: Claim, onLink: (link: string) => void, onState: (status: number) => void): Promise<Finding> {
  const { field, key } = claim;
  const request = (suffix: string) => `GET /reports/${key}${suffix} as ${claim.owner}`;
  const missing = (answer: Answer, suffix: string) =>
    answer.status === 404 ? wrong(field, `${request(suffix)} answered 404: no project of this customer has this key`, fixOf(claim)) : undefined;
  const detail = async (): Promise<Answer> => {
    const answer = await ctx.read(who, `/reports/${key}`);
    const header = headerOf(answer);
    if (header) onLink(header.link);
    return answer;
  };
  const results = async (): Promise<Answer> => ctx.read(who, `/reports/${key}/results`);

  switch (claim.purpose) {
    case 'exists':
    case 'state':
    case 'variant':
    case 'outside': {
      const answer = await detail();
      const header = headerOf(answer);
      if (!header) return unlessBusy(field, request(''), answer, () => missing(answer, '') ?? wrong(field, `${request('')} answered ${describeAnswer(answer)}, not a project with projektHeader`, fixOf(claim)));
      if (claim.purpose === 'exists') return ok(field, `${request('')} answered 200`);
      if (claim.purpose === 'state') {
        onState(header.status);
        return header.status === 4 || header.status === 5
          ? ok(field, `projektHeader.status ${header.status}`)
          : wrong(field, `projektHeader.status is ${header.status}, not 4 or 5`, fixOf(claim));
      }
      if (claim.purpose === 'variant') {
        const list = await ctx.read(who, '/reports');
        return unlessBusy(field, `GET /reports as ${claim.owner}`, list, () =>
          mentionsKey(list, key) ? wrong(field, `GET /reports lists ${key}: a main project, not a variant`, fixOf(claim)) : ok(field, `exists and GET /reports does not list it`),
        );
      }
      const refused = await results();
      return unlessBusy(field, request('/results'), refused, () =>
        resultsKind(refused) === 'refused' ? ok(field, `results answered ${describeAnswer(refused)}`) : wrong(field, `results answered ${describeAnswer(refused)}, expected 403`, fixOf(claim)),
      );
    }
    case 'calculable':
    case 'incomplete':
    case 'hookIncomplete': {
      const answer = await results();
      const expected = claim.purpose === 'calculable' ? 'calculable' : 'incomplete';
      return unlessBusy(field, request('/results'), answer, () => {
        if (resultsKind(answer) !== expected) {
          return missing(answer, '/results') ?? wrong(field, `results answered ${describeAnswer(answer)}, expected ${expected === 'calculable' ? '200' : '422 calculation_unavailable'}`, fixOf(claim));
        }
        if (claim.purpose !== 'hookIncomplete') return ok(field, `results answered ${describeAnswer(answer)}`);
        return ok(
          field,
          `results answered ${describeAnswer(answer)}, the read-only sign that its PDF fails too (the pdf endpoint runs its checks "as for results"). ` +
            'doctor never calls the pdf endpoint (it writes a document and may fire the webhook): should the PDF succeed after all, the run skips HOOK-4 saying "the PDF of the incomplete project ... answered 200"',
        );
      });
    }
    case 'unlicensed': {
      // Without a license the results show only what the target checks before it: a 404 or a 422
      // calculation_unavailable names a wrong key, a 403 leaves the data unread.
      const answer = await results();
      return unlessBusy(field, request('/results'), answer, () => {
        const kind = resultsKind(answer);
        if (kind === 'refused') return ok(field, `results answered ${describeAnswer(answer)} (whether the data is complete is not shown while the license check refuses first)`);
        if (kind === 'calculable') return ok(field, `results answered ${describeAnswer(answer)}: calculable`);
        return missing(answer, '/results') ?? wrong(field, `results answered ${describeAnswer(answer)}, expected 403 authorization`, fixOf(claim));
      });
    }
    case 'pictures': {
      const answer = await ctx.read(who, `/reports/${key}/pictures`);
      return unlessBusy(field, request('/pictures'), answer, () => {
        const count = pictureCount(answer);
        if (count === undefined) return missing(answer, '/pictures') ?? wrong(field, `${request('/pictures')} answered ${describeAnswer(answer)}, not a picture list`, fixOf(claim));
        return count > 0 ? ok(field, `${count} picture(s) listed`) : wrong(field, `${request('/pictures')} lists no picture`, fixOf(claim));
      });
    }
  }
}

/** Array entries that all pass make one line; each failing entry keeps its own. */
function collapse(findings: Finding[]): Finding[] {
  const out: Finding[] = [];
  const passed = new Map<string, number>();
  for (const f of findings) {
    const base = /^(.*)\[\d+\]$/.exec(f.what)?.[1];
    if (base === undefined || f.verdict !== 'ok') {
      out.push(f);
      continue;
    }
    if (!passed.has(base)) out.push({ ...f, what: base });
    passed.set(base, (passed.get(base) ?? 0) + 1);
  }
  return out.map((f) => (passed.has(f.what) && f.verdict === 'ok' ? { ...f, detail: `${passed.get(f.what)} passing entries: ${f.detail}` } : f));
}

/** "completed" is the other of the two states than "archived" (each state is checked through one of them). */
function completedState(states: Map<string, number>): Finding[] {
  const archived = states.get('resources.primaryProjectKeys.archived');
  const completed = states.get('resources.primaryProjectKeys.completed');
  if (archived === undefined || completed === undefined || archived !== completed || (archived !== 4 && archived !== 5)) return [];
  return [
    wrong(
      'resources.primaryProjectKeys.completed',
      `is in status ${completed}, the same as resources.primaryProjectKeys.archived`,
      `a project of customers.primary in status ${archived === 4 ? 5 : 4}, or leave it out`,
    ),
  ];
}

/** The webhook scenarios need projects that never had a PDF; the results checks make one of the calculable project. */
function freshNotCalculable(profile: Profile): Finding[] {
  const calculable = profile.resources?.primaryProjectKeys?.calculable;
  if (profile.webhook?.customer || calculable === undefined) return [];
  return (profile.webhook?.freshCalculableProjects ?? []).flatMap((key, i) =>
    key === calculable
      ? [wrong(`webhook.freshCalculableProjects[${i}]`, 'is resources.primaryProjectKeys.calculable, whose PDF other checks create', 'remove it (a fresh project must never have had a PDF)')]
      : [],
  );
}

/** The foreign project is the foreign customer's, and the primary customer gets 404 for it. */
async function foreignFindings(ctx: DoctorContext): Promise<Finding[]> {
  const field = 'resources.foreignProjectKey';
  const key = ctx.profile.resources?.foreignProjectKey;
  const primary = ctx.as('customers.primary');
  if (key === undefined || !primary) return [skip('primary/foreign separation', 'not verifiable without resources.foreignProjectKey')];
  const fix = 'the key of a project of customers.foreign, or leave it out (its checks are then skipped)';
  const foreign = ctx.as('customers.foreign');
  const findings: Finding[] = [];
  if (foreign) {
    const own = await ctx.read(foreign, `/reports/${key}`);
    findings.push(
      unlessBusy(field, `GET /reports/${key} as customers.foreign`, own, () =>
        own.status === 200 ? ok(field, `GET /reports/${key} as customers.foreign answered 200`) : wrong(field, `GET /reports/${key} as customers.foreign answered ${describeAnswer(own)}, expected 200`, fix),
      ),
    );
  } else {
    findings.push(skip(field, 'not verifiable that it is a foreign project without customers.foreign'));
  }
  const seen = await ctx.read(primary, `/reports/${key}`);
  findings.push(
    unlessBusy(field, `GET /reports/${key} as customers.primary`, seen, () =>
      seen.status === 404
        ? ok(field, `GET /reports/${key} as customers.primary answered 404`)
        : wrong(field, `GET /reports/${key} as customers.primary answered ${describeAnswer(seen)}, expected 404 (foreign projects look non-existent)`, fix),
    ),
  );
  return findings;
}

/** Project links must lie under {site_url}; the projects read above show whether the profile's siteUrl is that. */
function linksUnderSite(siteUrl: string, links: readonly { key: string; link: string }[]): Finding[] {
  const site = siteUrl.replace(/\/+$/, '');
  const outside = links.find(({ link }) => link !== site && !link.startsWith(`${site}/`));
  if (!outside) return links.length > 0 ? [ok('siteUrl', `the ${links.length} project link(s) read lie under ${site}`)] : [];
  let origin = outside.link;
  try {
    origin = new URL(outside.link).origin;
  } catch {
    // An unparsable link is the target's deviation; the fix then names the link itself.
  }
  return [wrong('siteUrl', `projektHeader.link of ${outside.key} is ${outside.link}, not under ${site}`, `the {site_url} the target's links lie under, e.g. ${origin}`)];
}
