import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import type { Project } from '../../reference-server/src/store/projects.js';
import { mapTokenCustomer } from '../../reference-server/seams/customer.js';
import { remapError } from '../kit/error-remap.js';
import { intercept } from '../../reference-server/seams/intercept.js';
import { applicationOfAnyOwner, roomOfAnyProject } from '../kit/ownerless-lookups.js';
import { isPublic } from '../../reference-server/seams/paths.js';
import { wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault } from '../fault.js';

/** Replaces the "own and existing project" lookup every project route goes through. */
function mapOwnedProject(deps: AppDeps, fn: (found: Project | undefined, key: string, customerId: number) => Project | undefined): AppDeps {
  return wrapRepository(deps, 'projects', (projects) => ({ findOwned: (key: string, customerId: number) => fn(projects.findOwned(key, customerId), key, customerId) }));
}

/** Answers with an error envelope right away (before authentication). */
function answer(status: number, type: string, when: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    if (!when(req)) return next();
    res.status(status).json({ status, error: 'Fehler (eingebauter Defekt).', details: { type } });
  };
}

export const authFaults: Fault[] = [
  {
    id: 'auth-query-token-accepted',
    description: 'a token in ?token= or ?access_token= authenticates when no Authorization header is sent',
    rules: ['AUTH-5'],
    configure: (deps) =>
      intercept(deps, (req, _res, next) => {
        const query = req.query as Record<string, unknown>;
        const token = query['token'] ?? query['access_token'];
        if (!req.headers.authorization && typeof token === 'string') req.headers.authorization = `Bearer ${token}`;
        next();
      }),
  },
  {
    id: 'auth-basic-scheme-accepted',
    description: 'Authorization: Basic credentials (base64 "token:" or the bare token) authenticate like a bearer token',
    rules: ['AUTH-4'],
    configure: (deps) =>
      intercept(deps, (req, _res, next) => {
        const m = /^Basic +(\S+)$/i.exec(req.headers.authorization ?? '');
        if (m?.[1]) {
          const decoded = Buffer.from(m[1], 'base64').toString('utf8');
          req.headers.authorization = `Bearer ${decoded.endsWith(':') ? decoded.slice(0, -1) : m[1]}`;
        }
        next();
      }),
  },
  {
    id: 'auth-blocked-customer-admitted',
    description: 'a blocked customer is treated as not blocked',
    rules: ['AUTH-3'],
    configure: (deps) => mapTokenCustomer(deps, (c) => c && { ...c, blocked: false }),
  },
  {
    id: 'auth-missing-token-403',
    description: 'a request without Authorization header answers 403 authorization instead of 401',
    rules: ['AUTH-1', 'ERR-9'],
    configure: (deps) => intercept(deps, answer(403, 'authorization', (req) => !isPublic(req) && req.headers.authorization === undefined)),
  },
  {
    id: 'auth-invalid-token-404',
    description: 'an unknown or malformed token answers 404 not_found instead of 401',
    rules: ['AUTH-2'],
    configure: (deps) => intercept(deps, remapError(401, 404, { type: 'not_found', when: (req) => req.headers.authorization !== undefined })),
  },
  {
    id: 'auth-second-token-other-customer',
    description: "only the first token seen of a customer is that customer; its other tokens authenticate as the next customer",
    rules: ['AUTH-10'],
    configure: (deps) => {
      const firstHash = new Map<number, string>();
      return mapTokenCustomer(deps, (c, hash) => {
        if (!c) return c;
        const first = firstHash.get(c.id) ?? (firstHash.set(c.id, hash), hash);
        return first === hash ? c : (deps.store.customers.findById(c.id + 1) ?? c);
      });
    },
  },
  {
    id: 'auth-scoped-token-no-password',
    description: 'tokens are scoped: PUT /reports/{key}/password answers 403 authorization for every token',
    rules: ['AUTH-9'],
    configure: (deps) => intercept(deps, answer(403, 'authorization', (req) => req.method === 'PUT' && /^\/reports\/[^/]+\/password$/.test(req.path))),
  },
  {
    id: 'auth-health-needs-token',
    description: 'GET /health answers 401 authentication without a token',
    rules: ['AUTH-14'],
    configure: (deps) => intercept(deps, answer(401, 'authentication', (req) => req.path === '/health' && req.headers.authorization === undefined)),
  },
  {
    id: 'auth-expired-license-may-create',
    description: 'an unlocked customer with an expired license is treated as holding an annual license (creation allowed)',
    rules: ['AUTH-15', 'PROJ-80'],
    configure: (deps) => mapTokenCustomer(deps, (c) => (c && c.license === 'expired' && c.unlocked ? { ...c, license: 'annual' } : c)),
  },
  {
    id: 'auth-function-right-ignored',
    description: 'the heat-pump function right is not checked: a customer without it gets the heat-pump check PDF',
    rules: ['AUTH-15'],
    configure: (deps) => mapTokenCustomer(deps, (c) => c && { ...c, heatpumpRight: true }),
  },
  {
    id: 'auth-locked-customer-reads',
    description: 'a locked customer (expired, not unlocked) is treated as unlocked: reading answers 200 instead of 403',
    rules: ['AUTH-16'],
    configure: (deps) => mapTokenCustomer(deps, (c) => (c && c.license === 'expired' && !c.unlocked ? { ...c, unlocked: true } : c)),
  },
  {
    id: 'auth-education-refused',
    description: 'an education license is treated as expired: project creation answers 403',
    rules: ['PROJ-81'],
    configure: (deps) => mapTokenCustomer(deps, (c) => (c && c.license === 'education' ? { ...c, license: 'expired' } : c)),
  },
  {
    id: 'auth-expired-reads-refused',
    description: 'an unlocked customer with an expired license is treated as locked: reading answers 403',
    rules: ['PROJ-94', 'PROJ-99'],
    configure: (deps) => mapTokenCustomer(deps, (c) => (c && c.license === 'expired' && c.unlocked ? { ...c, unlocked: false } : c)),
  },
  {
    id: 'auth-foreign-project-403',
    description: "another customer's project answers 403 authorization instead of 404 (reveals that the key exists)",
    rules: ['AUTH-17', 'AUTH-19'],
    configure: (deps) =>
      mapOwnedProject(deps, (found, key) => {
        if (!found && deps.store.projects.keyExists(key)) throw errors.forbidden('Fremdes Projekt.');
        return found;
      }),
  },
  {
    id: 'auth-foreign-project-readable',
    description: "the ownership check is missing: another customer's project can be read and changed",
    rules: ['AUTH-17'],
    configure: (deps) => mapOwnedProject(deps, (found, key) => found ?? deps.store.projects.findByKey(key)),
  },
  {
    id: 'auth-missing-project-403',
    description: 'a non-existent project answers 403 authorization instead of 404',
    rules: ['AUTH-18', 'ERR-11'],
    configure: (deps) =>
      mapOwnedProject(deps, (found, key) => {
        if (!found && !deps.store.projects.keyExists(key)) throw errors.forbidden('Kein Projekt.');
        return found;
      }),
  },
  {
    id: 'auth-room-of-any-project',
    description: 'a room id is found whatever project the path names (rooms of other customers are reachable)',
    rules: ['AUTH-20'],
    configure: (deps) => {
      const anywhere = roomOfAnyProject(deps.store);
      return wrapRepository(deps, 'rooms', (rooms) => ({ findInProject: (publicId: string, projectId: number) => rooms.findInProject(publicId, projectId) ?? anywhere(publicId) }));
    },
  },
  {
    id: 'auth-foreign-application-readable',
    description: 'GET /funding/applications/{id} ignores the owner: applications of other customers are readable',
    rules: ['AUTH-21'],
    configure: (deps) => {
      const anyOwner = applicationOfAnyOwner(deps.store);
      return wrapRepository(deps, 'funding', (funding) => ({ findOwned: (applicationId: string, customerId: number) => funding.findOwned(applicationId, customerId) ?? anyOwner(applicationId) }));
    },
  },
  {
    id: 'auth-foreign-application-403',
    description: "another customer's funding application answers 403 authorization instead of 404 (reveals that the id exists)",
    rules: ['AUTH-19', 'AUTH-21'],
    configure: (deps) =>
      wrapRepository(deps, 'funding', (funding) => ({
        findOwned: (applicationId: string, customerId: number) => {
          const found = funding.findOwned(applicationId, customerId);
          if (!found && funding.exists(applicationId)) throw errors.forbidden('Fremder Förderantrag.');
          return found;
        },
      })),
  },
];
