import type { Request } from 'express';
import { intercept } from '../../reference-server/seams/intercept.js';
import { rewriteJson, rewriteStatus } from '../../reference-server/seams/response-rewrite.js';
import { bodyFault, statusFault } from '../kit/one-rule-faults.js';
import type { Fault } from '../fault.js';

/** Faults of the public endpoints (GET /, GET /health, OPTIONS), the prefix and the site URL. */

const isRoot = (req: Request) => req.method === 'GET' && req.path === '/';
const isHealth = (req: Request) => req.method === 'GET' && req.path === '/health';

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
    passive: {
      alsoBreaks: {
        'META-1': 'GET / under /api/v2 answers the 308 redirect, not 200',
        'META-4': 'GET /health under /api/v2 answers the 308 redirect, not 200',
      },
    },
    configure: (deps) => intercept(deps, (req, res) => res.redirect(308, `/api/v2.5${req.url}`)),
  },
  statusFault('cov-root-answers-203', 'META-1', 'GET / answers HTTP 203 instead of 200', isRoot, 200, 203),
  bodyFault('cov-root-name-number', 'META-2', 'GET / carries `name` as a number instead of a string', isRoot, (body) => ({ ...body, name: 2 })),
  statusFault('cov-health-answers-203', 'META-4', 'GET /health answers HTTP 203 instead of 200', isHealth, 200, 203),
  bodyFault('cov-health-timestamp-not-date-time', 'META-6', 'GET /health `timestamp` is epoch milliseconds as text, not a date-time', isHealth, (body) => ({ ...body, timestamp: String(Date.now()) })),
  bodyFault('cov-health-version-short', 'META-7', 'GET /health reports version "2.5" instead of "2.5.0"', isHealth, (body) => ({ ...body, version: '2.5' })),
  {
    id: 'cov-options-with-content',
    description: 'OPTIONS answers 200 with a JSON body listing the methods instead of 204 without content',
    rules: ['META-10'],
    passive: { alsoBreaks: { 'META-9': 'the OPTIONS answer carrying the body is a 200, not the 204 of the endpoint table' } },
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (req.method !== 'OPTIONS') return next();
        res.status(200).json({ allow: ['GET', 'POST', 'PATCH', 'PUT', 'OPTIONS'] });
      }),
  },
  {
    id: 'cov-root-text-plain',
    description: 'GET / answers its JSON body with Content-Type text/plain',
    rules: ['META-12'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (!isRoot(req)) return next();
        res.status(200).type('text/plain').send(JSON.stringify({ name: 'customer-api-v2', version: '2.5.0' }));
      }),
  },
  {
    id: 'links-over-plain-http',
    description: 'the site URL is configured as plain http on a public host: project and document links are handed out over http',
    rules: ['META-13'],
    configure: (deps) => ({ ...deps, siteUrl: 'http://portal.cpf-fault.example' }),
  },
];
