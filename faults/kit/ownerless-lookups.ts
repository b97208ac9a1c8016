import type { FundingRow } from '../../reference-server/src/store/funding.js';
import type { Project } from '../../reference-server/src/store/projects.js';
import type { Room } from '../../reference-server/src/store/rooms.js';
import type { Store } from '../../reference-server/src/store/store.js';

/**
 * Lookups without the ownership condition that the repositories deliberately lack (every
 * repository read of the API is scoped to a customer or a project): what a fault that skips that
 * condition finds. Each prepares its statement once.
 */

/** A project by its stored (lowercase) key, whoever owns it. */
export function projectOfAnyOwner(store: Store): (key: string) => Project | undefined {
  return (key) => store.projects.findByKey(key);
}

/** The customer whose project holds a room, by the room's public id. */
export function ownerOfRoom(store: Store): (publicId: string) => number | undefined {
  const ownerOf = store.db.prepare<[string], number>('SELECT p.customer_id FROM rooms r JOIN projects p ON p.id = r.project_id WHERE r.public_id = ?').pluck();
  return (publicId) => ownerOf.get(publicId);
}

/** A room by its public id, whatever project it belongs to. */
export function roomOfAnyProject(store: Store): (publicId: string) => Room | undefined {
  const projectOf = store.db.prepare<[string], number>('SELECT project_id FROM rooms WHERE public_id = ?').pluck();
  return (publicId) => {
    const projectId = projectOf.get(publicId);
    return projectId === undefined ? undefined : store.rooms.findInProject(publicId, projectId);
  };
}

/** A funding application by id, whoever owns it. */
export function applicationOfAnyOwner(store: Store): (applicationId: string) => FundingRow | undefined {
  const ownerOf = store.db.prepare<[string], number>('SELECT customer_id FROM funding_applications WHERE application_id = ?').pluck();
  return (applicationId) => {
    const owner = ownerOf.get(applicationId);
    return owner === undefined ? undefined : store.funding.findOwned(applicationId, owner);
  };
}

/** The ids of all customers that have projects, ascending. */
export function customersWithProjects(store: Store): () => number[] {
  const ids = store.db.prepare<[], number>('SELECT DISTINCT customer_id FROM projects ORDER BY customer_id').pluck();
  return () => ids.all();
}
