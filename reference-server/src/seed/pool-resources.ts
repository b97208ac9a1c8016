import type { Clock } from '../clock.js';
import type { Store } from '../store/store.js';
import { house, HOUSE_1970, seedBuilding, type DemoRoom } from './building-demo.js';
import { seedApplications } from './funding-demo.js';
import { expectedApplications, type ExpectedApplication } from './funding-expectations.js';
import { seededProject } from './seeded-project.js';

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

/** The building of each calculable project and the applications of each owner (the demo's: HOUSE_1970 and 64). */
export interface PoolResourceOptions {
  rooms: DemoRoom[];
  applications: number;
}

/** Idempotent like the rest of the seed: a second start finds the projects and applications by name and id. */
export function seedPoolResources(store: Store, clock: Clock, owners: readonly Owner[], options: PoolResourceOptions = { rooms: HOUSE_1970, applications: 64 }): PoolResources[] {
  return owners.map((owner, index) => {
    const own = (name: string) => seededProject(store, clock, { customerId: owner.id, origin: 'portal', status: 2, data: house(name) });
    const calculable = own(`Einfamilienhaus ${owner.name}`);
    if (calculable.created) seedBuilding(store, clock, calculable.id, '1970', options.rooms);
    const other = own(`Anfrage ohne Förderung ${owner.name}`);
    seedApplications(store, { customerId: owner.id, projectIds: [calculable.id], count: options.applications, firstId: 40001 + index * 1000 });
    return {
      calculable: calculable.key,
      funding: { applications: expectedApplications(store, owner.id), projectWithApplications: calculable.key, projectWithoutApplications: other.key },
    };
  });
}
