import type { Request, Response } from 'express';
import type { AppDeps } from '../../../reference-server/src/app.js';
import { currentCustomer } from '../../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../../reference-server/seams/intercept.js';
import { isPlainObject } from '../../../reference-server/seams/json-shapes.js';
import { isProjectDetail, projectKeyOf } from '../../../reference-server/seams/paths.js';
import { wrapRepository } from '../../../reference-server/seams/store-wrap.js';
import { customersWithProjects } from '../../kit/ownerless-lookups.js';
import type { Fault } from '../../fault.js';

/** Project faults of foreign projects, the 404 indistinguishability and the spelling of keys. */

/** The project of the path when it exists but belongs to another customer than the caller. */
function isForeignProject(deps: AppDeps, req: Request, res: Response): boolean {
  const key = projectKeyOf(req)?.toLowerCase();
  if (key === undefined) return false;
  return deps.store.projects.keyExists(key) && deps.store.projects.findOwned(key, currentCustomer(res).id) === undefined;
}

function hasUppercaseKey(req: Request): boolean {
  const key = projectKeyOf(req);
  return key !== undefined && key !== key.toLowerCase();
}

export const projectAccessFaults: Fault[] = [
  {
    id: 'proj-foreign-project-403',
    description: 'a project of another customer answers 403 authorization instead of 404',
    rules: ['PROJ-100'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (!isForeignProject(deps, req, res)) return next();
        res.status(403).json({ status: 403, error: 'Keine Berechtigung: das Projekt gehört einem anderen Kunden.', details: { type: 'authorization' } });
      }),
  },
  {
    id: 'proj-foreign-404-reason',
    description: 'the 404 for a foreign project carries details.reason "foreign_project" (a missing key does not)',
    rules: ['PROJ-103', 'PROJ-116'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isForeignProject(deps, req, res)) {
          const json = res.json.bind(res);
          res.json = (body: unknown) => json(isPlainObject(body) && isPlainObject(body.details) ? { ...body, details: { ...body.details, reason: 'foreign_project' } } : body);
        }
        next();
      }),
  },
  {
    id: 'proj-foreign-404-extra-header',
    description: 'the 404 for a foreign project carries an extra header X-Project-Owner (same body)',
    rules: ['PROJ-100'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isForeignProject(deps, req, res)) res.setHeader('X-Project-Owner', 'other');
        next();
      }),
  },
  {
    id: 'proj-foreign-project-listed',
    description: 'GET /reports lists the projects of every customer (the owner filter is missing)',
    rules: ['PROJ-91'],
    configure: (deps) => {
      const customerIds = customersWithProjects(deps.store);
      return wrapRepository(deps, 'projects', (projects) => ({ listByCustomer: () => customerIds().flatMap((id) => projects.listByCustomer(id)) }));
    },
  },
  // A case-sensitive lookup conforms (FREE-PROJ-16); these break what PROJ-2 still fixes.
  {
    id: 'proj-uppercase-key-detail-only-404',
    description: 'GET /reports/{key} looks keys up case-sensitively (an uppercase key answers 404) while every other project route ignores case',
    rules: ['PROJ-2'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (!isProjectDetail(req) || !hasUppercaseKey(req)) return next();
        res.status(404).json({ status: 404, error: 'Die angeforderte Ressource wurde nicht gefunden.', details: { type: 'not_found' } });
      }),
  },
  {
    id: 'proj-uppercase-key-404-unlike-missing',
    description: 'a key spelt with uppercase letters answers 404 not_found on every project route, with details.reason "key_case", which a never-existing key does not get',
    rules: ['PROJ-2'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (!hasUppercaseKey(req)) return next();
        res.status(404).json({ status: 404, error: 'Die angeforderte Ressource wurde nicht gefunden.', details: { type: 'not_found', reason: 'key_case' } });
      }),
  },
  {
    id: 'proj-uppercase-key-malformed-400',
    description: 'a key spelt with uppercase letters is refused as malformed: 400 validation on every project route',
    rules: ['PROJ-2'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (!hasUppercaseKey(req)) return next();
        res.status(400).json({ status: 400, error: 'Der Projektschlüssel muss aus Kleinbuchstaben bestehen.', details: { type: 'validation', field: 'projectKey' } });
      }),
  },
  {
    id: 'proj-malformed-key-400',
    description: 'a project key that is not nine letters answers 400 validation instead of 404',
    rules: ['PROJ-3'],
    passive: { alsoBreaks: { 'ERR-12': 'a project path with a key that is not nine letters is a malformed path, which the error table answers 404 not_found' } },
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        const match = /^\/reports\/([^/]+)$/.exec(req.path);
        if (!match || match[1] === 'with-data' || /^[A-Za-z]{9}$/.test(match[1] as string)) return next();
        res.status(400).json({ status: 400, error: 'Ungültiger Projektschlüssel.', details: { type: 'validation', field: 'projectKey' } });
      }),
  },
];
