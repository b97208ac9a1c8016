import type { Request, RequestHandler } from 'express';
import { rewriteJsonOf } from '../../reference-server/seams/response-rewrite.js';

/**
 * Answers the server's error `from` as `to`, consistently in status and envelope; `type` replaces
 * `details.type` (kept when not given). `when` picks the requests on the way in, where `req.path`
 * is still relative to the API prefix.
 */
export function remapError(from: number, to: number, options: { type?: string; when?: (req: Request) => boolean } = {}): RequestHandler {
  const { type, when = () => true } = options;
  return rewriteJsonOf(when, (body, _req, res) => {
    if (res.statusCode !== from) return body;
    res.status(to);
    const envelope = body as { details?: Record<string, unknown> };
    return { ...envelope, status: to, details: { ...envelope.details, ...(type === undefined ? {} : { type }) } };
  });
}
