import type { Request, RequestHandler } from 'express';

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
