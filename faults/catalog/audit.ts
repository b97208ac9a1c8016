import type { Request, RequestHandler } from 'express';
import { currentCustomer } from '../../reference-server/src/http/request-context.js';
import type { Fault } from '../fault.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject } from '../../reference-server/seams/json-shapes.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';

/**
 * Faults for the statements the spec audit (docs/spec-audit.md) found covered only in part: each
 * breaks the part no check judged before, the way a real implementation could.
 */


/** A single room path; matched against `originalUrl`, as the app-level error mapper writes error bodies. */
const ROOM = /\/reports\/[A-Za-z]+\/rooms\/([^/?]+)(?:\?|$)/;

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

export const auditFaults: Fault[] = [
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
    id: 'with-data-deduplicates',
    description: 'a repeated POST /reports/with-data with the same preset body answers 201 with the project of the first call instead of creating a further one',
    rules: ['PROJ-82'],
    configure: (deps) => interceptParsed(deps, ...deduplicateWithData()),
  },
];
