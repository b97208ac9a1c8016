import type { AppDeps } from '../src/app.js';
import type { Project } from '../src/store/projects.js';
import type { Store } from '../src/store/store.js';

type Repository = 'customers' | 'projects' | 'rooms' | 'funding' | 'building' | 'documents' | 'pictures' | 'settings';

/** Replaces some methods of one repository; `fn` gets the original one (the routes call it at request time). */
export function wrapRepository<R extends Repository>(deps: AppDeps, name: R, fn: (original: Store[R]) => Partial<Store[R]>): AppDeps {
  const original = deps.store[name];
  return { ...deps, store: { ...deps.store, [name]: { ...original, ...fn(original) } } };
}

/**
 * The projects as the routes last looked them up, by id. Every route on a project checks
 * ownership with `findOwned` first (a write does so inside its transaction, right before it
 * changes the project), so a fault that gets only a project id learns the project's current state
 * from there instead of from a query of its own.
 */
export function trackOwnedProjects(deps: AppDeps): { deps: AppDeps; projectById: (id: number) => Project | undefined } {
  const seen = new Map<number, Project>();
  const tracked = wrapRepository(deps, 'projects', (projects) => ({
    findOwned: (key: string, customerId: number) => {
      const project = projects.findOwned(key, customerId);
      if (project) seen.set(project.id, structuredClone(project));
      return project;
    },
  }));
  return { deps: tracked, projectById: (id) => seen.get(id) };
}
