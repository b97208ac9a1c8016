import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { applicationView } from '../../reference-server/src/domain/funding-view.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import type { FundingRow } from '../../reference-server/src/store/funding.js';
import { rewriteApplications } from '../../reference-server/seams/applications.js';
import { currentCustomer, swapCustomerOn } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { applicationOfAnyOwner } from '../kit/ownerless-lookups.js';
import { bodyFault } from '../kit/one-rule-faults.js';
import { FUNDING_LIST_PATH, FUNDING_SINGLE_PATH, isFunding, isFundingList, PROJECT_FUNDING_LIST_PATH } from '../../reference-server/seams/paths.js';
import { rewriteQuery } from '../../reference-server/seams/query-rewrite.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault, PassiveExpectation } from '../fault.js';

/**
 * Faults of the funding applications: the lists (order, paging, parameters), the application
 * object (members, types, values of the right type but not the stored ones), single retrieval,
 * the project variant, license and ownership.
 */

type Application = Json;

/** Rewrites the query string of funding list requests (or of the GETs `when` picks) before routing. */
const rewriteListQuery = (fn: (params: URLSearchParams) => void, when = isFundingList) => rewriteQuery((req) => req.method === 'GET' && when(req), fn);

const isFundingListRead = (req: Request) => req.method === 'GET' && isFundingList(req);

/** Rewrites every funding application of list and single responses. */
function applicationFault(id: string, rule: string, description: string, fn: (application: Json) => void, passive?: PassiveExpectation): Fault {
  return {
    id,
    description,
    rules: [rule],
    ...(passive && { passive }),
    configure: (deps) =>
      intercept(
        deps,
        rewriteApplications((a) => {
          fn(a);
          return a;
        }),
      ),
  };
}

const advisorOf = (a: Json): Json | undefined => (isPlainObject(a.advisor) ? a.advisor : undefined);

/** The funding repository with every row it hands out changed by `fn`. */
function fundingRows(deps: AppDeps, fn: (row: FundingRow) => FundingRow): AppDeps {
  return wrapRepository(deps, 'funding', (funding) => ({
    pageOfCustomer: (...args: Parameters<typeof funding.pageOfCustomer>) => {
      const page = funding.pageOfCustomer(...args);
      return { ...page, rows: page.rows.map(fn) };
    },
    pageOfProject: (...args: Parameters<typeof funding.pageOfProject>) => {
      const page = funding.pageOfProject(...args);
      return { ...page, rows: page.rows.map(fn) };
    },
    findOwned: (...args: Parameters<typeof funding.findOwned>) => {
      const row = funding.findOwned(...args);
      return row && fn(row);
    },
  }));
}

const stripZeros = (value: unknown) => (typeof value === 'string' ? value.replace(/^0+(?=.)/, '') : value);

const ENGLISH_LABELS: Record<string, string> = {
  created: 'Created',
  advisor: 'Advisor pending',
  bza: 'Confirmation pending',
  approval: 'Approval pending',
  execution: 'Execution pending',
  proofs_waiting: 'Proofs missing',
  proofs_review: 'Proofs in review',
  proofs_corrections: 'Correction pending',
  done: 'Finished',
  completed: 'Paid out',
  canceled: 'Canceled',
};

const TIME_FIELDS = ['orderedAt', 'bzaCreatedAt', 'approvalReceivedAt', 'approvalDeadlineAt', 'bndStartedAt', 'bndCreatedAt', 'payoutConfirmedAt'];

export const fundingFaults: Fault[] = [
  // ---- list: order, defaults, maxima, parameters, paging ----------------------------------------
  {
    id: 'funding-order-ascending',
    description: 'the customer list is sorted by application id ascending',
    rules: ['FUND-31'],
    configure: (deps) =>
      wrapRepository(deps, 'funding', (f) => ({
        pageOfCustomer: (customerId, limit, offset) => {
          const all = f.pageOfCustomer(customerId, 1_000_000, 0);
          return { rows: [...all.rows].reverse().slice(offset, offset + limit), total: all.total };
        },
      })),
  },
  {
    id: 'funding-pages-zero-based',
    description: 'pages are counted from 0: page 1 (and the default page) is the second page of the customer list',
    rules: ['FUND-25'],
    configure: (deps) => wrapRepository(deps, 'funding', (f) => ({ pageOfCustomer: (customerId, limit, offset) => f.pageOfCustomer(customerId, limit, offset + limit) })),
  },
  {
    id: 'funding-default-limit-20',
    description: 'the lists default to limit 20 instead of 50',
    rules: ['FUND-26'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteListQuery((params) => {
          if (!params.has('limit')) params.set('limit', '20');
        }),
      ),
  },
  {
    id: 'funding-limit-above-100-clamped',
    description: 'a limit above 100 (up to 1000) is accepted and served as 100 instead of 422',
    rules: ['FUND-27'],
    passive: { alsoBreaks: { 'ERR-20': 'limit=101 is an invalid list parameter, served clamped with 200 where ERR-20 says 422 validation' } },
    configure: (deps) =>
      intercept(
        deps,
        rewriteListQuery((params) => {
          const limit = Number(params.get('limit'));
          if (/^\d+$/.test(params.get('limit') ?? '') && limit > 100 && limit <= 1000) params.set('limit', '100');
        }),
      ),
  },
  {
    id: 'funding-max-page-100000',
    description: 'pages above 100000 answer 422, although the spec allows page values up to 1000000',
    rules: ['FUND-28'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteListQuery((params) => {
          if (Number(params.get('page')) > 100_000) params.set('page', '0');
        }),
      ),
  },
  {
    id: 'funding-fractional-values-truncated',
    description: 'fractional page and limit values (1.5) are truncated to integers instead of 422',
    rules: ['FUND-29'],
    passive: { alsoBreaks: { 'ERR-20': 'page=1.5 and limit=1.5 are invalid list parameters, served truncated with 200 where ERR-20 says 422 validation' } },
    configure: (deps) =>
      intercept(
        deps,
        rewriteListQuery((params) => {
          for (const name of ['page', 'limit']) {
            const value = params.get(name);
            if (value !== null && /^\d+\.\d+$/.test(value)) params.set(name, String(Math.trunc(Number(value))));
          }
        }),
      ),
  },
  {
    id: 'funding-unknown-parameter-ignored',
    description: 'unknown list parameters are silently ignored instead of 422',
    rules: ['FUND-30'],
    passive: { alsoBreaks: { 'ERR-20': 'an unknown list parameter is ignored with 200 where ERR-20 says 422 validation' } },
    configure: (deps) =>
      intercept(
        deps,
        rewriteListQuery((params) => {
          for (const name of [...params.keys()]) if (name !== 'page' && name !== 'limit') params.delete(name);
        }),
      ),
  },
  {
    id: 'funding-past-end-repeats-last-page',
    description: 'a page past the end of the customer list repeats the last page instead of an empty list',
    rules: ['FUND-32'],
    configure: (deps) =>
      wrapRepository(deps, 'funding', (f) => ({
        pageOfCustomer: (customerId, limit, offset) => {
          const page = f.pageOfCustomer(customerId, limit, offset);
          if (page.rows.length > 0 || page.total === 0) return page;
          return f.pageOfCustomer(customerId, limit, Math.floor((page.total - 1) / limit) * limit);
        },
      })),
  },
  {
    id: 'funding-total-counts-page',
    description: '`total` counts the applications of the page, not of the customer',
    rules: ['FUND-33'],
    configure: (deps) =>
      wrapRepository(deps, 'funding', (f) => ({
        pageOfCustomer: (customerId, limit, offset) => {
          const page = f.pageOfCustomer(customerId, limit, offset);
          return { rows: page.rows, total: page.rows.length };
        },
      })),
  },
  {
    id: 'funding-canceled-hidden',
    description: 'canceled applications are left out of the customer list (and its total)',
    rules: ['FUND-39', 'FUND-42'],
    passive: { unseen: { 'FUND-39': 'the checks read only the customer list (pages and total alike without the canceled ones): no single or project read shows an application the list lacks' } },
    configure: (deps) =>
      wrapRepository(deps, 'funding', (f) => ({
        pageOfCustomer: (customerId, limit, offset) => {
          const visible = f.pageOfCustomer(customerId, 1_000_000, 0).rows.filter((r) => r.status !== 'canceled');
          return { rows: visible.slice(offset, offset + limit), total: visible.length };
        },
      })),
  },
  bodyFault('cov-funding-list-total-text', 'FUND-1', 'the funding list carries `total` as text instead of a number', isFundingListRead, (body) =>
    typeof body.total === 'number' ? { ...body, total: String(body.total) } : body,
  ),

  // ---- the application object --------------------------------------------------------------------
  {
    id: 'funding-proofs-exposed',
    description: 'applications carry proofs and a customer e-mail beyond the core fields',
    rules: ['FUND-3'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, proofs: [], customerEmail: 'kunde@example.com' }))),
  },
  {
    id: 'funding-null-fields-omitted',
    description: 'missing values are omitted instead of null',
    rules: ['FUND-4'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null)))),
  },
  {
    id: 'funding-bza-id-number',
    description: '`bzaId` is output as a JSON number (leading zeros lost)',
    rules: ['FUND-14'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => (typeof a['bzaId'] === 'string' ? { ...a, bzaId: Number(a['bzaId']) } : a))),
  },
  {
    id: 'funding-status-step-string',
    description: '`statusStep` is output as a string',
    rules: ['FUND-17'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => (typeof a['statusStep'] === 'number' ? { ...a, statusStep: String(a['statusStep']) } : a))),
  },
  {
    id: 'funding-advisor-assigned-number',
    description: '`advisor.assigned` is output as 0/1 instead of a boolean',
    rules: ['FUND-22'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteApplications((a) => {
          const advisor = a['advisor'] as Record<string, unknown>;
          return { ...a, advisor: { ...advisor, assigned: advisor['assigned'] ? 1 : 0 } };
        }),
      ),
  },
  {
    id: 'funding-times-with-z',
    description: 'milestone times end in Z instead of +00:00',
    rules: ['FUND-23'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteApplications((a) => {
          for (const field of TIME_FIELDS) if (typeof a[field] === 'string') a[field] = (a[field] as string).replace(/\+00:00$/, 'Z');
          return a;
        }),
      ),
  },
  {
    id: 'funding-standalone-with-project',
    description: 'standalone applications carry the project of the neighbouring project-bound application',
    rules: ['FUND-12'],
    passive: { alsoBreaks: { 'FUND-8': 'the standalone applications now carry a projectKey, and an application with a non-null projectKey is project-bound by FUND-8, which then says applicationType project_bound' } },
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          const list = body as { applications?: Application[] };
          if (!FUNDING_LIST_PATH.test(req.path) || res.statusCode !== 200 || !Array.isArray(list.applications)) return body;
          const bound = list.applications.find((a) => a['projectKey'] !== null);
          if (!bound) return body;
          const applications = list.applications.map((a) =>
            a['applicationType'] === 'project_bound' ? a : { ...a, projectId: bound['projectId'], projectKey: bound['projectKey'] },
          );
          return { ...list, applications };
        }),
      ),
  },
  {
    id: 'funding-project-id-offset',
    description: '`projectId` is not the id of the project named by `projectKey` (off by 1000)',
    rules: ['FUND-43'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => (typeof a['projectId'] === 'number' ? { ...a, projectId: a['projectId'] + 1000 } : a))),
  },
  applicationFault('cov-funding-id-number', 'FUND-5', '`applicationId` is a JSON number instead of a string', (a) => {
    if (typeof a.applicationId === 'string' && /^\d+$/.test(a.applicationId)) a.applicationId = Number(a.applicationId);
  }),
  applicationFault(
    'cov-funding-type-project',
    'FUND-8',
    'project-bound applications carry `applicationType` "project" instead of "project_bound"',
    (a) => {
      if (a.projectKey !== null && a.projectKey !== undefined) a.applicationType = 'project';
    },
    { alsoBreaks: { 'FUND-12': 'an applicationType other than project_bound is the other of the two kinds, standalone, and these applications name a project, which FUND-12 says standalone ones do not' } },
  ),
  applicationFault('cov-funding-project-id-string', 'FUND-10', '`projectId` is a string instead of a number', (a) => {
    if (typeof a.projectId === 'number') a.projectId = String(a.projectId);
  }),
  applicationFault('cov-funding-project-key-uppercase', 'FUND-11', '`projectKey` is given in uppercase letters (not the key of the project)', (a) => {
    if (typeof a.projectKey === 'string') a.projectKey = a.projectKey.toUpperCase();
  }),
  applicationFault('cov-funding-advisor-id-number', 'FUND-19', '`advisor.id` is a JSON number (its digits) instead of a string', (a) => {
    const advisor = advisorOf(a);
    if (advisor && typeof advisor.id === 'string') advisor.id = Number(advisor.id.replace(/\D/g, '')) || 1;
  }),
  applicationFault('cov-funding-advisor-name-object', 'FUND-20', '`advisor.name` is an object {first, last} instead of a string', (a) => {
    const advisor = advisorOf(a);
    if (advisor && typeof advisor.name === 'string') advisor.name = { first: advisor.name, last: '' };
  }),
  applicationFault('cov-funding-advisor-title-false', 'FUND-21', '`advisor.title` is false instead of a string or null when there is none', (a) => {
    const advisor = advisorOf(a);
    if (advisor && advisor.title === null) advisor.title = false;
  }),
  {
    id: 'funding-keeps-deleted-project-key',
    description: 'project-bound applications whose project is no longer available show the deleted project\'s key and id',
    rules: ['FUND-46'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteApplications((a) => (a.applicationType === 'project_bound' && a.projectKey === null ? { ...a, projectKey: 'geloescht', projectId: 4711 } : a)),
      ),
  },
  {
    id: 'advisor-name-stored-first',
    description: 'advisor.name prefers the stored advisor name over the full name',
    rules: ['FUND-47'],
    configure: (deps) => fundingRows(deps, (row) => ({ ...row, advisor_full_name: row.advisor_stored_name, advisor_stored_name: row.advisor_full_name })),
  },
  {
    id: 'advisor-name-without-fallback',
    description: 'advisor.name is the full name only: without one it is null even when a stored advisor name exists',
    rules: ['FUND-47'],
    configure: (deps) => fundingRows(deps, (row) => ({ ...row, advisor_stored_name: null })),
  },

  // ---- values of the right type but not the stored ones ------------------------------------------
  {
    id: 'asserts-funding-bza-id-zeros-stripped',
    description: 'bzaId is answered as a string without its leading zeros (an id stored as a number)',
    rules: ['FUND-14'],
    passive: { unseen: { 'FUND-14': "the stripped id is still a string; which digits the stored id has is the profile's knowledge, not the traffic's" } },
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, bzaId: stripZeros(a.bzaId) }))),
  },
  {
    id: 'asserts-funding-bnd-id-zeros-stripped',
    description: 'bndId is answered as a string without its leading zeros',
    rules: ['FUND-15'],
    passive: { unseen: { 'FUND-15': "the stripped id is still a string; which digits the stored id has is the profile's knowledge, not the traffic's" } },
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, bndId: stripZeros(a.bndId) }))),
  },
  {
    id: 'asserts-funding-status-label-english',
    description: 'statusLabel is an English label of the status instead of the German one',
    rules: ['FUND-16'],
    passive: { unseen: { 'FUND-16': 'the English label is still a string; the spec lists no labels, so the judge decides the type only, not the language' } },
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, statusLabel: ENGLISH_LABELS[String(a.status)] ?? a.statusLabel }))),
  },
  {
    id: 'asserts-funding-next-action-english',
    description: 'nextAction is an English hint instead of the German one',
    rules: ['FUND-18'],
    passive: { unseen: { 'FUND-18': 'the English hint is still a string; the spec lists no hints, so the judge decides the type only, not the language' } },
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, nextAction: `Next step after "${String(a.status)}"` }))),
  },

  // ---- single retrieval ----------------------------------------------------------------------------
  {
    id: 'funding-single-wrong-action',
    description: 'the single response carries action "getApplication" instead of "getFundingApplication"',
    rules: ['FUND-2'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => (FUNDING_SINGLE_PATH.test(req.path) && res.statusCode === 200 ? { ...(body as object), action: 'getApplication' } : body)),
      ),
  },
  {
    id: 'funding-id-leading-zeros-normalized',
    description: 'single retrieval compares ids as numbers: an id with stripped or added leading zeros finds the original application',
    rules: ['FUND-6'],
    configure: (deps) =>
      wrapRepository(deps, 'funding', (f) => ({
        findOwned: (applicationId, customerId) =>
          f.findOwned(applicationId, customerId) ??
          (/^\d+$/.test(applicationId) ? f.findOwned(applicationId.replace(/^0+/, '').padStart(8, '0'), customerId) : undefined),
      })),
  },
  {
    id: 'funding-foreign-application-visible',
    description: 'single retrieval does not check the owner: an application of another customer answers 200',
    rules: ['AUTH-21'],
    configure: (deps) => {
      const find = applicationOfAnyOwner(deps.store);
      return wrapRepository(deps, 'funding', (f) => ({ findOwned: (applicationId, customerId) => f.findOwned(applicationId, customerId) ?? find(applicationId) }));
    },
  },
  {
    id: 'funding-foreign-application-403',
    description: 'an application of another customer answers 403 authorization instead of 404 (it reveals that the id exists)',
    rules: ['AUTH-19', 'AUTH-21'],
    configure: (deps) =>
      wrapRepository(deps, 'funding', (f) => ({
        findOwned: (applicationId, customerId) => {
          const row = f.findOwned(applicationId, customerId);
          if (!row && f.exists(applicationId)) throw errors.forbidden('Der Antrag gehört einem anderen Kunden.');
          return row;
        },
      })),
  },
  {
    id: 'funding-write-changes-application',
    description: 'PATCH and PUT on /funding/applications/{id} take over the sent fields (200), and later reads show them',
    rules: ['FUND-41'],
    configure: (deps) => {
      const overrides = new Map<string, Application>();
      const takeOver: RequestHandler = (req, res, next) => {
        const m = FUNDING_SINGLE_PATH.exec(req.path);
        if (!m || (req.method !== 'PATCH' && req.method !== 'PUT') || !req.body || typeof req.body !== 'object') return next();
        const id = decodeURIComponent(m[1] as string);
        const row = deps.store.funding.findOwned(id, currentCustomer(res).id);
        if (!row) return next();
        const { applicationId: _id, ...changes } = req.body as Application;
        overrides.set(id, { ...overrides.get(id), ...changes });
        res.status(200).json({ status: 200, action: 'updateFundingApplication', application: { ...applicationView(row), ...overrides.get(id) } });
      };
      const withOverrides = rewriteApplications((a) => ({ ...a, ...overrides.get(a['applicationId'] as string) }));
      return interceptParsed(intercept(deps, withOverrides), takeOver);
    },
  },

  // ---- project variant -----------------------------------------------------------------------------
  {
    id: 'funding-project-variant-merged',
    description: 'the project variant answers the whole customer list (project variants merged)',
    rules: ['FUND-34'],
    configure: (deps) => wrapRepository(deps, 'funding', (f) => ({ pageOfProject: (customerId, _projectId, limit, offset) => f.pageOfCustomer(customerId, limit, offset) })),
  },
  {
    id: 'funding-project-variant-foreign-visible',
    description: 'the project variant does not check ownership: a foreign project key answers 200 with that project\'s applications',
    rules: ['FUND-35'],
    configure: (deps) => {
      return interceptParsed(deps, (req, res, next) => {
        const m = PROJECT_FUNDING_LIST_PATH.exec(req.path);
        const found = m && req.method === 'GET' ? deps.store.projects.findByKey((m[1] as string).toLowerCase()) : undefined;
        if (!found || found.customerId === currentCustomer(res).id) return next();
        const page = deps.store.funding.pageOfProject(found.customerId, found.id, 50, 0);
        res.json({ status: 200, action: 'getProjectFundingApplications', applications: page.rows.map(applicationView), total: page.total, page: 1, limit: 50 });
      });
    },
  },
  {
    id: 'funding-project-without-applications-404',
    description: 'the project variant answers 404 not_found for an own project without applications',
    rules: ['FUND-36'],
    passive: { unseen: { 'FUND-36': "the project is created by the checks' setup outside the recorded traffic, and no recorded read shows it is the customer's own, so its 404 may be a foreign project's" } },
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (!PROJECT_FUNDING_LIST_PATH.test(req.path) || res.statusCode !== 200 || (body as { total?: number }).total !== 0) return body;
          res.status(404);
          return errors.notFound().toBody();
        }),
      ),
  },
  {
    id: 'funding-project-variant-parameters-unchecked',
    description: 'the project variant ignores its query (unknown and out-of-range parameters answer 200 with the defaults)',
    rules: ['FUND-38'],
    passive: { alsoBreaks: { 'ERR-20': 'the project list answers limit=101, page=0 and unknown parameters with 200 where ERR-20 says 422 validation', 'FUND-33': 'the project list answers ?limit=100 with limit 50: its `limit` does not describe the request' } },
    configure: (deps) =>
      intercept(
        deps,
        rewriteListQuery(
          (params) => {
            for (const name of [...params.keys()]) params.delete(name);
          },
          (req) => PROJECT_FUNDING_LIST_PATH.test(req.path),
        ),
      ),
  },

  // ---- license -------------------------------------------------------------------------------------
  {
    id: 'funding-expired-license-403',
    description: 'funding reads answer 403 authorization for an unlocked customer whose license has expired',
    rules: ['FUND-40'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isFunding(req) && currentCustomer(res).license === 'expired') return next(errors.forbidden('Die Lizenz ist abgelaufen.'));
        next();
      }),
  },
  {
    id: 'funding-locked-customer-reads',
    description: 'funding reads by a locked customer without license answer 200 (treated as unlocked)',
    rules: ['AUTH-16'],
    configure: (deps) =>
      interceptParsed(
        deps,
        swapCustomerOn(isFunding, (customer) => (customer.license === 'expired' && !customer.unlocked ? { ...customer, unlocked: true } : customer)),
      ),
  },
];
