/**
 * The customer a results or funding check runs as: the primary customer or a pool customer the
 * profile gives the same kind of resource (`pool[].resources`), leased like any other customer so
 * these checks spread over every such budget instead of queueing on the primary customer's.
 * One check keeps one owner: every request of a check that compares answers goes to the same
 * customer's resource.
 */
import type { Profile } from '../../spec/profile.schema.js';
import type { CheckContext } from './check.js';
import type { Actor } from './client.js';

type Funding = NonNullable<NonNullable<Profile['resources']>['funding']>;
/** What the funding checks compare against: the owner's expected applications and projects. */
export type OwnedFunding = Pick<Funding, 'applications' | 'projectWithApplications' | 'projectWithoutApplications'>;

export interface CalculableOwner {
  actor: Actor;
  key: string;
}

export interface FundingOwner {
  actor: Actor;
  funding: OwnedFunding;
}

/** The resources the profile gives a leased owner: the primary customer's, or a pool customer's own. */
function resourcesOf(t: CheckContext, customer: string): { calculable?: string | undefined; funding?: OwnedFunding | undefined } {
  if (customer === 'primary') return { calculable: t.profile.resources?.primaryProjectKeys?.calculable, funding: t.profile.resources?.funding };
  const entry = t.entryOf(customer);
  return 'resources' in entry ? (entry.resources ?? {}) : {};
}

/** Whether any customer of the profile has a calculable project (`options.needs`). */
export const needsCalculableOwner = (p: Profile) =>
  p.resources?.primaryProjectKeys?.calculable || p.customers.pool?.some((c) => c.resources?.calculable)
    ? undefined
    : 'resources.primaryProjectKeys.calculable (or pool[].resources.calculable)';

const calculableOwners = new WeakMap<CheckContext, Promise<CalculableOwner>>();
const fundingOwners = new WeakMap<CheckContext, Promise<FundingOwner>>();

function once<T>(cache: WeakMap<CheckContext, Promise<T>>, t: CheckContext, make: () => Promise<T>): Promise<T> {
  let owner = cache.get(t);
  if (!owner) {
    owner = make();
    cache.set(t, owner);
  }
  return owner;
}

/** This check's owner of a calculable project, leased on first use. */
export function calculableOwner(t: CheckContext): Promise<CalculableOwner> {
  return once(calculableOwners, t, async () => {
    const actor = await t.owner('calculable');
    return { actor, key: resourcesOf(t, actor.label).calculable as string };
  });
}

/**
 * What a funding check needs of its owner's expected data (an application with a bzaId, a project
 * without applications, ...): only owners whose profile entry gives it are leased.
 */
export interface FundingNeed {
  serves(funding: OwnedFunding): boolean;
  /** The profile entry that would give it, for the skip reason when no customer has it. */
  what: string;
}

/** The customers whose funding resources serve `need`: the primary customer and pool customers, by their pacer names. */
function fundingServers(profile: Profile, need: FundingNeed): string[] {
  const primary = profile.resources?.funding;
  const pool = (profile.customers.pool ?? []).flatMap((c, i) => (c.resources?.funding && need.serves(c.resources.funding) ? [`pool:${i}`] : []));
  return [...(primary && need.serves(primary) ? ['primary'] : []), ...pool];
}

/** This check's owner of expected funding applications, leased on first use (the first call's need decides). */
export function fundingOwner(t: CheckContext, need?: FundingNeed): Promise<FundingOwner> {
  return once(fundingOwners, t, async () => {
    const actor = await t.owner('funding', need ? { among: fundingServers(t.profile, need), needs: need.what } : {});
    return { actor, funding: resourcesOf(t, actor.label).funding as OwnedFunding };
  });
}
