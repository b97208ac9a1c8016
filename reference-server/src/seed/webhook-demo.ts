import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import { house, HOUSE_1970, seedBuilding, type DemoRoom } from './building-demo.js';
import { seededProject } from './seeded-project.js';

/**
 * Projects of the two customers the webhook checks run as. The spec sends one delivery per project
 * ever, so every webhook scenario needs a calculable project that never had a PDF: the checks use
 * these up, one per scenario (a fresh database per run has them all again).
 *
 * - `receiver`: its webhook target is the run's capture or receiver (start.ts, or the capture's
 *   target control); deliveries of its projects are what the checks judge. One incomplete project
 *   (rooms without components) for "a failed creation sends nothing".
 * - `ssrf`: its webhook target is changed by the address-policy checks to refused addresses, one
 *   after another, so it never points at the capture while the others run.
 */
export const WEBHOOK_FRESH_PROJECTS = 10;
export const SSRF_FRESH_PROJECTS = 16;

export interface WebhookProjects {
  fresh: string[];
  /** Absent when the data set has no incomplete project (WebhookOptions.incomplete false). */
  incomplete: string | undefined;
  ssrfFresh: string[];
}

/** The building of the calculable projects, and whether the incomplete project is made (the demo's: HOUSE_1970, yes). */
export interface WebhookOptions {
  rooms: DemoRoom[];
  incomplete: boolean;
}

function projectOf(store: Store, clock: Clock, customerId: number, name: string, rooms: DemoRoom[]): string {
  const project = seededProject(store, clock, { customerId, origin: 'portal', status: 2, data: house(name) });
  if (project.created) seedBuilding(store, clock, project.id, '1970', rooms);
  return project.key;
}

export function seedWebhookProjects(store: Store, clock: Clock, receiverId: number, ssrfId: number, options: WebhookOptions = { rooms: HOUSE_1970, incomplete: true }): WebhookProjects {
  const numbered = (prefix: string, count: number, owner: number) =>
    Array.from({ length: count }, (_, i) => projectOf(store, clock, owner, `${prefix} ${String(i + 1).padStart(2, '0')}`, options.rooms));
  return {
    fresh: numbered('Webhook-Prüfprojekt', WEBHOOK_FRESH_PROJECTS, receiverId),
    incomplete: options.incomplete ? projectOf(store, clock, receiverId, 'Webhook-Prüfprojekt unvollständig', HOUSE_1970.map((room) => ({ ...room, components: [] }))) : undefined,
    ssrfFresh: numbered('Adressprüfung', SSRF_FRESH_PROJECTS, ssrfId),
  };
}
