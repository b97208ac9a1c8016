import type { Profile } from '../spec/profile.schema.js';
import type { LeaseCandidate, LeaseKind } from './lease-kinds.js';

type PoolEntry = NonNullable<Profile['customers']['pool']>[number];

function poolOwns(entry: PoolEntry): LeaseKind[] {
  return [...(entry.resources?.calculable ? (['calculable'] as const) : []), ...(entry.resources?.funding ? (['funding'] as const) : [])];
}

/**
 * Every customer of the profile with an active license, by the profile's definitions: the pool
 * and primary (with the heat-pump right), noHeatpumpRight, education and foreign (whose heat-pump
 * right the profile does not state; foreign owns the resources checks compare against). Primary
 * and the pool customers the profile gives such resources own a calculable project / funding.
 */
export function leaseCandidates(profile: Profile): LeaseCandidate[] {
  const { customers } = profile;
  const primaryOwns: LeaseKind[] = [
    ...(profile.resources?.primaryProjectKeys?.calculable ? (['calculable'] as const) : []),
    ...(profile.resources?.funding ? (['funding'] as const) : []),
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
