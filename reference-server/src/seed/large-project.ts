import type { Clock } from '../clock.js';
import { generateApiToken, hashApiToken } from '../domain/api-token.js';
import type { Store } from '../store/store.js';
import { house, seedBuilding, type DemoRoom } from './building-demo.js';
import { seededProject } from './seeded-project.js';

/**
 * A customer of its own with one portal project of a housing estate, large enough that its
 * results and PDFs are heavy work (the API cannot add components, so only the portal makes such
 * projects). Its own customer keeps the conformance runs, which use the profile's roles only, off
 * it; the load benches use it to show that one customer's heavy work does not stall the others.
 */
export const LARGE_PROJECT_CUSTOMER = 'Wohnungsbau Magnus AG';
export const LARGE_PROJECT_ROOMS = 1000;

/** Five storeys of five flats per building, as many buildings as the room count needs. */
const FLATS_PER_FLOOR = 5;
const FLOORS_PER_BUILDING = 5;

export function largeEstate(rooms: number): DemoRoom[] {
  return Array.from({ length: rooms }, (_, i): DemoRoom => {
    const flat = i % FLATS_PER_FLOOR;
    const floor = 1 + (Math.floor(i / FLATS_PER_FLOOR) % FLOORS_PER_BUILDING);
    const building = 1 + Math.floor(i / (FLATS_PER_FLOOR * FLOORS_PER_BUILDING));
    const area = 14 + flat * 3;
    const bath = flat === FLATS_PER_FLOOR - 1;
    return {
      name: `Haus ${building} Wohnung ${floor}.${flat + 1}`,
      floor: String(floor),
      area,
      use: bath ? 'bath' : 'living',
      temperature: bath ? 24 : 20,
      components: [
        ['wall', 10 + (i % 3), null, 'outside'],
        ['window', 2 + (i % 2), null, 'outside'],
        ...(floor === 1 ? [['floor', area, null, 'unheatedCellar'] as DemoRoom['components'][number]] : []),
        ...(floor === FLOORS_PER_BUILDING ? [['roof', area, null, 'outside'] as DemoRoom['components'][number]] : []),
      ],
      radiators: i % 2 === 0 ? [1400] : [],
      surfaces: i % 2 === 1 ? [area / 2, area / 2] : [],
    };
  });
}

export interface LargeProject {
  customerId: number;
  /** A fresh token on every call (stored tokens cannot be shown again); older ones stay valid. */
  token: string;
  projectKey: string;
}

/** Idempotent like the rest of the seed: a second call finds the customer and project by name. */
export function seedLargeProject(store: Store, clock: Clock, options: { rooms?: number } = {}): LargeProject {
  const rooms = options.rooms ?? LARGE_PROJECT_ROOMS;
  return store.transaction(() => {
    const customerId =
      store.customers.findIdByName(LARGE_PROJECT_CUSTOMER) ??
      store.customers.create({
        name: LARGE_PROJECT_CUSTOMER,
        license: 'annual',
        unlocked: true,
        blocked: false,
        heatpumpRight: true,
        licenseCenterPlz: '10178',
        licenseRadiusKm: null,
        licenseRegions: '*',
      });
    const token = generateApiToken();
    store.customers.addToken(customerId, hashApiToken(token), 'demo 1', clock.now());
    const project = seededProject(store, clock, {
      customerId,
      origin: 'portal',
      status: 2,
      data: house(`Wohnanlage mit ${rooms} Räumen`, '10405', { projektBewohner: String(Math.ceil(rooms / 2)) }),
    });
    if (project.created) seedBuilding(store, clock, project.id, '1970', largeEstate(rooms));
    return { customerId, token, projectKey: project.key };
  });
}
