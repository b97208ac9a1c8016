import type { Request } from 'express';
import { intercept } from '../../seams/intercept.js';
import { isPlainObject } from '../../seams/json-shapes.js';
import { rewriteJsonOf } from '../../seams/response-rewrite.js';
import { variations } from '../variation.js';

const isRoot = (req: Request) => req.method === 'GET' && req.path === '/';
const isHealth = (req: Request) => req.method === 'GET' && req.path === '/health';

/** A date-time in the offset +01:00, as a server in Central European time might write it. */
function inPlusOne(at: Date): string {
  return `${new Date(at.getTime() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, '')}+01:00`;
}

/** Readings of the meta area's freedoms (spec/freedoms/meta.ts) that the reference server can take. */
export const metaVariations = variations([
  {
    id: 'meta-open-bodies',
    freedoms: ['FREE-META-1', 'FREE-META-2', 'FREE-META-3'],
    description: 'GET / and GET /health carry further members (status, action, links, build) and other `name` and `api` strings',
    configure: (deps) =>
      intercept(
        deps,
        rewriteJsonOf(isRoot, (body) =>
          isPlainObject(body) ? { status: 200, action: 'getInfo', ...body, name: 'Kundenschnittstelle Projekte und Förderung', links: { health: 'health' }, build: 'variation' } : body,
        ),
        rewriteJsonOf(isHealth, (body) => (isPlainObject(body) ? { ...body, api: 'kunden-api', checks: { code: 'ok' }, uptimeSeconds: 1 } : body)),
      ),
  },
  {
    id: 'health-cached-timestamp',
    freedoms: ['FREE-META-4'],
    description: 'GET /health answers a timestamp fixed when the server started (a cached health answer), written in the offset +01:00',
    configure: (deps) => {
      const startedAt = inPlusOne(new Date());
      return intercept(
        deps,
        rewriteJsonOf(isHealth, (body) => (isPlainObject(body) ? { ...body, timestamp: startedAt } : body)),
      );
    },
  },
]);
