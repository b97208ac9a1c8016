import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';

/**
 * A deliberate defect of the reference server. Each names the rules it breaks; `npm run faults`
 * runs the checks of exactly those rules against a server with the fault and fails unless at
 * least one of them fails.
 */
export interface Fault {
  id: string;
  description: string;
  rules: string[];
  configure(deps: AppDeps): AppDeps;
  /**
   * How the webhook checks see this faulted server's deliveries (faulted-run.ts): by default a nock
   * capture in the fault runner's process; 'receiver' delivers to the CLI's real receiver instead,
   * as a foreign target would.
   */
  webhookCapture?: 'receiver';
  /**
   * 'sequences': a defect only a sequence of operations shows, proven by the stateful exploration
   * (suites/explore). Its lanes name nearly every project and room rule, so the fault runner runs
   * them only for such faults: for the others they would add a minute of exploring each.
   */
  foundBy?: 'sequences';
}

/** Adds middleware in front of every API route. */
export function intercept(deps: AppDeps, ...handlers: RequestHandler[]): AppDeps {
  return { ...deps, intercept: [...(deps.intercept ?? []), ...handlers] };
}

/** Rewrites JSON bodies on their way out. */
export function rewriteJson(fn: (body: unknown, req: Request, res: Response) => unknown): RequestHandler {
  return (req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => json(fn(body, req, res));
    next();
  };
}

type WriteHead = (code: number, ...rest: unknown[]) => Response;

/**
 * Replaces response status codes on their way out. Hooked at writeHead, which Node calls for every
 * response, so an implicit 200 (no res.status call) is rewritten too.
 */
export function rewriteStatus(fn: (status: number, req: Request) => number): RequestHandler {
  return (req, res, next) => {
    const target = res as unknown as { writeHead: WriteHead };
    const writeHead = target.writeHead.bind(res);
    target.writeHead = (code, ...rest) => writeHead(fn(code, req), ...rest);
    next();
  };
}

/** Rewrites the query string of matching requests before routing (Express reads req.query from req.url). */
export function rewriteQuery(applies: (req: Request) => boolean, fn: (params: URLSearchParams) => void): RequestHandler {
  return (req, _res, next) => {
    if (applies(req)) {
      const [path, search = ''] = req.url.split('?', 2) as [string, string?];
      const params = new URLSearchParams(search);
      fn(params);
      const query = params.toString();
      req.url = query ? `${path}?${query}` : path;
    }
    next();
  };
}

/** Middleware that sees parsed request bodies (runs after authentication and body parsing). */
export function interceptParsed(deps: AppDeps, ...handlers: RequestHandler[]): AppDeps {
  return { ...deps, interceptParsed: [...(deps.interceptParsed ?? []), ...handlers] };
}
