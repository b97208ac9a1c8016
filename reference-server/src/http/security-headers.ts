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

/**
 * Files behind signed links: the link is confidential and its holder's alone, so no shared cache
 * may keep what it serves (nor serve it on after the link expired).
 */
export const privateFile: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'private, no-store');
  next();
};
