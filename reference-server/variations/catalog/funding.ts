import type { Profile } from '../../../spec/profile.schema.js';
import type { FundingRow } from '../../src/store/funding.js';
import { rewriteApplications } from '../../seams/applications.js';
import { intercept } from '../../seams/intercept.js';
import { isPlainObject } from '../../seams/json-shapes.js';
import { FUNDING_SINGLE_PATH, isFundingList, PROJECT_FUNDING_LIST_PATH } from '../../seams/paths.js';
import { rewriteJsonOf } from '../../seams/response-rewrite.js';
import { wrapRepository } from '../../seams/store-wrap.js';
import { variations } from '../variation.js';

/**
 * The reference server's ids are eight digits with leading zeros from 00010001 on. This reading
 * writes them without the zeros and 10000 less ("00010064" is "64"), so their width varies, and an
 * id is only found in exactly that form ("064" finds nothing).
 */
const STORED_ID = /^\d{8}$/;
const SHOWN_ID = /^[1-9]\d*$/;
const OFFSET = 10_000;

function shownId(stored: string): string {
  return STORED_ID.test(stored) && Number(stored) > OFFSET ? String(Number(stored) - OFFSET) : stored;
}

function storedId(shown: string): string | undefined {
  return SHOWN_ID.test(shown) ? String(Number(shown) + OFFSET).padStart(8, '0') : undefined;
}

const shownRow = (row: FundingRow): FundingRow => ({ ...row, application_id: shownId(row.application_id) });

/** Descending by the id as text: "9" comes before "64", and "64" before "10". */
const byTextDescending = (a: FundingRow, b: FundingRow) => (a.application_id < b.application_id ? 1 : a.application_id > b.application_id ? -1 : 0);

function page(all: { rows: FundingRow[]; total: number }, limit: number, offset: number) {
  return { rows: all.rows.map(shownRow).sort(byTextDescending).slice(offset, offset + limit), total: all.total };
}

function withShownIds(profile: Profile): Profile {
  const mapApplications = <T extends { applicationId: string }>(list: readonly T[]) => list.map((a) => ({ ...a, applicationId: shownId(a.applicationId) }));
  const funding = profile.resources?.funding;
  return {
    ...profile,
    ...(profile.resources && funding
      ? {
          resources: {
            ...profile.resources,
            funding: {
              ...funding,
              applications: mapApplications(funding.applications),
              ...(funding.foreignApplicationId ? { foreignApplicationId: shownId(funding.foreignApplicationId) } : {}),
            },
          },
        }
      : {}),
    customers: {
      ...profile.customers,
      ...(profile.customers.pool
        ? {
            pool: profile.customers.pool.map((c) =>
              c.resources?.funding ? { ...c, resources: { ...c.resources, funding: { ...c.resources.funding, applications: mapApplications(c.resources.funding.applications) } } } : c,
            ),
          }
        : {}),
    },
  };
}

/** Readings of the funding area's freedoms (spec/freedoms/funding.ts) that the reference server can take. */
export const fundingVariations = variations([
  {
    id: 'funding-open-envelopes',
    freedoms: ['FREE-FUND-1', 'FREE-FUND-2', 'FREE-FUND-3'],
    description:
      'the list answers carry further members (the `projectKey` beside a project\'s list, a page count, links) and other `action` values; the single answer carries links',
    configure: (deps) =>
      intercept(
        deps,
        rewriteJsonOf(
          (req) => req.method === 'GET' && isFundingList(req),
          (body, req, res) => {
            if (res.statusCode >= 400 || !isPlainObject(body)) return body;
            const key = PROJECT_FUNDING_LIST_PATH.exec(req.path)?.[1];
            const pages = typeof body.total === 'number' && typeof body.limit === 'number' ? Math.ceil(body.total / body.limit) : undefined;
            return {
              ...body,
              ...(key === undefined ? { action: 'listFundingApplications' } : { action: 'listFundingApplicationsOfProject', projectKey: key }),
              pages,
              links: { self: req.originalUrl },
            };
          },
        ),
        rewriteJsonOf(
          (req) => req.method === 'GET' && FUNDING_SINGLE_PATH.test(req.path),
          (body, req, res) => (res.statusCode < 400 && isPlainObject(body) ? { ...body, links: { self: req.originalUrl, list: '../applications' } } : body),
        ),
      ),
  },
  {
    id: 'funding-standalone-type',
    freedoms: ['FREE-FUND-4'],
    description: 'standalone applications carry `applicationType` "ohne_projektbezug" instead of "standalone"',
    configure: (deps) => intercept(deps, rewriteApplications((a) => (a.applicationType === 'project_bound' ? a : { ...a, applicationType: 'ohne_projektbezug' }))),
  },
  {
    id: 'funding-ids-text-order',
    freedoms: ['FREE-FUND-5', 'FREE-FUND-6'],
    description: 'application ids are digits of varying width without leading zeros ("64", "9"), and the lists are sorted by the id as text ("9" before "64" before "10")',
    configure: (deps) =>
      wrapRepository(deps, 'funding', (f) => ({
        pageOfCustomer: (customerId, limit, offset) => page(f.pageOfCustomer(customerId, 1_000_000, 0), limit, offset),
        pageOfProject: (customerId, projectId, limit, offset) => page(f.pageOfProject(customerId, projectId, 1_000_000, 0), limit, offset),
        findOwned: (applicationId, customerId) => {
          const stored = storedId(applicationId);
          const row = stored === undefined ? undefined : f.findOwned(stored, customerId);
          return row && shownRow(row);
        },
        exists: (applicationId) => {
          const stored = storedId(applicationId);
          return stored !== undefined && f.exists(stored);
        },
      })),
    profile: withShownIds,
  },
]);
