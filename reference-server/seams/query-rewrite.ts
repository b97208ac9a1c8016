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

/** The system temperature parameters of `GET .../results` (endpoint rule 8), current names and aliases. */
export const SYSTEM_TEMPERATURES = ['flowTemperature', 'spread', 'vorlaufT', 'spreizung'] as const;

/** Rewrites each system temperature a results request carries, as text. */
export function rewriteSystemTemperatures(applies: (req: Request) => boolean, fn: (value: string) => string): RequestHandler {
  return rewriteQuery(applies, (params) => {
    for (const name of SYSTEM_TEMPERATURES) {
      const value = params.get(name);
      if (value !== null) params.set(name, fn(value));
    }
  });
}
