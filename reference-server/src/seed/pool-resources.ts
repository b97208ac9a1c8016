import type { Clock } from '../clock.js';
import { generateProjectKey } from '../domain/project-key.js';
import type { Store } from '../store/store.js';
import { HOUSE_1970, seedBuilding } from './building-demo.js';
import { demoApplications } from './funding-demo.js';
import { expectedApplications, type ExpectedApplication } from './funding-expectations.js';

/**
 * How many pool customers get a calculable project and funding applications of their own: the
 * results and funding checks spread over them and the primary customer, so that customer's
 * budget does not set the length of the run.
 */
export const RESOURCE_OWNERS_IN_POOL = 6;

export interface PoolResources {
  calculable: string;
  funding: { applications: ExpectedApplication[]; projectWithApplications: string; projectWithoutApplications: string };
}

interface Owner {
  id: number;
  name: string;
}

function ownProject(store: Store, clock: Clock, owner: Owner, name: string): { id: number; key: string; created: boolean } {
  const existing = store.projects.listAllByCustomer(owner.id).find((p) => p.data['projektName'] === name);
  if (existing) return { id: existing.id, key: existing.key, created: false };
  let key = generateProjectKey();
  while (store.projects.keyExists(key)) key = generateProjectKey();
  const data = { projektName: name, projektPostleitzahl: '10178', projektBaujahr: '1970', projektBewohner: '4', projektArtHeizung: '1' };
  store.projects.insert({ key, customerId: owner.id, origin: 'portal', status: 2, data, at: clock.now() });
  const id = store.projects.findOwned(key, owner.id)?.id as number;
  return { id, key, created: true };
}

/** Idempotent like the rest of the seed: a second start finds the projects and applications by name and id. */
export function seedPoolResources(store: Store, clock: Clock, owners: readonly Owner[]): PoolResources[] {
  return owners.map((owner, index) => {
    const house = ownProject(store, clock, owner, `Einfamilienhaus ${owner.name}`);
    if (house.created) seedBuilding(store, clock, house.id, '1970', HOUSE_1970);
    const other = ownProject(store, clock, owner, `Anfrage ohne Förderung ${owner.name}`);
    for (const row of demoApplications({ customerId: owner.id, projectIds: [house.id], count: 64, firstId: 40001 + index * 1000 })) {
      if (!store.funding.exists(row.application_id)) store.funding.insert(row);
    }
    return {
      calculable: house.key,
      funding: { applications: expectedApplications(store, owner.id), projectWithApplications: house.key, projectWithoutApplications: other.key },
    };
  });
}
