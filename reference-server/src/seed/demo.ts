import type { Clock } from '../clock.js';
import { generateApiToken, hashApiToken } from '../domain/api-token.js';
import type { License } from '../store/customers.js';
import type { ProjectOrigin } from '../store/projects.js';
import type { Store } from '../store/store.js';
import { APARTMENT_BLOCK, house, HOUSE_1970, seedBuilding, withoutRadiators, type DemoRoom } from './building-demo.js';
import { seedExpiredLinks, type ExpiredLinks } from './expired-links.js';
import { seedLargeProject, type LargeProject } from './large-project.js';
import { seededProject } from './seeded-project.js';
import { seedApplications } from './funding-demo.js';
import { demoPictures } from './pictures-demo.js';
import { seedWebhookProjects, type WebhookProjects } from './webhook-demo.js';
import { expectedApplications, type ExpectedApplication } from './funding-expectations.js';
import { RESOURCE_OWNERS_IN_POOL, seedPoolResources, type PoolResources } from './pool-resources.js';

/**
 * The documented demo data set (docs/reference-server.md, "Demo data"). Names, licenses, projects and field
 * values are fixed; tokens and project keys are drawn from the CSPRNG like real ones, and the
 * seed returns them so the profile can be written. Seeding is idempotent: on a database that
 * already holds the data set nothing is duplicated, and each seeded customer gets one fresh
 * token set (like a renewal, older tokens stay valid), because stored tokens cannot be shown again.
 */
export type Role = 'primary' | 'foreign' | 'expiredUnlocked' | 'locked' | 'blocked' | 'noHeatpumpRight' | 'education' | 'webhookReceiver' | 'webhookSsrf';

export interface CustomerSpec {
  role: Role | 'pool';
  name: string;
  license: License;
  unlocked?: boolean;
  blocked?: boolean;
  heatpumpRight?: boolean;
  tokens: number;
  regions?: string;
}

/** The primary customer's license radius around Berlin reaches the regions 01 to 39 only. */
const NORTH_EAST = Array.from({ length: 39 }, (_, i) => String(i + 1).padStart(2, '0')).join(',');

export interface ProjectSpec {
  owner: Role;
  purpose: string;
  origin: ProjectOrigin;
  status: number;
  data: Record<string, string>;
  /** Purpose of the main project this one is a variant of (made in the portal beside it). */
  variantOf?: string;
}

export const POOL_SIZE = 96;

const CUSTOMERS: CustomerSpec[] = [
  { role: 'primary', name: 'Heizungsbau Primus GmbH', license: 'annual', heatpumpRight: true, tokens: 3, regions: NORTH_EAST },
  { role: 'foreign', name: 'Fremdfirma Alius KG', license: 'annual', heatpumpRight: true, tokens: 1 },
  { role: 'expiredUnlocked', name: 'Energieberatung Expirata', license: 'expired', unlocked: true, tokens: 1 },
  { role: 'locked', name: 'Gesperrte Lizenz OHG', license: 'expired', unlocked: false, tokens: 1 },
  { role: 'blocked', name: 'Blockiert GmbH', license: 'annual', blocked: true, heatpumpRight: true, tokens: 1 },
  { role: 'noHeatpumpRight', name: 'Ohne Wärmepumpe e.K.', license: 'annual', heatpumpRight: false, tokens: 1 },
  { role: 'education', name: 'Berufsschule Didactica', license: 'education', heatpumpRight: true, tokens: 1 },
  // The webhook checks run as these two (webhook-demo.ts), so their PDFs spend no other role's budget.
  { role: 'webhookReceiver', name: 'Webhook Empfang GmbH', license: 'annual', heatpumpRight: true, tokens: 1 },
  { role: 'webhookSsrf', name: 'Webhook Adressprüfung KG', license: 'annual', heatpumpRight: true, tokens: 1 },
  ...Array.from({ length: POOL_SIZE }, (_, i): CustomerSpec => ({
    role: 'pool',
    name: `Poolkunde ${String(i + 1).padStart(2, '0')}`,
    license: 'annual',
    heatpumpRight: true,
    // Two tokens, so the rate-limit burst over several tokens runs on a pool customer, not on
    // the primary customer whose budget most checks need.
    tokens: 2,
  })),
];

export const PROJECTS: readonly ProjectSpec[] = [
  { owner: 'primary', purpose: 'portal', origin: 'portal', status: 2, data: house('Einfamilienhaus Mitte', '10178', { vorname: 'Anna', name: 'Muster', plz: '10178', ort: 'Berlin' }) },
  { owner: 'primary', purpose: 'lead', origin: 'lead', status: 1, data: house('Anfrage Altbau Pankow', '13187') },
  { owner: 'primary', purpose: 'api', origin: 'api', status: 1, data: house('Über API angelegt', '10115') },
  { owner: 'primary', purpose: 'completed', origin: 'portal', status: 4, data: house('Abgeschlossen Spandau', '13597') },
  { owner: 'primary', purpose: 'archived', origin: 'portal', status: 5, data: house('Archiv Köpenick', '12555') },
  { owner: 'primary', purpose: 'outside', origin: 'portal', status: 2, data: house('Außerhalb München', '80331') },
  { owner: 'primary', purpose: 'large', origin: 'portal', status: 2, data: house('Mehrfamilienhaus Prenzlauer Berg', '10405', { projektBewohner: '40' }) },
  { owner: 'primary', purpose: 'variant', origin: 'portal', status: 2, variantOf: 'portal', data: house('Einfamilienhaus Mitte (Variante Wärmepumpe)', '10178', { projektArtHeizung: '6' }) },
  { owner: 'foreign', purpose: 'foreign', origin: 'portal', status: 2, data: house('Fremdes Projekt München', '80939') },
  { owner: 'expiredUnlocked', purpose: 'expired', origin: 'portal', status: 2, data: house('Projekt nach Lizenzablauf', '01067') },
  { owner: 'expiredUnlocked', purpose: 'expiredCalculable', origin: 'portal', status: 2, data: house('Einfamilienhaus nach Lizenzablauf', '01067') },
  { owner: 'locked', purpose: 'locked', origin: 'portal', status: 2, data: house('Projekt ohne Lizenz', '20095') },
  { owner: 'noHeatpumpRight', purpose: 'noHeatpumpRightCalculable', origin: 'portal', status: 2, data: house('Einfamilienhaus ohne Wärmepumpenrecht', '10178') },
];

/**
 * Rooms of the seeded projects: complete building data for the calculable ones, base data only
 * (no components: not calculable) for the completed project. The projects of the customers without
 * license or heat-pump right are complete too: then their results and PDFs answer 403 whether a
 * target checks the license and right before the data or after it.
 */
export const DEMO_ROOMS: Readonly<Record<string, DemoRoom[]>> = {
  portal: HOUSE_1970,
  outside: HOUSE_1970,
  large: APARTMENT_BLOCK,
  expiredCalculable: HOUSE_1970,
  locked: HOUSE_1970,
  noHeatpumpRightCalculable: HOUSE_1970,
  completed: [
    { name: 'Büro', floor: '1', area: 14, use: 'office', components: [] },
    { name: 'Keller', floor: '0', area: 30, temperature: 16, use: 'storeroom', components: [] },
  ],
  // Base data only, so the project stays as it was for every other check; an expired customer's read of a listed room needs one.
  expired: [{ name: 'Arbeitszimmer', floor: '1', area: 11, use: 'office', components: [] }],
};

/**
 * What a data set holds besides its fixed names and values. The demo data set is the default
 * (DEMO_OPTIONS); the thin one (thin.ts) is what an implementer with a handful of test data has.
 */
export interface SeedOptions {
  /** Names the data set in the profile ("cpf reference server (<label> seed)"). */
  label: string;
  /** Tokens of every customer; undefined: each customer's own count (primary 3, pool 2, the others 1). */
  tokensPerCustomer: number | undefined;
  poolSize: number;
  /** Every project of the role customers; the first one is the primary customer's (it tells the data sets apart). */
  projects: readonly ProjectSpec[];
  /** Building data by project purpose (projects without an entry have no rooms). */
  rooms: Readonly<Record<string, DemoRoom[]>>;
  /** false: every building the seed makes is without radiators (floor heating only). */
  radiators: boolean;
  /** Funding applications of each customer that has some; undefined: the demo counts (primary and pool 64, foreign 5, expired 3). */
  applicationsPerCustomer: number | undefined;
  /** Purpose of the primary customer's project that holds the old document of the expired document link. */
  expiredDocumentOn: string;
  /** How many pool customers (the first ones) own a calculable project and funding applications. */
  poolResourceOwners: number;
  /** Whether the webhook customer gets a project whose PDF creation fails. */
  webhookIncompleteProject: boolean;
  /** Whether the customer with the 1,000-room project (large-project.ts) is seeded. */
  largeProject: boolean;
}

export const DEMO_OPTIONS: SeedOptions = {
  label: 'demo',
  tokensPerCustomer: undefined,
  poolSize: POOL_SIZE,
  projects: PROJECTS,
  rooms: DEMO_ROOMS,
  radiators: true,
  applicationsPerCustomer: undefined,
  expiredDocumentOn: 'completed',
  poolResourceOwners: RESOURCE_OWNERS_IN_POOL,
  webhookIncompleteProject: true,
  largeProject: true,
};

export interface SeededCustomer {
  id: number;
  name: string;
  tokens: string[];
}

/** What a data set seeded: tokens, project keys by purpose and the expectations the profile states. */
export interface SeededDataSet {
  /** DEMO_OPTIONS.label or another data set's. */
  label: string;
  customers: Record<Role, SeededCustomer>;
  pool: SeededCustomer[];
  /** Project keys by purpose; a purpose the data set does not hold is absent. */
  projects: Record<string, string>;
  /** The primary customer's applications as the API shows them (id, status, project key, ids and German texts). */
  primaryApplications: ExpectedApplication[];
  foreignApplicationId: string;
  webhook: WebhookProjects;
  /** Calculable project and funding applications of the first pool customers, by pool index. */
  poolResources: PoolResources[];
  expiredLinks: ExpiredLinks;
  /** The customer of its own with the 1,000-room project (large-project.ts); not in the profile. */
  largeProject: LargeProject | undefined;
}

/** The demo data set as seeded (it always has the large project). */
export interface SeedResult extends SeededDataSet {
  largeProject: LargeProject;
}

/** The database holds another data set than the one to seed: seeding it too would mix them. */
export class SeedMismatch extends Error {}

/**
 * The data sets share their customers' names, so a database seeded with one must not get the
 * other: the primary customer's first project of `options` tells them apart (projects are never deleted).
 */
function assertSameDataSet(store: Store, options: SeedOptions): void {
  const first = options.projects[0];
  const owner = CUSTOMERS.find((c) => c.role === first?.owner);
  if (!first || !owner) return;
  const id = store.customers.findIdByName(owner.name);
  if (id === undefined || store.projects.listAllByCustomer(id).some((p) => p.data['projektName'] === first.data['projektName'])) return;
  throw new SeedMismatch(
    `the database holds another data set than the ${options.label} seed (${owner.name} has no project "${first.data['projektName'] ?? ''}"); seed it into a database of its own (--db)`,
  );
}

/** Demo counts of funding applications (overridden by SeedOptions.applicationsPerCustomer). */
const DEMO_APPLICATIONS = { primary: 64, foreign: 5, expiredUnlocked: 3, pool: 64 } as const;

export function seedDemo(store: Store, clock: Clock): SeedResult;
export function seedDemo(store: Store, clock: Clock, options: SeedOptions): SeededDataSet;
export function seedDemo(store: Store, clock: Clock, options: SeedOptions = DEMO_OPTIONS): SeededDataSet {
  const building = (rooms: DemoRoom[]) => (options.radiators ? rooms : withoutRadiators(rooms));
  const applications = (demoCount: number) => options.applicationsPerCustomer ?? demoCount;
  return store.transaction(() => {
    assertSameDataSet(store, options);
    const customers: Partial<Record<Role, SeededCustomer>> = {};
    const pool: SeededCustomer[] = [];
    const specs = [...CUSTOMERS.filter((spec) => spec.role !== 'pool'), ...CUSTOMERS.filter((spec) => spec.role === 'pool').slice(0, options.poolSize)];
    for (const spec of specs) {
      const id = store.customers.findIdByName(spec.name) ?? store.customers.create({
        name: spec.name,
        license: spec.license,
        unlocked: spec.unlocked ?? true,
        blocked: spec.blocked ?? false,
        heatpumpRight: spec.heatpumpRight ?? false,
        licenseCenterPlz: '10178',
        licenseRadiusKm: spec.regions ? 350 : null,
        licenseRegions: spec.regions ?? '*',
      });
      const tokens = Array.from({ length: options.tokensPerCustomer ?? spec.tokens }, (_, i) => {
        const token = generateApiToken();
        store.customers.addToken(id, hashApiToken(token), `demo ${i + 1}`, clock.now());
        return token;
      });
      const seeded = { id, name: spec.name, tokens };
      if (spec.role === 'pool') pool.push(seeded);
      else customers[spec.role] = seeded;
    }
    const projects: Record<string, string> = {};
    for (const spec of options.projects) {
      const owner = customers[spec.owner] as SeededCustomer;
      const variantOf = spec.variantOf === undefined ? undefined : store.projects.findOwned(projects[spec.variantOf] as string, owner.id)?.id;
      projects[spec.purpose] = seededProject(store, clock, { customerId: owner.id, origin: spec.origin, status: spec.status, data: spec.data, ...(variantOf === undefined ? {} : { variantOf }) }).key;
    }
    const byRole = customers as Record<Role, SeededCustomer>;
    for (const [purpose, rooms] of Object.entries(options.rooms)) {
      const owner = options.projects.find((spec) => spec.purpose === purpose)?.owner as Role;
      const project = store.projects.findOwned(projects[purpose] as string, byRole[owner].id);
      if (!project || store.rooms.listByProject(project.id).length > 0) continue;
      seedBuilding(store, clock, project.id, project.data['projektBaujahr'] ?? '', building(rooms));
    }
    const projectId = (purpose: string) => store.projects.findOwned(projects[purpose] as string, byRole.primary.id)?.id as number;
    const portal = store.projects.findOwned(projects['portal'] as string, byRole.primary.id);
    if (portal && store.pictures.listByProject(portal.id).length === 0) {
      for (const picture of demoPictures()) store.pictures.insert({ ...picture, projectId: portal.id });
    }
    const fundingPlan = [
      { customerId: byRole.primary.id, projectIds: ['portal', 'lead', 'completed'].filter((p) => p in projects).map(projectId), count: applications(DEMO_APPLICATIONS.primary), firstId: 10001 },
      { customerId: byRole.foreign.id, projectIds: [store.projects.findOwned(projects['foreign'] as string, byRole.foreign.id)?.id as number], count: applications(DEMO_APPLICATIONS.foreign), firstId: 20001 },
      { customerId: byRole.expiredUnlocked.id, projectIds: [store.projects.findOwned(projects['expired'] as string, byRole.expiredUnlocked.id)?.id as number], count: applications(DEMO_APPLICATIONS.expiredUnlocked), firstId: 30001 },
    ];
    for (const plan of fundingPlan) seedApplications(store, plan);
    const primaryApplications = expectedApplications(store, byRole.primary.id);
    const foreignApplicationId = store.funding.pageOfCustomer(byRole.foreign.id, 1, 0).rows[0]?.application_id as string;
    const webhook = seedWebhookProjects(store, clock, byRole.webhookReceiver.id, byRole.webhookSsrf.id, { rooms: building(HOUSE_1970), incomplete: options.webhookIncompleteProject });
    const expiredLinks = seedExpiredLinks(store, clock, {
      picturesProjectId: projectId('portal'),
      documentProjectId: projectId(options.expiredDocumentOn),
      documentProjectKey: projects[options.expiredDocumentOn] as string,
    });
    const poolResources = seedPoolResources(store, clock, pool.slice(0, options.poolResourceOwners), { rooms: building(HOUSE_1970), applications: applications(DEMO_APPLICATIONS.pool) });
    const largeProject = options.largeProject ? seedLargeProject(store, clock) : undefined;
    return { label: options.label, customers: byRole, pool, projects, primaryApplications, foreignApplicationId, webhook, expiredLinks, poolResources, largeProject };
  });
}
