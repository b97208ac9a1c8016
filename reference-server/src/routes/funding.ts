import { Router, type Response } from 'express';
import { canUseOwnData } from '../domain/access.js';
import { parseFundingQuery } from '../domain/funding-query.js';
import { applicationView } from '../domain/funding-view.js';
import { errors } from '../http/api-error.js';
import { currentCustomer } from '../http/request-context.js';
import type { Store } from '../store/store.js';
import { ownedProject } from './owned-project.js';

function listResponse(res: Response, action: string, result: { rows: Parameters<typeof applicationView>[0][]; total: number }, page: number, limit: number) {
  res.json({ status: 200, action, applications: result.rows.map(applicationView), total: result.total, page, limit });
}

/** Read-only funding applications: the customer's list, one by id, and a project's own list (not merged). */
export function fundingRoutes(store: Store): Router {
  const router = Router({ strict: true, caseSensitive: true });

  function licensedCustomerId(res: Response): number {
    const customer = currentCustomer(res);
    if (!canUseOwnData(customer)) throw errors.forbidden('Für diesen Kunden besteht keine gültige Lizenz.');
    return customer.id;
  }

  router.get('/funding/applications', (req, res) => {
    const customerId = licensedCustomerId(res);
    const { page, limit } = parseFundingQuery(req.query);
    listResponse(res, 'getFundingApplications', store.funding.pageOfCustomer(customerId, limit, (page - 1) * limit), page, limit);
  });

  router.get('/funding/applications/:applicationId', (req, res) => {
    const customerId = licensedCustomerId(res);
    const row = store.funding.findOwned(req.params.applicationId, customerId);
    if (!row) throw errors.notFound();
    res.json({ status: 200, action: 'getFundingApplication', application: applicationView(row) });
  });

  router.get('/reports/:projectKey/funding/applications', (req, res) => {
    const project = ownedProject(store, res, req.params.projectKey);
    const { page, limit } = parseFundingQuery(req.query);
    listResponse(res, 'getProjectFundingApplications', store.funding.pageOfProject(project.customerId, project.id, limit, (page - 1) * limit), page, limit);
  });

  return router;
}
