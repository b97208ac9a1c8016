import type { Request, RequestHandler } from 'express';
import { isPlainObject, type Json } from './json-shapes.js';
import { isFunding } from './paths.js';
import { rewriteJson } from './response-rewrite.js';

/** Rewrites a copy of every funding application of successful answers (the lists and the single read). */
export function rewriteApplications(fn: (application: Json, req: Request) => Json): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isFunding(req) || res.statusCode >= 400 || !isPlainObject(body)) return body;
    const out = { ...body };
    if (Array.isArray(out.applications)) out.applications = (out.applications as Json[]).map((a) => fn({ ...a }, req));
    if (isPlainObject(out.application)) out.application = fn({ ...out.application }, req);
    return out;
  });
}
