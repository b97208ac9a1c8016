/**
 * The customer whose pro-area webhook target the checks change (webhook.ssrf.customer), through the
 * capture's target control: the address-policy checks point it at refused addresses, the HOOK-6
 * check clears it. A customer has one webhook target, so the scenarios that change it take turns;
 * and they share one record of its used fresh projects (two records of one state file would
 * overwrite each other's entries).
 */
import { FreshProjects } from './fresh-projects.js';
import type { Skipped } from './observation.js';
import type { ScenarioContext } from './scenarios.js';
import { ssrfCustomer, type WebhookCustomer } from './webhook-customers.js';

export interface ConfigurableCustomer extends WebhookCustomer {
  name: string;
  fresh: FreshProjects;
}

let fresh: FreshProjects | undefined;
let turns: Promise<unknown> = Promise.resolve();

/** Runs `scenario` once the scenarios before it are done with the customer's webhook target. */
export function withConfigurableCustomer<T extends object>(c: ScenarioContext, scenario: (customer: ConfigurableCustomer) => Promise<T | Skipped>): Promise<T | Skipped> {
  const customer = ssrfCustomer(c.profile);
  const name = customer?.name;
  if (!customer || !name) return Promise.resolve({ skip: 'profile webhook.ssrf.customer names no id (the customer name the pro area knows)' });
  const projects = (fresh ??= new FreshProjects(c.profile.webhook?.ssrf?.freshCalculableProjects ?? [], 'profile webhook.ssrf.freshCalculableProjects', 'webhook-ssrf-used'));
  const turn = turns.then(() => scenario({ ...customer, name, fresh: projects }));
  turns = turn.catch(() => undefined);
  return turn;
}
