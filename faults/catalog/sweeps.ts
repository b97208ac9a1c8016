import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import {
  endpointLabel,
  JSON_BODY_ENDPOINTS,
  matchesEndpoint,
  MAX_BODY_BYTES,
  PROJECT_KEY_ENDPOINTS,
  PROTECTED_ENDPOINTS,
  type Endpoint,
  type EndpointId,
} from '../../spec/endpoints.js';
import { customerOfAuthorization } from '../../reference-server/seams/customer.js';
import { answerAfterBody } from '../kit/answer-after-body.js';
import { remapError } from '../kit/error-remap.js';
import { intercept } from '../../reference-server/seams/intercept.js';
import { forgettingLog, slidingLog } from '../kit/limiters.js';
import type { Fault, PassiveExpectation } from '../fault.js';
import { thirdAdmission } from './third-admission.js';

/**
 * Faults for the sweeps generated from the endpoint table (spec/endpoints.ts): one factory per
 * rule, each breaking its rule on one endpoint only, so a sweep that left the endpoint out lets
 * the fault escape. They are made for the endpoints the sweeps newly cover: the sweeps replaced
 * per-endpoint checks, and the endpoints those checked (CHECKED_BEFORE) had checks that could fail
 * already (with the global faults, e.g. auth-missing-token-403, still in the catalogue). An
 * endpoint added to the table gets its faults here without further work. A misspelt id in
 * CHECKED_BEFORE does not compile (`EndpointId`), so it cannot hide a fault.
 */
const CHECKED_BEFORE: Record<string, readonly EndpointId[]> = {
  'AUTH-1': ['reports.list', 'reports.detail', 'rooms.list', 'funding.list', 'reports.create', 'reports.create-with-data', 'reports.change', 'reports.password'],
  'AUTH-2': ['reports.list', 'reports.detail', 'funding.list', 'reports.create-with-data', 'reports.password'],
  'AUTH-3': ['reports.list', 'reports.detail', 'funding.list', 'reports.create'],
  'AUTH-4': ['reports.list'],
  'ERR-8': ['reports.create-with-data', 'reports.change', 'reports.password'],
  'ERR-13': ['reports.create-with-data', 'reports.change', 'reports.password'],
  'ERR-14': ['reports.create-with-data', 'reports.change'],
  'ERR-15': ['reports.create-with-data', 'reports.change', 'reports.password'],
  'PROJ-2': ['reports.detail'],
  'RATE-4': ['reports.list', 'reports.detail', 'funding.list'],
};

const on = (e: Endpoint) => (req: Request) => matchesEndpoint(e, req.method, req.path);

/** On the endpoint, requests that `when` picks are served (HTTP 200) without authentication. */
function servedWithoutAuthentication(e: Endpoint, when: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    if (!on(e)(req) || !when(req)) return next();
    answerAfterBody(req, res, 200, {});
  };
}

const declaredLength = (req: Request) => Number(req.headers['content-length'] ?? 0);

/**
 * Requests on the endpoint are refused when the customer's window is full but are not written to
 * it: only a probe in which the endpoint is one of the two admitted requests sees the third
 * request within the second admitted. (The endpoint is marked at the intercept; the mark follows
 * the request through the middleware to the limiter.)
 */
function notCountedOn(deps: AppDeps, e: Endpoint): AppDeps {
  const onEndpoint = new AsyncLocalStorage<boolean>();
  const { limiter } = slidingLog(() => onEndpoint.getStore() !== true);
  return intercept({ ...deps, limiter }, (req, _res, next) => onEndpoint.run(on(e)(req), next));
}

interface Factory {
  rule: string;
  endpoints: readonly Endpoint[];
  description: (label: string) => string;
  configure: (deps: AppDeps, e: Endpoint) => AppDeps;
  /** What the passive judge may also charge on the endpoint (Fault.passive). */
  passive?: (e: Endpoint) => PassiveExpectation | undefined;
}

/** A request served without authentication gets `{}` with 200: on a funding read, not the envelope its rule fixes. */
function emptyEnvelope(e: Endpoint): PassiveExpectation | undefined {
  const rule = e.id === 'funding.detail' ? 'FUND-2' : e.id === 'funding.project-list' ? 'FUND-34' : undefined;
  return rule === undefined ? undefined : { alsoBreaks: { [rule]: `the request served without authentication is answered 200 with an empty object, where ${rule} fixes the envelope of a 200` } };
}

/** A third request admitted within one sliding second breaks RATE-1's sentence as well as the rule of why it was admitted. */
export const THIRD_ADMITTED = 'a request not counted lets a third request of the customer be admitted within one sliding second, which RATE-1 says gives 429';

const FACTORIES: readonly Factory[] = [
  {
    rule: 'AUTH-1',
    endpoints: PROTECTED_ENDPOINTS,
    description: (label) => `${label} serves a request without Authorization header (200) instead of 401`,
    configure: (deps, e) => intercept(deps, servedWithoutAuthentication(e, (req) => req.headers.authorization === undefined)),
    passive: (e) => {
      const missingToken = 'a request without a token is served with 200, where ERR-9 says a missing token gives 401 authentication';
      return { alsoBreaks: { 'ERR-9': missingToken, ...emptyEnvelope(e)?.alsoBreaks } };
    },
  },
  {
    rule: 'AUTH-2',
    endpoints: PROTECTED_ENDPOINTS,
    description: (label) => `${label} serves a request with an invalid token (200) instead of 401`,
    configure: (deps, e) => intercept(deps, servedWithoutAuthentication(e, (req) => req.headers.authorization !== undefined && customerOfAuthorization(deps, req.headers.authorization) === undefined)),
    passive: emptyEnvelope,
  },
  {
    rule: 'AUTH-3',
    endpoints: PROTECTED_ENDPOINTS,
    description: (label) => `${label} serves a blocked customer (200) instead of 401`,
    configure: (deps, e) => intercept(deps, servedWithoutAuthentication(e, (req) => customerOfAuthorization(deps, req.headers.authorization)?.blocked === true)),
    passive: emptyEnvelope,
  },
  {
    rule: 'AUTH-4',
    endpoints: PROTECTED_ENDPOINTS,
    description: (label) => `${label} takes a bare token ("Authorization: <token>", no scheme) as a bearer token`,
    configure: (deps, e) =>
      intercept(deps, (req, _res, next) => {
        const value = req.headers.authorization;
        if (on(e)(req) && value !== undefined && /^\S+$/.test(value)) req.headers.authorization = `Bearer ${value}`;
        next();
      }),
  },
  {
    rule: 'ERR-8',
    endpoints: JSON_BODY_ENDPOINTS,
    description: (label) => `${label} answers malformed JSON with 422 instead of 400`,
    configure: (deps, e) => intercept(deps, remapError(400, 422, { when: on(e) })),
  },
  {
    rule: 'ERR-13',
    endpoints: JSON_BODY_ENDPOINTS,
    description: (label) => `${label} has no body limit: a body over ${MAX_BODY_BYTES} bytes is accepted`,
    configure: (deps, e) =>
      intercept(deps, (req, res, next) => {
        if (!on(e)(req) || declaredLength(req) <= MAX_BODY_BYTES) return next();
        answerAfterBody(req, res, e.success, {});
      }),
  },
  {
    rule: 'ERR-14',
    endpoints: JSON_BODY_ENDPOINTS,
    description: (label) => `${label} rejects a body of exactly ${MAX_BODY_BYTES} bytes (413 from ${MAX_BODY_BYTES} on)`,
    configure: (deps, e) =>
      intercept(deps, (req, res, next) => {
        if (!on(e)(req) || declaredLength(req) < MAX_BODY_BYTES) return next();
        answerAfterBody(req, res, 413, { status: 413, error: 'Der Anfrageinhalt ist zu groß.', details: { type: 'validation' } });
      }),
  },
  {
    rule: 'ERR-15',
    endpoints: JSON_BODY_ENDPOINTS,
    description: (label) => `${label} parses a body of any or no Content-Type as JSON instead of answering 415`,
    configure: (deps, e) =>
      intercept(deps, (req, _res, next) => {
        if (on(e)(req)) req.headers['content-type'] = 'application/json';
        next();
      }),
  },
  {
    rule: 'PROJ-2',
    endpoints: PROJECT_KEY_ENDPOINTS,
    description: (label) => `${label} is case sensitive: a key with uppercase letters answers 404`,
    configure: (deps, e) =>
      intercept(deps, (req, res, next) => {
        const key = /^\/reports\/([A-Za-z]{9})(?:\/|$)/.exec(req.path)?.[1];
        if (!on(e)(req) || key === undefined || key === key.toLowerCase()) return next();
        answerAfterBody(req, res, 404, { status: 404, error: 'Die angeforderte Ressource wurde nicht gefunden.', details: { type: 'not_found' } });
      }),
  },
  {
    rule: 'RATE-4',
    endpoints: PROTECTED_ENDPOINTS,
    description: (label) => `${label} is limited by the customer's window but not counted in it`,
    configure: notCountedOn,
    passive: () => thirdAdmission(['RATE-4'], THIRD_ADMITTED),
  },
];


function idOf(rule: string, e: Endpoint): string {
  return `sweep-${rule.toLowerCase()}-${e.id}`;
}

/** The per-endpoint faults: every factory on every endpoint its sweep newly covers. */
const perEndpoint: Fault[] = FACTORIES.flatMap((factory) => {
  const before: ReadonlySet<EndpointId> = new Set(CHECKED_BEFORE[factory.rule] ?? []);
  return factory.endpoints
    .filter((e) => !before.has(e.id))
    .map((e) => {
      const passive = factory.passive?.(e);
      return {
        id: idOf(factory.rule, e),
        description: factory.description(endpointLabel(e)),
        rules: [factory.rule],
        ...(passive && { passive }),
        configure: (deps: AppDeps) => factory.configure(deps, e),
      };
    });
});

/** Requests answered 403 are taken back out of the customer window. */
function forgetting403(deps: AppDeps): AppDeps {
  const { limiter, takeBack } = forgettingLog((status) => status === 403);
  return intercept({ ...deps, limiter }, takeBack);
}

export const sweepFaults: Fault[] = [
  ...perEndpoint,
  {
    id: 'sweep-rate-9-403-not-counted',
    description: 'requests answered 403 (license or function right missing) are taken back out of the customer window',
    rules: ['RATE-9'],
    passive: thirdAdmission(['RATE-9'], THIRD_ADMITTED),
    configure: forgetting403,
  },
];

