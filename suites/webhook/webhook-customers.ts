/**
 * The customers the webhook checks trigger PDFs as, paced like every other customer.
 * - `receiver`: the profile's webhook.customer (default: the primary customer), whose pro area has
 *   the capture or receiver as webhook target;
 * - `ssrf`: webhook.ssrf.customer, whose webhook target the address-policy checks change.
 * The pacer knows a customer by name: one that is also a role or a pool customer of the profile
 * (same token) is paced under that name, so its budget is never spent twice.
 */
import type { Profile, ProfileCustomer } from '../../spec/profile.schema.js';
import { Actor, type RequestRecorder } from '../harness/client.js';

const ROLES = ['primary', 'foreign', 'expiredUnlocked', 'locked', 'blocked', 'noHeatpumpRight', 'education'] as const;

export interface WebhookCustomer {
  /** The customer's name in the pro area (profile `id`), for the capture's target control. */
  name: string | undefined;
  token: string;
  pacing: string;
}

function pacingName(profile: Profile, customer: ProfileCustomer, own: string): string {
  const token = customer.tokens[0];
  for (const role of ROLES) if (token !== undefined && profile.customers[role]?.tokens.includes(token)) return role;
  const pool = profile.customers.pool?.findIndex((c) => token !== undefined && c.tokens.includes(token)) ?? -1;
  return pool >= 0 ? `pool:${pool}` : own;
}

function describe(profile: Profile, customer: ProfileCustomer, own: string): WebhookCustomer {
  return { name: customer.id, token: customer.tokens[0] as string, pacing: pacingName(profile, customer, own) };
}

export function receiverCustomer(profile: Profile): WebhookCustomer {
  return describe(profile, profile.webhook?.customer ?? profile.customers.primary, 'webhook-receiver');
}

export function ssrfCustomer(profile: Profile): WebhookCustomer | undefined {
  const customer = profile.webhook?.ssrf?.customer;
  return customer ? describe(profile, customer, 'webhook-ssrf') : undefined;
}

export function actorOf(customer: WebhookCustomer, recorder: RequestRecorder): Actor {
  return new Actor(`webhook customer (${customer.pacing})`, customer.token, { customer: customer.pacing }, recorder);
}

/**
 * The project of webhook.customer whose PDF fails: webhook.incompleteProject, or the primary
 * customer's incomplete project when webhook.customer is the primary customer.
 */
export function incompleteProject(profile: Profile): string | undefined {
  if (profile.webhook?.incompleteProject) return profile.webhook.incompleteProject;
  return receiverCustomer(profile).pacing === 'primary' ? profile.resources?.primaryProjectKeys?.incomplete : undefined;
}
