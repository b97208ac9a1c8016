import type { Request, RequestHandler, Response } from 'express';

type Rewrite = (body: unknown, req: Request, res: Response) => unknown;

/**
 * Rewrites the JSON bodies of the requests `applies` picks, errors included. Picked on the way in:
 * an error reaches the app's error mapper with `req.path` no longer relative to the API router.
 */
export function rewriteJsonOf(applies: (req: Request) => boolean, fn: Rewrite): RequestHandler {
  return (req, res, next) => {
    if (applies(req)) {
      const json = res.json.bind(res);
      res.json = (body: unknown) => json(fn(body, req, res));
    }
    next();
  };
}

/** Rewrites every JSON body on its way out. */
export function rewriteJson(fn: Rewrite): RequestHandler {
  return rewriteJsonOf(() => true, fn);
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
