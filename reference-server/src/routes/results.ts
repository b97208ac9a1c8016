import { Router } from 'express';
import { calculateResults, checkCalculable, toAbgleichFBH } from '../calc/results.js';
import { buildCalcInput } from '../domain/calc-input.js';
import { parseSystemTemperatures } from '../domain/results-query.js';
import { errors } from '../http/api-error.js';
import type { Store } from '../store/store.js';
import { calculableProject } from './calculation-access.js';

/**
 * Results are computed on every call from the stored project data; the system temperatures of
 * the query apply to this call only and are never stored.
 */
export function resultsRoutes(store: Store): Router {
  const router = Router({ strict: true, caseSensitive: true });
  router.get('/reports/:projectKey/results', (req, res) => {
    const project = calculableProject(store, res, req.params.projectKey);
    const params = parseSystemTemperatures(req.query);
    const input = buildCalcInput(store, project);
    const reason = checkCalculable(input);
    if (reason !== undefined) throw errors.calculationUnavailable(`Berechnung nicht möglich: ${reason}`);
    const results = calculateResults(input, params);
    res.json({
      status: 200,
      action: 'getResults',
      project: { key: project.key },
      results,
      projekt: { abgleichFBH: toAbgleichFBH(results.floorHeatingBalance) },
    });
  });
  return router;
}
