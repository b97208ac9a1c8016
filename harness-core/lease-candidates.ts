import type { Profile } from '../spec/profile.schema.js';
import type { LeaseCandidate, LeaseKind } from './lease-kinds.js';

type PoolEntry = NonNullable<Profile['customers']['pool']>[number];
type Funding = NonNullable<NonNullable<Profile['resources']>['funding']>;
type PoolFunding = NonNullable<NonNullable<PoolEntry['resources']>['funding']>;

/**
 * Whether funding resources of the profile give a check something of the customer to judge: an
 * expected application, or an own project of the customer for the project variant (with or without
 * applications). The entry alone does not: `funding: { applications: [] }` names nothing, and a
 * customer leased for it would read an empty list and judge nothing.
 */
export function fundingHasContent(funding: Funding | PoolFunding | undefined): boolean {
  if (!funding) return false;
  return funding.applications.length > 0 || nonEmpty(funding.projectWithApplications) || nonEmpty(funding.projectWithoutApplications);
}

/** A value that names something: a non-empty string (null and '' name nothing). */
const nonEmpty = (value: string | null | undefined): boolean => typeof value === 'string' && value !== '';

function poolOwns(entry: PoolEntry): LeaseKind[] {
  return [...(nonEmpty(entry.resources?.calculable) ? (['calculable'] as const) : []), ...(fundingHasContent(entry.resources?.funding) ? (['funding'] as const) : [])];
}

/**
 * Every customer of the profile with an active license, by the profile's definitions: the pool
 * and primary (with the heat-pump right), noHeatpumpRight, education and foreign (whose heat-pump
 * right the profile does not state; foreign owns the resources checks compare against). Primary
 * and the pool customers the profile gives such resources own a calculable project / funding: a
 * project key, and funding with content (`fundingHasContent`), not an empty entry.
 */
export function leaseCandidates(profile: Profile): LeaseCandidate[] {
  const { customers } = profile;
  const primaryOwns: LeaseKind[] = [
    ...(nonEmpty(profile.resources?.primaryProjectKeys?.calculable) ? (['calculable'] as const) : []),
    ...(fundingHasContent(profile.resources?.funding) ? (['funding'] as const) : []),
  ];
  const role = (customer: 'primary' | 'noHeatpumpRight' | 'education' | 'foreign', heatpump: boolean): LeaseCandidate[] => {
    const entry = customers[customer];
    return entry ? [{ customer, tokens: entry.tokens.length, heatpump, foreign: customer === 'foreign', ...(customer === 'primary' ? { owns: primaryOwns } : {}) }] : [];
  };
  return [
    ...(customers.pool ?? []).map((c, i) => ({ customer: `pool:${i}`, tokens: c.tokens.length, heatpump: true, foreign: false, owns: poolOwns(c) })),
    ...role('primary', true),
    ...role('noHeatpumpRight', false),
    ...role('education', false),
    ...role('foreign', false),
  ];
}
