import { Router, type Response } from 'express';
import { checkCalculable } from '../calc/results.js';
import type { HeavyWork } from '../compute/heavy-work.js';
import { buildCalcInput } from '../domain/calc-input.js';
import { parseSystemTemperatures } from '../domain/results-query.js';
import { errors } from '../http/api-error.js';
import { currentCustomer } from '../http/request-context.js';
import type { Store } from '../store/store.js';
import { calculableProject } from './calculation-access.js';

/**
 * Sends a body serialized elsewhere (a worker thread) with the bytes and headers `res.json` gives.
 * A middleware that wrapped `res.json` to rewrite bodies (the fault catalogue does) gets the value.
 */
function sendSerializedJson(res: Response, text: string): void {
  if (Object.hasOwn(res, 'json')) {
    res.json(JSON.parse(text));
    return;
  }
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  res.send(text);
}

/**
 * Results are computed on every call from the stored project data; the system temperatures of
 * the query apply to this call only and are never stored. The checks run here; the calculation
 * runs as the customer's heavy work (compute/heavy-work.ts).
 */
export function resultsRoutes(store: Store, heavyWork: HeavyWork): Router {
  const router = Router({ strict: true, caseSensitive: true });
  router.get('/reports/:projectKey/results', async (req, res) => {
    const project = calculableProject(store, res, req.params.projectKey);
    const params = parseSystemTemperatures(req.query);
    const input = buildCalcInput(store, project);
    const reason = checkCalculable(input);
    if (reason !== undefined) throw errors.calculationUnavailable(`Berechnung nicht möglich: ${reason}`);
    sendSerializedJson(res, await heavyWork.run(currentCustomer(res).id, { kind: 'results', input, params, projectKey: project.key }));
  });
  return router;
}
