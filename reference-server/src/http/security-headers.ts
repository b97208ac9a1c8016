import type { RequestHandler } from 'express';

/** Every response: a browser must never guess another type than the one declared (a JSON body rendered as HTML). */
export const noSniff: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

/** API responses carry customer data and signed links: no cache (browser, proxy) may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
