import type { RequestHandler } from 'express';
import type { AppDeps } from '../src/app.js';

/** Adds middleware in front of every API route (before authentication: `req.path` is relative to the API prefix). */
export function intercept(deps: AppDeps, ...handlers: RequestHandler[]): AppDeps {
  return { ...deps, intercept: [...(deps.intercept ?? []), ...handlers] };
}

/** Middleware that sees parsed request bodies (runs after authentication and body parsing). */
export function interceptParsed(deps: AppDeps, ...handlers: RequestHandler[]): AppDeps {
  return { ...deps, interceptParsed: [...(deps.interceptParsed ?? []), ...handlers] };
}
