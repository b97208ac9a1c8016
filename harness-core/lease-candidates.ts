import type { Profile } from '../spec/profile.schema.js';
import type { LeaseCandidate } from './pacer-server.js';

/**
 * Every customer of the profile with an active license, by the profile's definitions: the pool
 * and primary (with the heat-pump right), noHeatpumpRight, education and foreign (whose heat-pump
 * right the profile does not state; foreign owns the resources checks compare against).
 */
export function leaseCandidates(profile: Profile): LeaseCandidate[] {
  const { customers } = profile;
  const role = (customer: 'primary' | 'noHeatpumpRight' | 'education' | 'foreign', heatpump: boolean): LeaseCandidate[] => {
    const entry = customers[customer];
    return entry ? [{ customer, tokens: entry.tokens.length, heatpump, foreign: customer === 'foreign' }] : [];
  };
  return [
    ...(customers.pool ?? []).map((c, i) => ({ customer: `pool:${i}`, tokens: c.tokens.length, heatpump: true, foreign: false })),
    ...role('primary', true),
    ...role('noHeatpumpRight', false),
    ...role('education', false),
    ...role('foreign', false),
  ];
}
