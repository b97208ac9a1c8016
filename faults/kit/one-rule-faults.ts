import type { Request } from 'express';
import { intercept } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { rewriteJsonOf, rewriteStatus } from '../../reference-server/seams/response-rewrite.js';
import type { Fault } from '../fault.js';

/**
 * Faults that break exactly the rule they name (a status code, one member of a response shape),
 * so the fault run proves that rule and not only a neighbour of it.
 */

/** Rewrites the JSON object bodies of matching requests, errors included (matched on the way in). */
const rewriteMatching = (applies: (req: Request) => boolean, fn: (body: Json) => Json) => rewriteJsonOf(applies, (body) => (isPlainObject(body) ? fn(body) : body));

export function bodyFault(id: string, rule: string, description: string, applies: (req: Request) => boolean, fn: (body: Json) => Json): Fault {
  return { id, description, rules: [rule], configure: (deps) => intercept(deps, rewriteMatching(applies, fn)) };
}

export function statusFault(id: string, rule: string, description: string, applies: (req: Request) => boolean, from: number, to: number): Fault {
  return {
    id,
    description,
    rules: [rule],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (applies(req) && status === from ? to : status))),
  };
}
