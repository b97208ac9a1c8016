import type { Response } from 'express';
import { canUseOwnData } from '../domain/access.js';
import { normalizeRouteKey } from '../domain/project-key.js';
import { errors } from '../http/api-error.js';
import { currentCustomer } from '../http/request-context.js';
import type { Project } from '../store/projects.js';
import type { Store } from '../store/store.js';

/**
 * License first (403 reveals nothing about the key), then one lookup for "own and existing":
 * a malformed, foreign or missing key all end in the same 404.
 */
export function ownedProject(store: Store, res: Response, rawKey: string | undefined): Project {
  const customer = currentCustomer(res);
  if (!canUseOwnData(customer)) throw errors.forbidden('Für diesen Kunden besteht keine gültige Lizenz.');
  const key = normalizeRouteKey(rawKey ?? '');
  const project = key === undefined ? undefined : store.projects.findOwned(key, customer.id);
  if (!project) throw errors.notFound();
  return project;
}
