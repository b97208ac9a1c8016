import type { Db } from './database.js';
import { createCustomerRepository } from './customers.js';
import { createBuildingRepository } from './building.js';
import { createDocumentRepository } from './documents.js';
import { createFundingRepository } from './funding.js';
import { createPictureRepository } from './pictures.js';
import { createProjectRepository } from './projects.js';
import { createRoomRepository } from './rooms.js';
import { createSettingsRepository } from './settings.js';

// The project, room and building repositories createStore made, as opposed to ones a fault or a
// variation put in their place (reference-server/seams/store-wrap.ts).
const ownReads = new WeakSet<object>();
const own = <T extends object>(repository: T): T => {
  ownReads.add(repository);
  return repository;
};

/** All repositories over one database, with their statements prepared once. */
export function createStore(db: Db) {
  return {
    db,
    customers: createCustomerRepository(db),
    projects: own(createProjectRepository(db)),
    rooms: own(createRoomRepository(db)),
    funding: createFundingRepository(db),
    building: own(createBuildingRepository(db)),
    documents: createDocumentRepository(db),
    pictures: createPictureRepository(db),
    settings: createSettingsRepository(db),
    /** Runs `fn` in one transaction (immediate, so concurrent writers queue instead of failing late). */
    transaction<T>(fn: () => T): T {
      return db.transaction(fn).immediate();
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/**
 * Whether the store reads projects, rooms and building data as its own repositories do: then
 * another connection to the same database file reads the same; a store a fault or variation
 * wrapped must be read through itself.
 */
export function readsAsStored(store: Pick<Store, 'projects' | 'rooms' | 'building'>): boolean {
  return ownReads.has(store.projects) && ownReads.has(store.rooms) && ownReads.has(store.building);
}
