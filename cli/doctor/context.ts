import type { Profile, ProfileCustomer } from '../../spec/profile.schema.js';
import type { Answer, PacedReader } from '../paced-reader.js';
import type { Reader } from '../target/target-reads.js';

/**
 * What every doctor check needs: the profile, the paced reader, and each customer of the profile
 * by its path ("customers.primary", "customers.pool[2]", "webhook.customer", ...).
 */
export interface DoctorContext {
  profile: Profile;
  reader: PacedReader;
  /** A customer's first token as a reader; undefined when the profile has no such customer. */
  as(path: string): Reader | undefined;
  /** A customer's token at `index`, in the customer's pacing lane. */
  withToken(path: string, index: number): Reader | undefined;
  /** GET as a customer, read once however many checks ask (they often judge the same project). */
  read(who: Reader, path: string): Promise<Answer>;
}

/** Every customer of the profile by its path; webhook.customer defaults to the primary customer, as in a run. */
export function customersOf(profile: Profile): Map<string, ProfileCustomer> {
  const c = profile.customers;
  const all = new Map<string, ProfileCustomer>();
  for (const role of ['primary', 'foreign', 'expiredUnlocked', 'locked', 'blocked', 'noHeatpumpRight', 'education'] as const) {
    const customer = c[role];
    if (customer) all.set(`customers.${role}`, customer);
  }
  c.pool?.forEach((customer, i) => all.set(`customers.pool[${i}]`, customer));
  if (profile.webhook) all.set('webhook.customer', profile.webhook.customer ?? c.primary);
  if (profile.webhook?.ssrf) all.set('webhook.ssrf.customer', profile.webhook.ssrf.customer);
  return all;
}

export function createDoctorContext(profile: Profile, reader: PacedReader): DoctorContext {
  const customers = customersOf(profile);
  // One pacing lane per customer, not per path: a customer given twice (webhook.customer being the
  // primary one) shares one budget on the target.
  const laneOfToken = new Map<string, string>();
  const lanes = new Map<string, string>();
  for (const [path, customer] of customers) {
    const lane = customer.tokens.map((t) => laneOfToken.get(t)).find((l) => l !== undefined) ?? path;
    lanes.set(path, lane);
    for (const t of customer.tokens) laneOfToken.set(t, lane);
  }
  const memo = new Map<string, Promise<Answer>>();
  const withToken = (path: string, index: number): Reader | undefined => {
    const token = customers.get(path)?.tokens[index];
    const lane = lanes.get(path);
    return token === undefined || lane === undefined ? undefined : { reader, customer: lane, token };
  };
  return {
    profile,
    reader,
    as: (path) => withToken(path, 0),
    withToken,
    read(who, path) {
      const id = `${who.token}\n${path}`;
      let answer = memo.get(id);
      if (!answer) {
        answer = reader.get(who.customer, who.token, path);
        memo.set(id, answer);
      }
      return answer;
    },
  };
}
