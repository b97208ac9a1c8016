import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../../reference-server/src/app.js';
import { generateProjectKey } from '../../../reference-server/src/domain/project-key.js';
import { currentCustomer, swapCustomerOn } from '../../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../../reference-server/seams/json-shapes.js';
import { isCreateEmpty, isWithData } from '../../../reference-server/seams/paths.js';
import { rewriteProjektData } from '../../../reference-server/seams/project-envelope.js';
import { rewriteJson, rewriteStatus } from '../../../reference-server/seams/response-rewrite.js';
import type { Fault } from '../../fault.js';
import { refuse } from './support.js';

/**
 * Project faults of the creation endpoints (POST /reports, POST /reports/with-data): status,
 * response shape, bodies, licenses, and the idempotency the spec rules out.
 */

/** Rewrites creation responses (POST /reports and /reports/with-data). */
function rewriteCreation(deps: AppDeps, fn: (body: Json) => Json): AppDeps {
  return intercept(
    deps,
    rewriteJson((body) => (isPlainObject(body) && body.action === 'createReport' ? fn(body) : body)),
  );
}

/** Customer swap: a locked customer (expired, not unlocked) is treated as holding an annual license. */
function lockedMayCreate(deps: AppDeps): AppDeps {
  return interceptParsed(
    deps,
    swapCustomerOn(
      (req) => isCreateEmpty(req) || isWithData(req),
      (customer) => (customer.license === 'expired' && !customer.unlocked ? { ...customer, license: 'annual', unlocked: true } : customer),
    ),
  );
}

/** The first creation of each customer is answered again for every later POST /reports. */
function idempotentCreation(deps: AppDeps): AppDeps {
  const first = new Map<number, unknown>();
  return interceptParsed(deps, (req, res, next) => {
    if (!isCreateEmpty(req)) return next();
    const customerId = currentCustomer(res).id;
    const seen = first.get(customerId);
    if (seen !== undefined) {
      res.status(201).json(seen);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode === 201) first.set(customerId, body);
      return json(body);
    };
    next();
  });
}

/**
 * Remembers the first creation answer per customer and preset body, and answers a repetition of
 * the same body with it: a deduplication the spec rules out ("no idempotency key").
 */
function deduplicateWithData(): RequestHandler[] {
  const answered = new Map<string, unknown>();
  const identity = (req: Request, customerId: number) => `${customerId} ${JSON.stringify(req.body)}`;
  const isWithData = (req: Request) => req.method === 'POST' && req.path === '/reports/with-data';
  const replay: RequestHandler = (req, res, next) => {
    const earlier = isWithData(req) ? answered.get(identity(req, currentCustomer(res).id)) : undefined;
    if (earlier === undefined) return next();
    res.status(201).json(earlier);
  };
  const record = rewriteJson((body, req, res) => {
    if (isWithData(req) && res.statusCode === 201) {
      const key = identity(req, currentCustomer(res).id);
      if (!answered.has(key)) answered.set(key, body);
    }
    return body;
  });
  return [record, replay];
}

export const projectCreationFaults: Fault[] = [
  {
    id: 'proj-create-answers-200',
    description: 'POST /reports answers HTTP 200 instead of 201',
    rules: ['PROJ-72'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (req.method === 'POST' && req.path === '/reports' && status === 201 ? 200 : status))),
  },
  {
    id: 'proj-created-key-uppercase',
    description: 'creation responses show the new key in uppercase letters',
    rules: ['PROJ-1'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body) => {
          if (isPlainObject(body) && body.action === 'createReport' && isPlainObject(body.projektHeader) && typeof body.projektHeader.key === 'string') {
            return { ...body, projektHeader: { ...body.projektHeader, key: body.projektHeader.key.toUpperCase() } };
          }
          return body;
        }),
      ),
  },
  {
    id: 'proj-link-not-absolute',
    description: 'projektHeader.link is a site-relative path instead of a full URL',
    rules: ['PROJ-71'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body) => {
          if (isPlainObject(body) && isPlainObject(body.projektHeader) && typeof body.projektHeader.link === 'string') {
            return { ...body, projektHeader: { ...body.projektHeader, link: new URL(body.projektHeader.link).pathname } };
          }
          return body;
        }),
      ),
  },
  {
    id: 'proj-create-body-ignored',
    description: 'POST /reports ignores properties in the body instead of answering 422',
    rules: ['PROJ-78'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (req.method === 'POST' && req.path === '/reports' && isPlainObject(req.body)) req.body = {};
        next();
      }),
  },
  {
    id: 'proj-with-data-creates-before-validation',
    description: 'POST /reports/with-data creates an empty project before it validates the preset data',
    rules: ['PROJ-86'],
    passive: {
      unseen: {
        'PROJ-86':
          'the invalid presets are answered 422 as they should be; the project created before shows only as a further entry of a later GET /reports, which a project created outside the observed traffic (the portal) explains as well',
      },
    },
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (req.method === 'POST' && req.path === '/reports/with-data') {
          let key = generateProjectKey();
          while (deps.store.projects.keyExists(key)) key = generateProjectKey();
          deps.store.projects.insert({ key, customerId: currentCustomer(res).id, origin: 'api', data: {}, at: new Date() });
        }
        next();
      }),
  },
  {
    id: 'proj-education-license-refused',
    description: 'creation answers 403 for a customer with an education license',
    rules: ['PROJ-81'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (req.method !== 'POST' || !/^\/reports(\/with-data)?$/.test(req.path) || currentCustomer(res).license !== 'education') return next();
        res.status(403).json({ status: 403, error: 'Keine Berechtigung: nur mit Jahreslizenz.', details: { type: 'authorization' } });
      }),
  },
  {
    id: 'projcov-header-id-text',
    description: '`projektHeader.id` of the creation responses is text instead of a number',
    rules: ['PROJ-70'],
    configure: (deps) => rewriteCreation(deps, (body) => ({ ...body, projektHeader: { ...(body.projektHeader as Json), id: String((body.projektHeader as Json).id) } })),
  },
  {
    id: 'projcov-creation-without-projektdata',
    description: 'the creation response has no `projektData`',
    rules: ['PROJ-73'],
    configure: (deps) => rewriteCreation(deps, ({ projektData: _dropped, ...body }) => body),
  },
  {
    id: 'projcov-creation-json-status-201',
    description: 'the creation response carries the JSON status 201 instead of the historic 200',
    rules: ['PROJ-74'],
    configure: (deps) => rewriteCreation(deps, (body) => ({ ...body, status: 201 })),
  },
  {
    id: 'projcov-creation-action-create',
    description: 'the creation response carries action "create" instead of "createReport"',
    rules: ['PROJ-75'],
    configure: (deps) => intercept(deps, rewriteJson((body) => (isPlainObject(body) && body.action === 'createReport' ? { ...body, action: 'create' } : body))),
  },
  {
    id: 'projcov-create-omitted-body-refused',
    description: 'POST /reports without a body answers 422 (a body {} is required)',
    rules: ['PROJ-76'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (!isCreateEmpty(req) || Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding']) return next();
        refuse(res, 'body');
      }),
  },
  {
    id: 'projcov-create-empty-object-refused',
    description: 'POST /reports with the body {} answers 422 (only an omitted body is taken)',
    rules: ['PROJ-77'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (!isCreateEmpty(req) || !isPlainObject(req.body) || Number(req.headers['content-length'] ?? 0) === 0) return next();
        refuse(res, 'body');
      }),
  },
  { id: 'projcov-locked-may-create', description: 'a locked customer without license may create projects', rules: ['PROJ-79'], configure: lockedMayCreate },
  { id: 'projcov-creation-idempotent', description: 'a repeated POST /reports answers the first project again instead of creating a further one', rules: ['PROJ-82'], configure: idempotentCreation },
  {
    id: 'with-data-deduplicates',
    description: 'a repeated POST /reports/with-data with the same preset body answers 201 with the project of the first call instead of creating a further one',
    rules: ['PROJ-82'],
    configure: (deps) => interceptParsed(deps, ...deduplicateWithData()),
  },
  {
    id: 'projcov-with-data-answers-200',
    description: 'POST /reports/with-data answers HTTP 200 instead of 201',
    rules: ['PROJ-84'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (isWithData(req) && status === 201 ? 200 : status))),
  },
  {
    id: 'creation-without-projekt-header',
    description:
      'POST /reports/with-data answers 201 with the project header under `header` instead of `projektHeader` (checks that work on a created project find no key)',
    rules: ['PROJ-84', 'PROJ-118'],
    passive: {
      alsoBreaks: { 'PROJ-73': 'the creation response carries the header under `header`, so it lacks the required `projektHeader`' },
      unseen: { 'PROJ-118': 'the checks of PROJ-118 take the key of the project they delete from `projektHeader`: without it they send no DELETE' },
    },
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (req.method !== 'POST' || req.path !== '/reports/with-data' || res.statusCode !== 201) return body;
          const { projektHeader, ...rest } = body as Record<string, unknown>;
          return { ...rest, header: projektHeader };
        }),
      ),
  },
  {
    id: 'projcov-with-data-without-body-creates',
    description: 'POST /reports/with-data without a body creates an empty project instead of refusing',
    rules: ['PROJ-85'],
    configure: (deps) =>
      interceptParsed(deps, (req, _res, next) => {
        if (isWithData(req) && (req.body === undefined || (isPlainObject(req.body) && Object.keys(req.body).length === 0))) req.body = { projectData: { projektName: '' } };
        next();
      }),
  },
  {
    id: 'projcov-with-data-response-unfilled',
    description: 'the creation response of POST /reports/with-data shows the project before filling (empty projektData)',
    rules: ['PROJ-87'],
    configure: (deps) => intercept(deps, rewriteProjektData((data) => {
      for (const name of Object.keys(data)) data[name] = '';
    }, isWithData)),
  },
];
