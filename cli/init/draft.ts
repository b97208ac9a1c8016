import { fieldDescription, type CustomerRole, type Profile } from '../../spec/profile.schema.js';
import { classify } from './classify.js';
import { draftFunding } from './funding.js';
import type { SeenCustomer, SeenProject } from './observe.js';
import type { TokenLine, TokensFile } from './tokens.js';
import { siteUrlOf } from '../target/target-reads.js';

/**
 * The draft profile from what the target answered. Every entry classified from an answer is
 * marked "inferred" in the $comment of its object with that answer; what cannot be observed
 * read-only (or was not found) is a to-do quoting the profile's documentation of the field,
 * listed in the root $comment and printed.
 */
export interface Observed {
  baseUrl: string;
  tokens: TokensFile;
  tokensSource: string;
  receiverUrl?: string | undefined;
  primary: SeenCustomer;
  foreign?: SeenCustomer | undefined;
  expiredUnlocked?: SeenCustomer | undefined;
  pool: SeenCustomer[];
  webhook?: SeenCustomer | undefined;
  date: Date;
}

export interface Draft {
  profile: Profile;
  inferred: string[];
  todo: string[];
}

const OPTIONAL_ROLES: CustomerRole[] = ['foreign', 'expiredUnlocked', 'locked', 'blocked', 'noHeatpumpRight', 'education'];

export function draftProfile(o: Observed): Draft {
  const inferred: string[] = [];
  const todo: string[] = [];
  const need = (path: string, why: string) => todo.push(`${path}: ${why}. Its documentation: "${fieldDescription(docPath(path))}"`);
  const customer = (line: TokenLine) => ({ tokens: line.tokens });

  for (const role of OPTIONAL_ROLES) {
    if (!o.tokens.roles[role]) need(`customers.${role}`, 'no line in the tokens file (optional: its checks are skipped)');
  }
  for (const [role, seen] of [['primary', o.primary], ['foreign', o.foreign], ['expiredUnlocked', o.expiredUnlocked]] as const) {
    if (seen && !seen.listed) need(`customers.${role}`, `GET /reports with its token answered ${seen.list}, so nothing of it was drafted: check the token`);
  }
  const busy = [['customers.primary', o.primary], ['customers.foreign', o.foreign], ['customers.expiredUnlocked', o.expiredUnlocked], ['webhook.customer', o.webhook], ...o.pool.map((seen, i) => [`customers.pool[${i}]`, seen] as const)] as const;
  for (const [path, seen] of busy) {
    if (seen?.busy) need(path, 'the target answered 429 even after waiting (another client uses this customer), so entries of it may be missing: rerun init when it is idle');
  }

  const picks = classify(o.primary.projects);
  const primaryKeys: Record<string, string> = {};
  for (const [purpose, pick] of Object.entries(picks)) {
    primaryKeys[purpose] = pick.key;
    inferred.push(`resources.primaryProjectKeys.${purpose} = ${pick.key} (${pick.evidence})`);
  }
  const missing = { calculable: 'results 200', incomplete: 'results 422 calculation_unavailable', archived: 'status 4 or 5', completed: 'the other of the states 4 and 5', outsideRadius: 'results 403', withPictures: 'a picture' } as const;
  if (o.primary.projects.length === 0) {
    need('resources.primaryProjectKeys', 'GET /reports of the primary customer showed no project key (the spec does not show the fields of a list entry): add the keys by hand');
  } else {
    for (const [purpose, what] of Object.entries(missing)) {
      if (!(purpose in picks)) need(`resources.primaryProjectKeys.${purpose}`, `no listed project of the primary customer has ${what}`);
    }
  }
  need('resources.primaryProjectKeys.variant', 'GET /reports lists main projects only, so a variant is found only in the portal');

  const siteUrl = siteUrlOf(o.primary.projects.flatMap((p) => (p.link ? [p.link] : [])));
  if (siteUrl) inferred.push(`siteUrl = ${siteUrl} (the prefix the project links share, projektHeader.link)`);
  else need('siteUrl', `no project link was read, so the origin of --base-url stands in for it`);

  const resourcesInferred: string[] = [];
  const foreignKey = o.foreign?.projects[0]?.key;
  if (foreignKey) resourcesInferred.push(`resources.foreignProjectKey = ${foreignKey} (listed by GET /reports of the foreign customer)`);
  else if (o.foreign?.listed) need('resources.foreignProjectKey', 'the foreign customer lists no project');
  const expiredKey = o.expiredUnlocked?.projects[0]?.key;
  if (expiredKey) resourcesInferred.push(`resources.expiredUnlockedProjectKey = ${expiredKey} (listed by GET /reports of the expiredUnlocked customer)`);
  else if (o.expiredUnlocked?.listed) need('resources.expiredUnlockedProjectKey', 'the expiredUnlocked customer lists no project');
  inferred.push(...resourcesInferred);
  const unobserved = [
    ['expiredUnlocked', 'resources.expiredUnlockedCalculableKey', 'its results answer 403 for the expired license whatever the data, so which of its projects is complete is not shown'],
    ['locked', 'resources.lockedCalculableKey', 'a locked customer\'s reads answer 403, so its projects are not shown'],
    ['noHeatpumpRight', 'resources.noHeatpumpRightCalculableKey', 'init reads no project of this customer: put one whose results answer 200 (doctor checks it)'],
  ] as const;
  for (const [role, path, why] of unobserved) if (o.tokens.roles[role]) need(path, why);

  need('resources.expiredLinks', 'the lifetime of links is open and a document link needs the pdf endpoint, a write: save a picture url and a file.url now and add them once expired');

  const valid = postalCodes(o.primary.projects);
  if (valid.length > 0) inferred.push(`resources.postalCodes.valid = ${valid.join(', ')} (projektPostleitzahl of the primary customer's projects, which the target accepted)`);
  need('resources.postalCodes.invalid', 'only a write shows that a code is rejected; until then the checks needing invalid codes are skipped');

  const funding = draftFunding(o.primary);
  const foreignApplicationId = o.foreign?.applications?.[0]?.applicationId;
  const fundingInferred: string[] = [];
  if (funding) {
    fundingInferred.push(`resources.funding.applications: the ${funding.applications.length} applications GET /funding/applications lists, copied: confirm them against the portal (copied values cannot reveal a deviation)`);
    for (const app of funding.left) need('resources.funding.applications', `application ${app}: left out, so the funding checks will name it as a deviation`);
    if (funding.projectWithApplications) fundingInferred.push(`resources.funding.projectWithApplications = ${funding.projectWithApplications} (an application names it)`);
    if (funding.projectWithoutApplications) fundingInferred.push(`resources.funding.projectWithoutApplications = ${funding.projectWithoutApplications} (no application names it)`);
    if (foreignApplicationId) fundingInferred.push(`resources.funding.foreignApplicationId = ${foreignApplicationId} (listed for the foreign customer)`);
    inferred.push(...fundingInferred);
    need('resources.funding.applications[].advisor', 'optional; the list shows only advisor.name, not both names the profile compares');
  } else if (o.primary.listed) {
    need('resources.funding', `GET /funding/applications answered ${o.primary.applicationsRefused ?? 'nothing'}`);
  }

  const pool = o.tokens.pool.map((line, i) => {
    const seen = o.pool[i];
    const poolInferred: string[] = [];
    const resources = seen ? poolResources(seen, `customers.pool[${i}]`, poolInferred) : undefined;
    inferred.push(...poolInferred);
    return resources ? { $comment: `Inferred by init: ${poolInferred.join('; ')}`, ...customer(line), resources } : customer(line);
  });

  const webhook = o.tokens.webhook && o.webhook ? webhookSection(o.webhook, o.tokens.webhook, o.receiverUrl, inferred, need) : undefined;
  if (!o.tokens.webhook) need('webhook', 'no webhook line in the tokens file; add one and rerun init with --receiver-url, or leave it out (the webhook checks are skipped)');
  need('limits.invalidTokenPerIp', 'the spec does not show this value ("a fixed limit per source IP applies; its value: not shown"): put the one the target documents');

  const profile: Profile = {
    $comment:
      `Draft written by npm run conformance -- init on ${o.date.toISOString()} from the answers of ${o.baseUrl} to the tokens in ${o.tokensSource}, read-only (GET only, paced; the pdf endpoint was not called). ` +
      'Entries marked "Inferred by init" in the $comment of their object were classified by what the target answered, not taken from its documentation: confirm each. ' +
      `${siteUrl ? `siteUrl: inferred, the prefix the project links share. ` : ''}To do: ${todo.map((t, i) => `(${i + 1}) ${t}`).join(' ')}`,
    name: `${new URL(o.baseUrl).host} (init draft)`,
    baseUrl: o.baseUrl,
    siteUrl: siteUrl ?? new URL(o.baseUrl).origin,
    customers: {
      $comment: `Tokens from ${o.tokensSource}, one customer per line; roles without a line are left out (their checks are skipped). Tokens are secrets: never commit this file.`,
      primary: customer(o.tokens.roles.primary),
      ...Object.fromEntries(OPTIONAL_ROLES.flatMap((role) => (o.tokens.roles[role] ? [[role, customer(o.tokens.roles[role])]] : []))),
      ...(pool.length > 0 ? { pool } : {}),
    },
    resources: {
      ...(resourcesInferred.length > 0 ? { $comment: `Inferred by init: ${resourcesInferred.join('; ')}` } : {}),
      ...(foreignKey ? { foreignProjectKey: foreignKey } : {}),
      primaryProjectKeys: { $comment: `Inferred by init: ${Object.entries(picks).map(([p, pick]) => `${p} by ${pick.evidence}`).join('; ') || 'none found'}. variant: to do.`, ...primaryKeys },
      ...(expiredKey ? { expiredUnlockedProjectKey: expiredKey } : {}),
      ...(valid.length > 0 ? { postalCodes: { $comment: 'valid: inferred from the primary customer\'s projects. invalid: to do (only a write shows a rejection).', valid, invalid: [] } } : {}),
      ...(funding
        ? {
            funding: {
              $comment: `Inferred by init: ${fundingInferred.join('; ')}. Advisor names: to do (optional).`,
              applications: funding.applications,
              ...(funding.projectWithApplications ? { projectWithApplications: funding.projectWithApplications } : {}),
              ...(funding.projectWithoutApplications ? { projectWithoutApplications: funding.projectWithoutApplications } : {}),
              ...(foreignApplicationId ? { foreignApplicationId } : {}),
            },
          }
        : {}),
    },
    ...(webhook ? { webhook } : {}),
  };
  return { profile, inferred, todo };
}

/** "a.b[].c" as the schema walk's segments (an array's element at index 0). */
function docPath(path: string): (string | number)[] {
  return path.split('.').flatMap((segment) => {
    const array = /^(.*)\[\d*\]$/.exec(segment);
    return array ? [array[1] as string, 0] : [segment];
  });
}

/** Codes of projects the target accepted, those of calculable projects first (checks create projects with the first one). */
function postalCodes(projects: readonly SeenProject[]): string[] {
  const rank = (p: SeenProject) => (p.results === 'calculable' ? 0 : p.results === 'refused' ? 2 : 1);
  const ordered = [...projects].sort((a, b) => rank(a) - rank(b));
  return [...new Set(ordered.flatMap((p) => (p.postalCode ? [p.postalCode] : [])))];
}

type PoolResources = NonNullable<NonNullable<Profile['customers']['pool']>[number]['resources']>;

function poolResources(seen: SeenCustomer, path: string, inferred: string[]): PoolResources | undefined {
  const calculable = seen.projects.find((p) => p.results === 'calculable')?.key;
  const funding = draftFunding(seen);
  const complete = funding && funding.applications.length > 0 && funding.projectWithApplications && funding.projectWithoutApplications;
  if (calculable) inferred.push(`${path}.resources.calculable = ${calculable} (results 200)`);
  if (complete) inferred.push(`${path}.resources.funding: ${funding.applications.length} applications copied from its list`);
  if (!calculable && !complete) return undefined;
  return {
    ...(calculable ? { calculable } : {}),
    ...(complete ? { funding: { applications: funding.applications, projectWithApplications: funding.projectWithApplications as string, projectWithoutApplications: funding.projectWithoutApplications as string } } : {}),
  };
}

function webhookSection(seen: SeenCustomer, line: TokenLine, receiverUrl: string | undefined, inferred: string[], need: (path: string, why: string) => void): Profile['webhook'] {
  const fresh = seen.projects.filter((p) => p.results === 'calculable').map((p) => p.key);
  const incomplete = seen.projects.find((p) => p.results === 'incomplete')?.key;
  const candidates = `calculable: ${fresh.join(', ') || 'none'}; incomplete: ${incomplete ?? 'none'}`;
  if (!seen.listed) {
    need('webhook.customer', `GET /reports with the token of line ${line.line} answered ${seen.list}: check the token`);
    return undefined;
  }
  if (receiverUrl === undefined) {
    need('webhook', `the receiver's public URL is unknown: rerun init with --receiver-url URL (the webhook target configured in the pro area of the customer of line ${line.line}), or add the section by hand (its projects: ${candidates})`);
    return undefined;
  }
  inferred.push(`webhook.freshCalculableProjects = ${fresh.join(', ') || '(none)'} (results 200)`);
  if (incomplete) inferred.push(`webhook.incompleteProject = ${incomplete} (results 422 calculation_unavailable: its PDF fails likewise)`);
  need('webhook.freshCalculableProjects', 'whether a PDF was ever created for one of them cannot be read without a write (the pdf endpoint): remove those that had one');
  need('webhook.authenticate', 'set in the pro area and shown nowhere in the API');
  return {
    $comment: `Inferred by init: freshCalculableProjects by results 200${incomplete ? `; incompleteProject by results 422 calculation_unavailable (its PDF fails likewise)` : ''}. To do: authenticate, and whether any of these projects ever had a PDF.`,
    mode: 'receiver',
    receiverPublicUrl: receiverUrl,
    customer: { tokens: line.tokens },
    freshCalculableProjects: fresh,
    ...(incomplete ? { incompleteProject: incomplete } : {}),
  };
}
