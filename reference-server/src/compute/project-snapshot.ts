import type { CalcInput } from '../calc/types.js';
import { buildCalcInput } from '../domain/calc-input.js';
import { errors } from '../http/api-error.js';
import type { Project } from '../store/projects.js';
import type { Room } from '../store/rooms.js';
import type { Store } from '../store/store.js';

/** The project a job works on, as the route found it: its own customer's. */
export interface ProjectRef {
  id: number;
  key: string;
  customerId: number;
}

export const projectRef = (project: Project): ProjectRef => ({ id: project.id, key: project.key, customerId: project.customerId });

/** What a results or PDF job reads of its project. */
export interface ProjectSnapshot {
  project: Project;
  rooms: Room[];
  input: CalcInput;
}

/**
 * Reads the project, its rooms and building data in one read transaction, so they belong to one
 * committed state even when the reader is a connection of its own (a worker thread's) and the
 * event loop commits meanwhile. The project is looked up as its owner's again: one removed or
 * handed over since the route checked it is not found.
 */
export function readProjectSnapshot(store: Store, ref: ProjectRef): ProjectSnapshot {
  return store.db.transaction(() => {
    const project = store.projects.findOwned(ref.key, ref.customerId);
    if (project?.id !== ref.id) throw errors.notFound();
    return { project, rooms: store.rooms.listByProject(project.id), input: buildCalcInput(store, project) };
  })();
}
