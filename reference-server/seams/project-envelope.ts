import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../src/app.js';
import { interceptParsed } from './intercept.js';
import { isPlainObject, type Json } from './json-shapes.js';
import { isProjectWrite } from './paths.js';
import { rewriteJson } from './response-rewrite.js';

/** The two names of the project envelope of a write, the current one first. */
export const ENVELOPES = ['projectData', 'projektData'] as const;

/** The first envelope of a request body that is an object. */
export function envelopeOf(body: unknown): Json | undefined {
  if (!isPlainObject(body)) return undefined;
  for (const name of ENVELOPES) {
    const envelope = body[name];
    if (isPlainObject(envelope)) return envelope;
  }
  return undefined;
}

/** Runs `fn` on the envelope of every project write (after auth and body parsing); `fn` may answer itself by returning true. */
export function onEnvelope(deps: AppDeps, fn: (envelope: Json, req: Request, res: Response) => boolean | void): AppDeps {
  return interceptParsed(deps, (req, res, next) => {
    const envelope = isProjectWrite(req) ? envelopeOf(req.body) : undefined;
    if (envelope && fn(envelope, req, res) === true) return;
    next();
  });
}

/** Rewrites `projektData` of every response that has one (of the requests `applies` picks). */
export function rewriteProjektData(fn: (data: Json) => void, applies: (req: Request) => boolean = () => true): RequestHandler {
  return rewriteJson((body, req) => {
    if (applies(req) && isPlainObject(body) && isPlainObject(body.projektData)) fn(body.projektData);
    return body;
  });
}
