import type { RequestHandler } from 'express';
import { errors } from '../../reference-server/src/http/api-error.js';
import { createSlidingWindowLimiter } from '../../reference-server/src/rate-limit/sliding-window.js';
import { customerOfToken } from '../../reference-server/seams/customer.js';
import { intercept } from '../../reference-server/seams/intercept.js';
import { monotonicNow } from '../kit/limiters.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import type { Fault } from '../fault.js';

/**
 * Faults that the harness once judged as its own breakage (README "Results"): a 429 to a request
 * that must never be counted, and a target body without the member a check reads from it. Each
 * must end the run failed (exit 1), never broken.
 */

/** Answers 429 to a second GET / or GET /health from one address within a second. */
function throttlePublicGets(): RequestHandler {
  const lastByAddress = new Map<string, number>();
  return (req, _res, next) => {
    if (req.method !== 'GET' || (req.path !== '/' && req.path !== '/health')) return next();
    const address = req.socket.remoteAddress ?? '';
    const now = performance.now();
    const last = lastByAddress.get(address);
    if (last !== undefined && now - last < 1000) return next(errors.rateLimited());
    lastByAddress.set(address, now);
    next();
  };
}

export const verdictFaults: Fault[] = [
  {
    id: 'query-token-counted-twice',
    description:
      'a valid token in ?token= or ?access_token= authenticates, and a legacy URL-token path records the request in the customer window before the regular limiter records it again (the request answers 429 instead of 401 right after a request of that customer)',
    rules: ['AUTH-5'],
    configure: (deps) => {
      const shared = deps.limiter ?? createSlidingWindowLimiter();
      const now = monotonicNow(deps);
      const urlToken: RequestHandler = (req, _res, next) => {
        const query = req.query as Record<string, unknown>;
        const token = query['token'] ?? query['access_token'];
        if (req.headers.authorization !== undefined || typeof token !== 'string') return next();
        req.headers.authorization = `Bearer ${token}`;
        const customer = customerOfToken(deps, token);
        if (customer && !customer.blocked) shared.tryAdmit(customer.id, now());
        next();
      };
      return intercept({ ...deps, limiter: shared }, urlToken);
    },
  },
  {
    id: 'public-get-throttled',
    description: 'GET / and GET /health share a limit of one request per second and source address (429 rate_limit above it)',
    // Only the AUTH-14 check sends both within a second every time; the META-4 check's single GET
    // /health meets the throttle only when another check's public request happens to be near it.
    rules: ['AUTH-14'],
    configure: (deps) => intercept(deps, throttlePublicGets()),
  },
  {
    id: 'creation-without-projekt-header',
    description:
      'POST /reports/with-data answers 201 with the project header under `header` instead of `projektHeader` (checks that work on a created project find no key)',
    rules: ['PROJ-84', 'PROJ-118'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (req.method !== 'POST' || req.path !== '/reports/with-data' || res.statusCode !== 201) return body;
          const { projektHeader, ...rest } = body as Record<string, unknown>;
          return { ...rest, header: projektHeader };
        }),
      ),
  },
];
