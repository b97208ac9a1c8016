import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../../reference-server/src/app.js';
import { currentCustomer } from '../../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../../reference-server/seams/json-shapes.js';
import { is, isPatchProject, isProjectDetail, PROJECT_PATH } from '../../../reference-server/seams/paths.js';
import { onEnvelope, rewriteProjektData } from '../../../reference-server/seams/project-envelope.js';
import { rewriteJson, rewriteStatus } from '../../../reference-server/seams/response-rewrite.js';
import { trackOwnedProjects, wrapRepository } from '../../../reference-server/seams/store-wrap.js';
import type { Fault } from '../../fault.js';
import { answerOk, ownProject } from './support.js';

/**
 * Project faults of reading and changing projects: the list, the detail, PATCH (two of them shown
 * only by a sequence of requests: foundBy 'sequences') and the absent DELETE.
 */

/** Rewrites each group of successful `GET /reports` answers. */
function rewriteListGroups(fn: (entries: unknown[], req: Request) => unknown[]): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!is('GET', /^\/reports$/)(req) || res.statusCode >= 400 || !isPlainObject(body)) return body;
    const out: Json = { ...body };
    for (const group of ['projekte', 'leads', 'api', 'archiv']) if (Array.isArray(out[group])) out[group] = fn(out[group] as unknown[], req);
    return out;
  });
}

/** DELETE /reports/{key} answers 204 and the project is gone for its owner from then on. */
function deletableProjects(deps: AppDeps): AppDeps {
  const deleted = new Set<string>();
  return interceptParsed(deps, (req, res, next) => {
    const key = PROJECT_PATH.exec(req.path)?.[1]?.toLowerCase();
    if (key !== undefined && req.method === 'DELETE' && PROJECT_PATH.exec(req.path)?.[2] === undefined) {
      deleted.add(key);
      res.status(204).end();
      return;
    }
    if (key !== undefined && deleted.has(key)) {
      res.status(404).json({ status: 404, error: 'Die angeforderte Ressource wurde nicht gefunden.', details: { type: 'not_found' } });
      return;
    }
    next();
  });
}

/** The newest project of the caller is left out of GET /reports. */
function newestProjectUnlisted(deps: AppDeps): AppDeps {
  return wrapRepository(deps, 'projects', (projects) => ({
    listByCustomer: (customerId: number) => {
      const all = projects.listByCustomer(customerId);
      const newest = Math.max(...all.map((p) => p.id));
      return all.filter((p) => p.id !== newest);
    },
  }));
}

export const projectReadChangeFaults: Fault[] = [
  // ---- the list ---------------------------------------------------------------------------------
  {
    id: 'proj-archived-not-listed',
    description: 'GET /reports leaves archived projects out (the archiv group is always empty)',
    rules: ['PROJ-89'],
    passive: {
      unseen: {
        'PROJ-89':
          'every list answered has the four groups as arrays; the archived project the checks read (status 5) may be a variant, which the list leaves out, so that a main project is missing from `archiv` is not visible',
      },
    },
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req) => (req.method === 'GET' && req.path === '/reports' && isPlainObject(body) ? { ...body, archiv: [] } : body)),
      ),
  },
  { id: 'projcov-newest-project-unlisted', description: 'GET /reports leaves out the newest project of the customer', rules: ['PROJ-92'], configure: newestProjectUnlisted },
  {
    id: 'reports-paginated-by-query',
    description: 'GET /reports honours ?page and ?limit: each group holds only the requested page',
    rules: ['PROJ-90'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteListGroups((entries, req) => {
          const limit = Number(req.query.limit ?? req.query.per_page);
          const page = Number(req.query.page ?? 1);
          if (!Number.isInteger(limit) || limit < 1) return Number.isInteger(page) && page > 1 ? [] : entries;
          const start = ((Number.isInteger(page) && page > 0 ? page : 1) - 1) * limit;
          return entries.slice(start, start + limit);
        }),
      ),
  },
  {
    id: 'reports-page-size-2',
    description: 'GET /reports lists at most the first two projects of each group (a default page size)',
    rules: ['PROJ-90'],
    passive: {
      alsoBreaks: { 'PROJ-92': 'of the three projects created just before, the list leaves out the newest: a newly created project does not appear' },
      unseen: {
        'PROJ-90':
          'the only list after the creations leaves out just the newest of them, which is all a page of two shows here: the traffic cannot tell a page size from the newest project left out, and the judge charges that to PROJ-92',
      },
    },
    configure: (deps) => intercept(deps, rewriteListGroups((entries) => entries.slice(0, 2))),
  },
  {
    id: 'reports-lists-variants',
    description: 'GET /reports lists project variants beside the main projects',
    rules: ['PROJ-121'],
    configure: (deps) => wrapRepository(deps, 'projects', (projects) => ({ listByCustomer: projects.listAllByCustomer })),
  },
  // ---- the detail -------------------------------------------------------------------------------
  {
    id: 'projcov-detail-answers-203',
    description: 'GET /reports/{key} answers HTTP 203 instead of 200',
    rules: ['PROJ-95'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isProjectDetail(req) && status === 200 ? 203 : status))),
  },
  {
    id: 'projcov-detail-without-projektdata',
    description: 'the project detail has no `projektData`',
    rules: ['PROJ-96'],
    configure: (deps) => intercept(deps, rewriteJson((body, req) => (isProjectDetail(req) && isPlainObject(body) ? { ...body, projektData: undefined } : body))),
  },
  {
    id: 'projcov-detail-value-array',
    description: 'the project detail returns `projektName` wrapped in an array',
    rules: ['PROJ-88'],
    configure: (deps) => intercept(deps, rewriteProjektData((data) => {
      data.projektName = [data.projektName];
    }, isProjectDetail)),
  },
  {
    id: 'proj-detail-shows-password-hash',
    description: 'the project detail carries the portal password hash',
    rules: ['PROJ-97'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req) => (req.method === 'GET' && PROJECT_PATH.test(req.path) && isPlainObject(body) && isPlainObject(body.projektHeader) ? { ...body, passwortHash: 'scrypt$0$...' } : body)),
      ),
  },
  // ---- PATCH and DELETE -------------------------------------------------------------------------
  {
    id: 'projcov-patch-answers-202',
    description: 'PATCH /reports/{key} answers HTTP 202 instead of 200',
    rules: ['PROJ-101'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isPatchProject(req) && status === 200 ? 202 : status))),
  },
  {
    id: 'projcov-patch-without-body-accepted',
    description: 'PATCH /reports/{key} without a body answers 200 instead of refusing',
    rules: ['PROJ-104'],
    configure: answerOk(200, (req) => isPatchProject(req) && (req.body === undefined || (isPlainObject(req.body) && Object.keys(req.body).length === 0 && Number(req.headers['content-length'] ?? 0) === 0))),
  },
  {
    id: 'proj-patch-replaces-data',
    description: 'PATCH replaces the project data with the sent fields (unsent fields except the postal code are cleared)',
    rules: ['PROJ-102'],
    configure: (deps) =>
      onEnvelope(deps, (envelope, req, res) => {
        if (req.method !== 'PATCH' || Object.keys(envelope).length === 0) return;
        const project = ownProject(deps, req, res);
        const code = project?.data.projektPostleitzahl;
        if (project) deps.store.projects.updateData(project.id, code === undefined ? {} : { projektPostleitzahl: code }, new Date());
      }),
  },
  {
    id: 'sequence-status-regresses-after-patch',
    foundBy: 'sequences',
    description: 'a project PATCH that follows a room creation (status 2) sets the status back to 1',
    rules: ['PROJ-102'],
    configure: (deps) => {
      // The PATCH reads the project (findOwned) in the transaction that updates it: its status then is the stored one.
      const { deps: tracked, projectById } = trackOwnedProjects(deps);
      return wrapRepository(tracked, 'projects', (projects) => ({
        updateData: (id: number, data: Record<string, string>, at: Date) => {
          projects.updateData(id, data, at);
          if (projectById(id)?.status === 2) projects.setStatusAndActivity(id, 1, at);
        },
      }));
    },
  },
  {
    id: 'sequence-patch-after-password-clears-name',
    foundBy: 'sequences',
    description: 'the first project PATCH after a password change clears projektName',
    rules: ['PROJ-102'],
    passive: { alsoBreaks: { 'PROJ-17': 'the exploration sends `projektName` in the PATCH after a password change, and the name stored and read back is empty' } },
    configure: (deps) => {
      const passwordChanged = new Set<number>();
      return wrapRepository(deps, 'projects', (projects) => ({
        setPasswordHash: (id: number, hash: string) => {
          projects.setPasswordHash(id, hash);
          passwordChanged.add(id);
        },
        updateData: (id: number, data: Record<string, string>, at: Date) => {
          const clear = passwordChanged.delete(id);
          projects.updateData(id, clear ? { ...data, projektName: '' } : data, at);
        },
      }));
    },
  },
  {
    id: 'proj-expired-license-patch-refused',
    description: 'PATCH answers 403 for an unlocked customer whose license has expired',
    rules: ['PROJ-106'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (req.method !== 'PATCH' || currentCustomer(res).license !== 'expired') return next();
        res.status(403).json({ status: 403, error: 'Keine Berechtigung: Lizenz abgelaufen.', details: { type: 'authorization' } });
      }),
  },
  { id: 'projcov-projects-deletable', description: 'DELETE /reports/{key} deletes the project', rules: ['PROJ-118'], configure: deletableProjects },
];
