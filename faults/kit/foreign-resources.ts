import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { normalizeRouteKey } from '../../reference-server/src/domain/project-key.js';
import { currentCustomer, customerOfAuthorization } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { FUNDING_SINGLE_PATH, ONE_ROOM_PATH, projectKeyOf } from '../../reference-server/seams/paths.js';
import { applicationOfAnyOwner, ownerOfRoom, projectOfAnyOwner } from './ownerless-lookups.js';

/**
 * Requests that name a resource which exists but belongs to another customer: the project of the
 * path's key (whatever follows it), the room of its room id, the funding application of its id.
 * A correct server answers them exactly as a key that never existed (404); the existence-oracle
 * faults make the two differ for these requests only.
 */

type ForeignTest = (req: Request, customerId: number) => boolean;

/** A path segment as the routes see it (Express decodes parameters); undecodable ones name nothing. */
function decoded(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Whether the request names a project, room or application of a customer other than `customerId`. */
export function namesForeignResource(deps: AppDeps): ForeignTest {
  const projectOf = projectOfAnyOwner(deps.store);
  const roomOwner = ownerOfRoom(deps.store);
  const applicationOf = applicationOfAnyOwner(deps.store);
  const foreign = (owner: number | undefined, customerId: number) => owner !== undefined && owner !== customerId;
  return (req, customerId) => {
    const key = normalizeRouteKey(projectKeyOf(req) ?? '');
    if (key !== undefined && foreign(projectOf(key)?.customerId, customerId)) return true;
    const roomId = decoded(ONE_ROOM_PATH.exec(req.path)?.[2]);
    if (roomId !== undefined && foreign(roomOwner(roomId), customerId)) return true;
    const applicationId = decoded(FUNDING_SINGLE_PATH.exec(req.path)?.[1]);
    return applicationId !== undefined && foreign(applicationOf(applicationId)?.customer_id, customerId);
  };
}

/**
 * Middleware in front of every API route (before authentication) for the requests that name a
 * foreign resource of the customer their bearer token belongs to. Blocked customers and invalid
 * tokens are answered 401 whatever they name, so they are left alone.
 */
export function beforeForeignLookups(deps: AppDeps, handler: RequestHandler): AppDeps {
  const isForeign = namesForeignResource(deps);
  return intercept(deps, (req, res, next) => {
    const customer = customerOfAuthorization(deps, req.headers.authorization);
    if (customer && !customer.blocked && isForeign(req, customer.id)) return handler(req, res, next);
    next();
  });
}

/**
 * Middleware for the requests that name a foreign resource, after authentication, the customer
 * limiter and body parsing: what it answers was counted like any other request of the customer.
 */
export function onForeignLookups(deps: AppDeps, handler: RequestHandler): AppDeps {
  const isForeign = namesForeignResource(deps);
  return interceptParsed(deps, (req, res, next) => {
    if (isForeign(req, currentCustomer(res).id)) return handler(req, res, next);
    next();
  });
}
