/**
 * Projects the profile names per customer, as the positive controls of the project list checks:
 * "Fields of an entry inside the project list groups: not shown", so that a list does not name a
 * project by its key (a variant, a foreign project) means something only when the same list names a
 * project the customer owns, and that the list must show, by its key.
 */
import type { Profile } from '../../spec/profile.schema.js';
import type { CheckContext } from '../harness/check.js';
import type { Actor, ApiResponse } from '../harness/client.js';
import { target } from '../harness/target.js';
import { isListed } from './support.js';

/** A project the profile names, with the field that names it. */
export type KnownProject = [field: string, key: string];

/**
 * The main projects the profile names for a customer of the pacer (`primary`, `pool:<i>`), which
 * GET /reports must list: every resources.primaryProjectKeys entry but the variant, and a pool
 * customer's calculable and funding projects. Keys in `except` (a variant, a foreign project) are
 * left out.
 */
export function mainProjectsOf(profile: Profile, customer: string, except: readonly string[] = []): KnownProject[] {
  const named: [string, string | undefined][] = [];
  const pool = /^pool:(\d+)$/.exec(customer);
  if (customer === 'primary') {
    for (const [field, key] of Object.entries(profile.resources?.primaryProjectKeys ?? {})) {
      if (field !== '$comment' && field !== 'variant' && typeof key === 'string') named.push([`resources.primaryProjectKeys.${field}`, key]);
    }
  } else if (pool) {
    const resources = profile.customers.pool?.[Number(pool[1])]?.resources;
    const at = `customers.pool[${pool[1]}].resources`;
    named.push(
      [`${at}.calculable`, resources?.calculable],
      [`${at}.funding.projectWithApplications`, resources?.funding?.projectWithApplications],
      [`${at}.funding.projectWithoutApplications`, resources?.funding?.projectWithoutApplications],
    );
  }
  const seen = new Set(except.map((key) => key.toLowerCase()));
  return named.flatMap(([field, key]) => {
    if (key === undefined || seen.has(key.toLowerCase())) return [];
    seen.add(key.toLowerCase());
    return [[field, key] as KnownProject];
  });
}

/**
 * The main projects of the actor's customer that its list must show: those the profile names, else
 * (a thin profile, in a run that may write) the harness's shared project of the customer, created
 * once per customer and worker (PROJ-92 judges that a created project is listed).
 */
export async function knownMainProjects(t: CheckContext, actor: Actor, except: readonly string[] = []): Promise<KnownProject[]> {
  const named = mainProjectsOf(t.profile, actor.label, except);
  if (named.length > 0 || target().readOnly) return named;
  return [[`the harness's shared project of ${actor.label}`, await t.sharedProjectOf(actor)]];
}

/** The customers of the pacer (`primary`, `pool:<i>`) the profile names a main project of. */
export function customersWithMainProjects(profile: Profile, except: readonly string[] = []): string[] {
  const customers = ['primary', ...(profile.customers.pool ?? []).map((_, i) => `pool:${i}`)];
  return customers.filter((customer) => mainProjectsOf(profile, customer, except).length > 0);
}

/** The positive control: the known project the list names by its key, or why there is none. */
export function knownByKey(list: readonly unknown[], known: readonly KnownProject[], whose: string): { found: string } | { reason: string } {
  if (known.length === 0) return { reason: `the profile names no main project of ${whose} to show that the list names projects by key, and a read-only run creates none` };
  const hit = known.find(([, key]) => isListed(list, { key }));
  if (hit) return { found: `${hit[0]} ${hit[1]}` };
  return { reason: `GET /reports of ${whose} names none of its known main projects by key (${known.map(([field, key]) => `${field} ${key}`).join(', ')}; ${list.length} entries)` };
}

/**
 * Why a check about resources.foreignProjectKey does not judge its foreign-specific rules, or
 * undefined once the foreign customer has read the project (200): a key that never existed answers
 * 404, and is not listed, as well. The read is one per worker, attached to each check that asks.
 */
let foreignRead: Promise<ApiResponse> | undefined;

export async function foreignProjectUnshown(t: CheckContext): Promise<string | undefined> {
  const key = t.profile.resources?.foreignProjectKey as string;
  if (!t.profile.customers.foreign) return `profile has no customers.foreign: nothing shows that resources.foreignProjectKey ${key} is an existing project of another customer (a key that never existed answers alike)`;
  const first = foreignRead === undefined;
  if (!foreignRead) {
    foreignRead = t.as('foreign').get(`/reports/${key}`);
    foreignRead.catch(() => (foreignRead = undefined));
  }
  const res = await foreignRead;
  if (!first) t.record(res.exchange);
  if (res.status !== 200) return `the foreign customer's GET /reports/${key} answered HTTP ${res.status}, not 200 (PROJ-95 judges that): nothing shows resources.foreignProjectKey is an existing project of another customer`;
  return undefined;
}
