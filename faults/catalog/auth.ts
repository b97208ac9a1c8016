import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { projectDataOut } from '../../reference-server/src/domain/project-fields.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import { bearerTokenOf } from '../../reference-server/src/http/authenticate.js';
import { createSlidingWindowLimiter } from '../../reference-server/src/rate-limit/sliding-window.js';
import type { Project } from '../../reference-server/src/store/projects.js';
import { currentCustomer, customerOfToken, mapTokenCustomer } from '../../reference-server/seams/customer.js';
import { remapError } from '../kit/error-remap.js';
import { beforeForeignLookups, onForeignLookups } from '../kit/foreign-resources.js';
import { moveHeaderLast } from '../kit/header-order.js';
import { holdFor } from '../kit/precise-delay.js';
import { intercept } from '../../reference-server/seams/intercept.js';
import { isPlainObject } from '../../reference-server/seams/json-shapes.js';
import { monotonicNow, writeLimiterRefusal } from '../kit/limiters.js';
import { applicationOfAnyOwner, roomOfAnyProject } from '../kit/ownerless-lookups.js';
import { isPdf, isProjectDetail, isPublic } from '../../reference-server/seams/paths.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { trackOwnedProjects, wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault } from '../fault.js';

/**
 * Faults of authentication (tokens, schemes, blocked customers), of licenses and function rights,
 * and of the ownership of projects, rooms and applications, including the existence oracles: a
 * foreign resource told apart from a missing one by time, header order, 429s or a conditional GET.
 *
 * Two of them (query-token-counted-twice, public-get-throttled) were once judged by the harness
 * as its own breakage (docs/running.md, "Results"): they must end the run failed (exit 1), never broken.
 */

/**
 * A read through a lagging token shows the values before the last PATCH, so the read-back rules of
 * whatever fields the exploration wrote there see a value not read back as written.
 */
const STALE_READ_BACK_REASON = 'a read through a second token shows the project as it was before the last PATCH: a value written is not the one the next read shows';
const STALE_READ_BACK: Record<string, string> = Object.fromEntries(
  ['PROJ-17', 'PROJ-18', 'PROJ-19', 'PROJ-27', 'PROJ-30', 'PROJ-33', 'PROJ-36', 'PROJ-39', 'PROJ-42', 'PROJ-43', 'PROJ-44', 'PROJ-47', 'PROJ-50', 'PROJ-51', 'PROJ-52', 'PROJ-55', 'PROJ-58', 'PROJ-60', 'PROJ-63', 'PROJ-66', 'PROJ-67', 'PROJ-119', 'PROJ-120'].map((rule) => [rule, STALE_READ_BACK_REASON]),
);

/**
 * A JWT whose subject is `token`: a JOSE header, the token as `sub`, and a signature nobody checks
 * (AUTH-6 judges the form of a token the target takes, not whether it verifies).
 */
function jwtFor(token: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: token })}.${Buffer.from(`signature of ${token}`, 'utf8').toString('base64url')}`;
}

/** The token a bearer JWT of `jwtFor` names as its subject; undefined for any other credentials. */
function subjectOfJwt(authorization: string | undefined): string | undefined {
  const parts = bearerTokenOf(authorization)?.split('.');
  if (parts?.length !== 3) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
    return isPlainObject(payload) && typeof payload['sub'] === 'string' ? payload['sub'] : undefined;
  } catch {
    return undefined;
  }
}

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

/** Answers 429 to a second GET / or GET /health from one address within a second. */
function throttlePublicGets(): RequestHandler {
  const lastByAddress = new Map<string, number>();
  return (req, _res, next) => {
    if (req.method !== 'GET' || (req.path !== '/' && req.path !== '/health')) return next();
    const address = req.socket.remoteAddress ?? '';
    const now = performance.now();
    const last = lastByAddress.get(address);
    if (last !== undefined && now - last < 1000) return next(errors.rateLimited());
    lastByAddress.set(address, now);
    next();
  };
}

/**
 * A bucket of its own per customer for the requests naming a foreign resource (after the
 * customer limiter, which counts them too): one per `periodMs`, the others answered the
 * limiter's own 429.
 */
function foreignLookupBucket(deps: AppDeps, periodMs: number): RequestHandler {
  const lastAdmitted = new Map<number, number>();
  const now = monotonicNow(deps);
  return (_req, res, next) => {
    const customer = currentCustomer(res).id;
    const last = lastAdmitted.get(customer);
    const t = now();
    if (last !== undefined && t - last < periodMs) return writeLimiterRefusal(res);
    lastAdmitted.set(customer, t);
    next();
  };
}

/** A foreign resource answered `ms` later than a missing one: its existence shows in the timing alone. */
function foreignLookupSlower(ms: number): Pick<Fault, 'description' | 'rules' | 'configure' | 'timing'> {
  return {
    timing: true,
    description: `a request naming an existing project, room or application of another customer is answered ${ms} ms later than one naming a key that never existed (both 404)`,
    rules: ['AUTH-23'],
    configure: (deps) => beforeForeignLookups(deps, holdFor(ms)),
  };
}

/** A single room path; matched against `originalUrl`, as the app-level error mapper writes error bodies. */
const ROOM = /\/reports\/[A-Za-z]+\/rooms\/([^/?]+)(?:\?|$)/;

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
    id: 'query-token-counted-twice',
    description:
      'a valid token in ?token= or ?access_token= authenticates, and a legacy URL-token path records the request in the customer window before the regular limiter records it again (the request answers 429 instead of 401 right after a request of that customer)',
    rules: ['AUTH-5'],
    passive: {
      unseen: {
        'AUTH-5':
          'every query-token request of the checks is answered 429 rate_limit, which the per-address limit on invalid tokens (its value not shown) explains as well: the traffic never shows the query token authenticating',
      },
    },
    configure: (deps) => {
      const shared = deps.limiter ?? createSlidingWindowLimiter();
      const now = monotonicNow(deps);
      const urlToken: RequestHandler = (req, _res, next) => {
        const query = req.query as Record<string, unknown>;
        const token = query['token'] ?? query['access_token'];
        if (req.headers.authorization !== undefined || typeof token !== 'string') return next();
        req.headers.authorization = `Bearer ${token}`;
        const customer = customerOfToken(deps, token);
        if (customer && !customer.blocked) shared.tryAdmit(customer.id, now());
        next();
      };
      return intercept({ ...deps, limiter: shared }, urlToken);
    },
  },
  {
    id: 'auth-jwt-token-issued',
    description: "the server also issues JWTs: its profile names one for the primary customer, whose subject is the customer's first token, and a bearer JWT authenticates its subject's customer",
    rules: ['AUTH-6'],
    adjustProfile: (profile) => ({ ...profile, customers: { ...profile.customers, primary: { ...profile.customers.primary, tokens: [...profile.customers.primary.tokens, jwtFor(profile.customers.primary.tokens[0] as string)] } } }),
    configure: (deps) =>
      intercept(deps, (req, _res, next) => {
        const subject = subjectOfJwt(req.headers.authorization);
        if (subject !== undefined) req.headers.authorization = `Bearer ${subject}`;
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
    id: 'sequence-second-token-lags',
    foundBy: 'sequences',
    description: "a project read through any but the customer's first-seen token shows the data as it was before the last PATCH",
    rules: ['AUTH-10'],
    passive: { alsoBreaks: STALE_READ_BACK },
    configure: (deps) => {
      const before = new Map<number, Record<string, string>>();
      const firstToken = new Map<number, string>();
      // The PATCH reads the project (findOwned) in the transaction that updates it: its data then are the stored ones.
      const { deps: tracked, projectById } = trackOwnedProjects(deps);
      const lagged = wrapRepository(tracked, 'projects', (projects) => ({
        updateData: (id: number, data: Record<string, string>, at: Date) => {
          before.set(id, projectById(id)?.data ?? {});
          projects.updateData(id, data, at);
        },
      }));
      return intercept(
        lagged,
        rewriteJson((body, req, res) => {
          if (!isProjectDetail(req) || res.statusCode !== 200 || !isPlainObject(body) || !isPlainObject(body.projektHeader)) return body;
          const customer = currentCustomer(res).id;
          const token = req.headers.authorization ?? '';
          if (!firstToken.has(customer)) firstToken.set(customer, token);
          const old = before.get(body.projektHeader.id as number);
          return firstToken.get(customer) === token || !old ? body : { ...body, projektData: projectDataOut(old) };
        }),
      );
    },
  },
  {
    id: 'auth-scoped-token-no-password',
    description: 'tokens are scoped: PUT /reports/{key}/password answers 403 authorization for every token',
    rules: ['AUTH-9'],
    configure: (deps) => intercept(deps, answer(403, 'authorization', (req) => req.method === 'PUT' && /^\/reports\/[^/]+\/password$/.test(req.path))),
  },
  {
    id: 'token-echoed-in-header',
    description: 'every API answer echoes the Authorization header of the request in X-Debug-Authorization',
    rules: ['AUTH-12'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (req.headers.authorization !== undefined) res.setHeader('X-Debug-Authorization', req.headers.authorization);
        next();
      }),
  },
  {
    id: 'token-in-document-link',
    description: "document links of the PDF response carry the caller's token in their query (token=...)",
    rules: ['AUTH-12'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (!isPdf(req) || res.statusCode >= 400 || !isPlainObject(body) || !isPlainObject(body.file)) return body;
          const token = bearerTokenOf(req.headers.authorization) ?? '';
          const withToken = (link: unknown) => `${String(link)}&token=${token}`;
          return { ...body, linkToDocument: withToken(body.linkToDocument), file: { ...body.file, url: withToken(body.file.url) } };
        }),
      ),
  },
  {
    id: 'auth-health-needs-token',
    description: 'GET /health answers 401 authentication without a token',
    rules: ['AUTH-14'],
    passive: { alsoBreaks: { 'META-4': 'GET /health without a token answers 401, not 200' } },
    configure: (deps) => intercept(deps, answer(401, 'authentication', (req) => req.path === '/health' && req.headers.authorization === undefined)),
  },
  {
    id: 'public-get-throttled',
    description: 'GET / and GET /health share a limit of one request per second and source address (429 rate_limit above it)',
    // Only the AUTH-14 check sends both within a second every time; the META-4 check's single GET
    // /health meets the throttle only when another check's public request happens to be near it.
    rules: ['AUTH-14'],
    passive: {
      unseen: {
        'AUTH-14': 'the throttled public reads are answered 429 rate_limit, an answer any request may get and one that asks for no token: no public read is refused for lacking one',
      },
    },
    configure: (deps) => intercept(deps, throttlePublicGets()),
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
    passive: {
      unseen: {
        'ERR-11':
          'the keys of no project are answered 403 authorization, the error table\'s answer to a missing project right: that the key names no project (404) is not visible in the traffic, so the judge reads ERR-11 on the 404s only',
      },
    },
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
    id: 'room-404-tells-foreign-apart',
    description:
      'a room id that exists under another project (of any customer) answers 404 not_found with its own message, so a caller learns that the room exists',
    rules: ['AUTH-19'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          const id = ROOM.exec(req.originalUrl)?.[1];
          if (res.statusCode !== 404 || id === undefined || !isPlainObject(body) || !deps.store.rooms.publicIdExists(decodeURIComponent(id))) return body;
          return { ...body, error: 'Der Raum gehört zu einem anderen Projekt.' };
        }),
      ),
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
  { id: 'foreign-lookup-slower-5ms', ...foreignLookupSlower(5) },
  { id: 'foreign-lookup-slower-1ms', ...foreignLookupSlower(1) },
  {
    id: 'foreign-lookup-slower-1ms-lane-bound',
    ...foreignLookupSlower(1),
    // The lane's checks are the setting: with a limit of a minute their batches wait, and the quiet
    // phase opens while they do (harness-core/lane-bound-watch.ts), beside the lane's next batch.
    alongside: ['AUTH-1', 'AUTH-2', 'AUTH-3', 'AUTH-4'],
    invalidTokenLimit: { requests: 30, windowSeconds: 60 },
    measureOnly:
      'the 1 ms fault again, with the timing probes running while the invalid-token lane of a documented 30 per 60 s waits between its batches: the run reports whether the probes still find it, and the summary when the quiet phase began',
  },
  {
    id: 'foreign-lookup-slower-0.2ms',
    ...foreignLookupSlower(0.2),
    measureOnly: 'a 0.2 ms difference may lie below what the paired probe resolves on a busy machine: the run reports it found or the resolution the check reached',
  },
  {
    id: 'per-resource-limit-bucket',
    description:
      'requests naming a foreign project, room or application also count in a bucket of their own per customer (1 per 3 s); over it they are answered 429 rate_limit, which keys that never existed never see',
    rules: ['AUTH-23'],
    configure: (deps) => onForeignLookups(deps, foreignLookupBucket(deps, 3000)),
  },
  {
    id: 'foreign-404-header-order',
    description: 'the 404 of a foreign project, room or application carries the same header names and values, Content-Type moved behind all others',
    rules: ['AUTH-23'],
    configure: (deps) => beforeForeignLookups(deps, moveHeaderLast('Content-Type', (status) => status === 404)),
  },
  {
    id: 'foreign-404-conditional-304',
    description: 'a GET of a foreign project, room or application with If-None-Match is answered 304 (empty body) instead of 404',
    rules: ['AUTH-23'],
    configure: (deps) =>
      onForeignLookups(deps, (req, res, next) => {
        if (req.method !== 'GET' || req.headers['if-none-match'] === undefined) return next();
        res.status(304).end();
      }),
  },
];
