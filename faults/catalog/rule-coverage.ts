/**
 * Faults for rules of the meta, error, funding and results areas that had none of their own: each
 * breaks exactly the rule it names (a status code, one member of a response shape, one type), so
 * the fault run proves that rule and not only a neighbour of it.
 */
import type { Request } from 'express';
import { rewriteApplications } from '../../reference-server/seams/applications.js';
import { intercept } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { isFundingList, isResults } from '../../reference-server/seams/paths.js';
import { rewriteJsonOf, rewriteStatus } from '../../reference-server/seams/response-rewrite.js';
import type { Fault } from '../fault.js';

const isRoot = (req: Request) => req.method === 'GET' && req.path === '/';
const isHealth = (req: Request) => req.method === 'GET' && req.path === '/health';
const isFundingListRead = (req: Request) => req.method === 'GET' && isFundingList(req);

/** Rewrites the JSON object bodies of matching requests, errors included (matched on the way in). */
const rewriteMatching = (applies: (req: Request) => boolean, fn: (body: Json) => Json) => rewriteJsonOf(applies, (body) => (isPlainObject(body) ? fn(body) : body));

function bodyFault(id: string, rule: string, description: string, applies: (req: Request) => boolean, fn: (body: Json) => Json): Fault {
  return { id, description, rules: [rule], configure: (deps) => intercept(deps, rewriteMatching(applies, fn)) };
}

function statusFault(id: string, rule: string, description: string, applies: (req: Request) => boolean, from: number, to: number): Fault {
  return {
    id,
    description,
    rules: [rule],
    configure: (deps) => intercept(deps, rewriteStatus((status, req) => (applies(req) && status === from ? to : status))),
  };
}

/** Rewrites every funding application of list and single responses. */
function applicationFault(id: string, rule: string, description: string, fn: (application: Json) => void): Fault {
  return {
    id,
    description,
    rules: [rule],
    configure: (deps) =>
      intercept(
        deps,
        rewriteApplications((a) => {
          fn(a);
          return a;
        }),
      ),
  };
}

const advisorOf = (a: Json): Json | undefined => (isPlainObject(a.advisor) ? a.advisor : undefined);

/** The floor heating results of a results response, when it has them. */
function resultsFault(id: string, rule: string, description: string, fn: (body: { results: Json; projekt: Json }) => void): Fault {
  return bodyFault(id, rule, description, isResults, (body) => {
    if (isPlainObject(body.results) && isPlainObject(body.projekt)) fn(body as { results: Json; projekt: Json });
    return body;
  });
}

const groupsOf = (results: Json): Json[] => (isPlainObject(results.floorHeatingBalance) && Array.isArray(results.floorHeatingBalance.groups) ? (results.floorHeatingBalance.groups as Json[]) : []);
const abgleichOf = (projekt: Json): Json[] => (Array.isArray(projekt.abgleichFBH) ? (projekt.abgleichFBH as Json[]) : []);

export const ruleCoverageFaults: Fault[] = [
  // Public endpoints
  statusFault('cov-root-answers-203', 'META-1', 'GET / answers HTTP 203 instead of 200', isRoot, 200, 203),
  bodyFault('cov-root-name-number', 'META-2', 'GET / carries `name` as a number instead of a string', isRoot, (body) => ({ ...body, name: 2 })),
  statusFault('cov-health-answers-203', 'META-4', 'GET /health answers HTTP 203 instead of 200', isHealth, 200, 203),
  bodyFault('cov-health-timestamp-not-date-time', 'META-6', 'GET /health `timestamp` is epoch milliseconds as text, not a date-time', isHealth, (body) => ({ ...body, timestamp: String(Date.now()) })),
  bodyFault('cov-health-version-short', 'META-7', 'GET /health reports version "2.5" instead of "2.5.0"', isHealth, (body) => ({ ...body, version: '2.5' })),
  {
    id: 'cov-options-with-content',
    description: 'OPTIONS answers 200 with a JSON body listing the methods instead of 204 without content',
    rules: ['META-10'],
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

  // Error envelope types
  bodyFault('cov-403-type-forbidden', 'ERR-10', 'a 403 carries details.type "forbidden" instead of "authorization"', () => true, (body) =>
    body.status === 403 && isPlainObject(body.details) ? { ...body, details: { ...body.details, type: 'forbidden' } } : body,
  ),
  bodyFault('cov-calculation-status-incomplete', 'ERR-21', 'results of an incomplete project carry calculationStatus "incomplete" instead of "unavailable"', isResults, (body) =>
    isPlainObject(body.details) && body.details.type === 'calculation_unavailable' ? { ...body, details: { ...body.details, calculationStatus: 'incomplete' } } : body,
  ),
  {
    id: 'cov-429-type-too-many',
    description: 'a 429 carries details.type "too_many_requests" instead of "rate_limit"',
    rules: ['ERR-22'],
    // The limiter writes its pre-serialised 429 with writeHead and end, not res.json.
    configure: (deps) =>
      intercept(deps, (_req, res, next) => {
        const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
        res.end = ((chunk?: unknown) => {
          if (res.statusCode !== 429 || !Buffer.isBuffer(chunk)) return end(chunk);
          const body = Buffer.from(chunk.toString('utf8').replace('"rate_limit"', '"too_many_requests"'));
          if (!res.headersSent) res.setHeader('Content-Length', body.length);
          return end(body);
        }) as typeof res.end;
        const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, string>) => typeof res;
        res.writeHead = ((status: number, headers?: Record<string, string>) => {
          if (status !== 429 || !headers) return writeHead(status, headers);
          const { 'Content-Length': _length, ...rest } = headers;
          res.statusCode = 429;
          for (const [name, value] of Object.entries(rest)) res.setHeader(name, value);
          return res;
        }) as typeof res.writeHead;
        next();
      }),
  },

  // Funding applications
  bodyFault('cov-funding-list-total-text', 'FUND-1', 'the funding list carries `total` as text instead of a number', isFundingListRead, (body) =>
    typeof body.total === 'number' ? { ...body, total: String(body.total) } : body,
  ),
  applicationFault('cov-funding-id-number', 'FUND-5', '`applicationId` is a JSON number instead of a string', (a) => {
    if (typeof a.applicationId === 'string' && /^\d+$/.test(a.applicationId)) a.applicationId = Number(a.applicationId);
  }),
  applicationFault('cov-funding-type-project', 'FUND-8', 'project-bound applications carry `applicationType` "project" instead of "project_bound"', (a) => {
    if (a.projectKey !== null && a.projectKey !== undefined) a.applicationType = 'project';
  }),
  applicationFault('cov-funding-project-id-string', 'FUND-10', '`projectId` is a string instead of a number', (a) => {
    if (typeof a.projectId === 'number') a.projectId = String(a.projectId);
  }),
  applicationFault('cov-funding-project-key-uppercase', 'FUND-11', '`projectKey` is given in uppercase letters (not the key of the project)', (a) => {
    if (typeof a.projectKey === 'string') a.projectKey = a.projectKey.toUpperCase();
  }),
  applicationFault('cov-funding-advisor-id-number', 'FUND-19', '`advisor.id` is a JSON number (its digits) instead of a string', (a) => {
    const advisor = advisorOf(a);
    if (advisor && typeof advisor.id === 'string') advisor.id = Number(advisor.id.replace(/\D/g, '')) || 1;
  }),
  applicationFault('cov-funding-advisor-name-object', 'FUND-20', '`advisor.name` is an object {first, last} instead of a string', (a) => {
    const advisor = advisorOf(a);
    if (advisor && typeof advisor.name === 'string') advisor.name = { first: advisor.name, last: '' };
  }),
  applicationFault('cov-funding-advisor-title-false', 'FUND-21', '`advisor.title` is false instead of a string or null when there is none', (a) => {
    const advisor = advisorOf(a);
    if (advisor && advisor.title === null) advisor.title = false;
  }),

  // Results
  statusFault('cov-results-answers-203', 'RES-1', 'results of a calculable project answer HTTP 203 instead of 200', isResults, 200, 203),
  resultsFault('cov-results-group-without-unit', 'RES-8', 'floor heating groups have no `flowRateUnit`', ({ results }) => {
    for (const group of groupsOf(results)) delete group.flowRateUnit;
  }),
  resultsFault('cov-abgleich-renamed-member', 'RES-13', '`projekt.abgleichFBH[]` calls `summeVolumenstrom` `volumenstrom`', ({ projekt }) => {
    for (const entry of abgleichOf(projekt)) {
      entry.volumenstrom = entry.summeVolumenstrom;
      delete entry.summeVolumenstrom;
    }
  }),
  resultsFault('cov-abgleich-heizlast-rounded-up', 'RES-15', '`projekt.abgleichFBH[].raeume[].heizlast` is rounded up to the next 10 W (no longer the circuit load)', ({ projekt }) => {
    for (const entry of abgleichOf(projekt)) {
      for (const room of Array.isArray(entry.raeume) ? (entry.raeume as Json[]) : []) {
        if (typeof room.heizlast === 'number') room.heizlast = Math.ceil((room.heizlast + 1) / 10) * 10;
      }
    }
  }),
];
