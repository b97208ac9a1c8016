import { Router, type Response } from 'express';
import type { Clock } from '../clock.js';
import { canCreateProjects, canUseOwnData } from '../domain/access.js';
import { hashPassword } from '../domain/password-hash.js';
import {
  applyProjectChanges,
  parseEmptyCreateBody,
  parsePasswordBody,
  parseProjectWrite,
} from '../domain/project-fields.js';
import { errors } from '../http/api-error.js';
import { requiredBody } from '../http/json-body.js';
import { currentCustomer } from '../http/request-context.js';
import type { Project } from '../store/projects.js';
import type { Store } from '../store/store.js';
import { ownedProject } from './owned-project.js';
import { projectGroup, projectListEntry, projectView, type ProjectGroup } from './project-views.js';

export interface ReportsDeps {
  store: Store;
  clock: Clock;
  siteUrl: string;
  generateKey: () => string;
}

const KEY_ATTEMPTS = 20;

export function reportsRoutes(deps: ReportsDeps): Router {
  const { store, clock, siteUrl } = deps;
  const router = Router({ strict: true, caseSensitive: true });

  function requireCreationLicense(res: Response): number {
    const customer = currentCustomer(res);
    if (!canCreateProjects(customer)) {
      throw errors.forbidden('Projekte anlegen erfordert eine aktive Jahres- oder Bildungslizenz.');
    }
    return customer.id;
  }

  /** Creation and filling in one transaction; a key collision just draws a new key. */
  function createProject(customerId: number, data: Record<string, string>): Project {
    return store.transaction(() => {
      for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
        const key = deps.generateKey();
        if (store.projects.keyExists(key)) continue;
        store.projects.insert({ key, customerId, origin: 'api', data, at: clock.now() });
        return store.projects.findOwned(key, customerId) as Project;
      }
      throw new Error('no free project key after repeated attempts');
    });
  }

  function sendCreated(res: Response, project: Project): void {
    res.status(201).json({ status: 200, action: 'createReport', ...projectView(siteUrl, project) });
  }

  router.get('/reports', (_req, res) => {
    const customer = currentCustomer(res);
    if (!canUseOwnData(customer)) throw errors.forbidden('Für diesen Kunden besteht keine gültige Lizenz.');
    const groups: Record<ProjectGroup, ReturnType<typeof projectListEntry>[]> = {
      projekte: [],
      leads: [],
      api: [],
      archiv: [],
    };
    for (const p of store.projects.listByCustomer(customer.id)) groups[projectGroup(p)].push(projectListEntry(siteUrl, p));
    res.json({ status: 200, action: 'getReports', ...groups });
  });

  router.post('/reports', (req, res) => {
    const customerId = requireCreationLicense(res);
    parseEmptyCreateBody(req.body);
    sendCreated(res, createProject(customerId, {}));
  });

  router.post('/reports/with-data', (req, res) => {
    const customerId = requireCreationLicense(res);
    const changes = parseProjectWrite(requiredBody(req));
    sendCreated(res, createProject(customerId, applyProjectChanges({}, changes)));
  });

  router.get('/reports/:projectKey', (req, res) => {
    const project = ownedProject(store, res, req.params.projectKey);
    res.json({ status: 200, action: 'getReport', ...projectView(siteUrl, project) });
  });

  router.patch('/reports/:projectKey', (req, res) => {
    const body = requiredBody(req);
    const project = ownedProject(store, res, req.params.projectKey);
    const changes = parseProjectWrite(body);
    const updated = store.transaction(() => {
      const current = store.projects.findOwned(project.key, project.customerId) as Project;
      store.projects.updateData(current.id, applyProjectChanges(current.data, changes), clock.now());
      return store.projects.findOwned(project.key, project.customerId) as Project;
    });
    res.json({ status: 200, action: 'updateReport', ...projectView(siteUrl, updated) });
  });

  router.put('/reports/:projectKey/password', async (req, res) => {
    const body = requiredBody(req);
    const project = ownedProject(store, res, req.params.projectKey);
    const password = parsePasswordBody(body);
    store.projects.setPasswordHash(project.id, await hashPassword(password));
    res.json({ status: 200, action: 'updatePassword' });
  });

  return router;
}
