import { intercept } from '../../reference-server/seams/intercept.js';
import { rewriteJson, rewriteStatus } from '../../reference-server/seams/response-rewrite.js';
import type { Fault } from '../fault.js';

export const metaFaults: Fault[] = [
  {
    id: 'health-without-timestamp',
    description: 'GET /health omits the required timestamp',
    rules: ['META-5'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req) => {
          if (req.path !== '/health') return body;
          const { timestamp: _dropped, ...rest } = body as Record<string, unknown>;
          return rest;
        }),
      ),
  },
  {
    id: 'cors-grant-on-options',
    description: 'OPTIONS answers with Access-Control-Allow-Origin: *',
    rules: ['META-11'],
    configure: (deps) =>
      intercept(deps, (_req, res, next) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        next();
      }),
  },
  {
    id: 'options-200',
    description: 'OPTIONS answers 200 instead of 204',
    rules: ['META-9'],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (req.method === 'OPTIONS' && status === 204 ? 200 : status))),
  },
  {
    id: 'root-wrong-version',
    description: 'GET / reports version 2.4.0',
    rules: ['META-3'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req) => (req.path === '/' && req.method === 'GET' ? { ...(body as object), version: '2.4.0' } : body)),
      ),
  },
  {
    id: 'meta-prefix-moved',
    description: 'the interface moved to the prefix /api/v2.5: every request under /api/v2 is redirected there (308)',
    rules: ['META-14'],
    configure: (deps) => intercept(deps, (req, res) => res.redirect(308, `/api/v2.5${req.url}`)),
  },
];
