import type { Response } from 'express';
import { canCreateProjects } from '../domain/access.js';
import { withinLicenseRadius } from '../domain/license-radius.js';
import { errors } from '../http/api-error.js';
import { currentCustomer } from '../http/request-context.js';
import type { Project } from '../store/projects.js';
import type { Store } from '../store/store.js';
import { ownedProject } from './owned-project.js';

/**
 * The extra checks of results and PDFs: the own project (404 otherwise), an active license (an
 * expired one still reads data but calculates nothing), and the project inside the license radius.
 */
export function calculableProject(store: Store, res: Response, rawKey: string | undefined): Project {
  const project = ownedProject(store, res, rawKey);
  const customer = currentCustomer(res);
  if (!canCreateProjects(customer)) throw errors.forbidden('Berechnungen und Dokumente erfordern eine aktive Lizenz.');
  if (!withinLicenseRadius(customer, project.data['projektPostleitzahl'])) {
    throw errors.forbidden('Das Projekt liegt außerhalb des Lizenzradius.');
  }
  return project;
}
