import type { Db } from './database.js';
import { createCustomerRepository } from './customers.js';
import { createBuildingRepository } from './building.js';
import { createDocumentRepository } from './documents.js';
import { createFundingRepository } from './funding.js';
import { createPictureRepository } from './pictures.js';
import { createProjectRepository } from './projects.js';
import { createRoomRepository } from './rooms.js';
import { createSettingsRepository } from './settings.js';

/** All repositories over one database, with their statements prepared once. */
export function createStore(db: Db) {
  return {
    db,
    customers: createCustomerRepository(db),
    projects: createProjectRepository(db),
    rooms: createRoomRepository(db),
    funding: createFundingRepository(db),
    building: createBuildingRepository(db),
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
