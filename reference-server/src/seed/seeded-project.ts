import type { Clock } from '../clock.js';
import { generateProjectKey } from '../domain/project-key.js';
import type { NewProject } from '../store/projects.js';
import type { Store } from '../store/store.js';

/**
 * The customer's project named `data.projektName`, created with a fresh key when it is missing:
 * the seed runs on every start and finds what an earlier start made by its name.
 */
export function seededProject(store: Store, clock: Clock, project: Omit<NewProject, 'key' | 'at'>): { id: number; key: string; created: boolean } {
  const existing = store.projects.listAllByCustomer(project.customerId).find((p) => p.data['projektName'] === project.data['projektName']);
  if (existing) return { id: existing.id, key: existing.key, created: false };
  let key = generateProjectKey();
  while (store.projects.keyExists(key)) key = generateProjectKey();
  return { id: store.projects.insert({ ...project, key, at: clock.now() }), key, created: true };
}
