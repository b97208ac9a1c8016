import { Router, type Response } from 'express';
import type { HeavyWork } from '../compute/heavy-work.js';
import { projectRef } from '../compute/project-snapshot.js';
import { parseSystemTemperatures } from '../domain/results-query.js';
import { currentCustomer } from '../http/request-context.js';
import type { Store } from '../store/store.js';
import { calculableProject } from './calculation-access.js';

/**
 * Sends a body serialized elsewhere (a worker thread) with the bytes and headers `res.json` gives:
 * handed over as bytes, it is neither parsed nor encoded again here. A middleware that wrapped
 * `res.json` to rewrite bodies (the fault catalogue does) gets the value.
 */
function sendSerializedJson(res: Response, bytes: Uint8Array): void {
  if (Object.hasOwn(res, 'json')) {
    res.json(JSON.parse(new TextDecoder().decode(bytes)));
    return;
  }
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json; charset=utf-8');
  res.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * Results are computed on every call from the stored project data; the system temperatures of
 * the query apply to this call only and are never stored. Access and the query are checked here;
 * reading the project, the 422 check, the calculation and the answer's serialisation run as the
 * customer's heavy work (compute/heavy-work.ts), off the event loop for a large project.
 */
export function resultsRoutes(store: Store, heavyWork: HeavyWork): Router {
  const router = Router({ strict: true, caseSensitive: true });
  router.get('/reports/:projectKey/results', async (req, res) => {
    const project = calculableProject(store, res, req.params.projectKey);
    const params = parseSystemTemperatures(req.query);
    sendSerializedJson(res, await heavyWork.run(currentCustomer(res).id, { kind: 'results', project: projectRef(project), params }, store));
  });
  return router;
}
