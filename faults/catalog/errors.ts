import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { PROJECT_FIELDS } from '../../reference-server/src/domain/project-fields.js';
import { answerAfterBody } from '../kit/answer-after-body.js';
import { remapError } from '../kit/error-remap.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject } from '../../reference-server/seams/json-shapes.js';
import { isProjectWrite, isResults } from '../../reference-server/seams/paths.js';
import { envelopeOf } from '../../reference-server/seams/project-envelope.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { bodyFault } from '../kit/one-rule-faults.js';
import { ENDPOINTS, pathPattern } from '../../spec/endpoints.js';
import type { Fault } from '../fault.js';

/** Faults of the error envelope, its types, and the refusal of malformed, oversized or wrong bodies. */

type Envelope = { status?: unknown; error?: unknown; details?: Record<string, unknown> } & Record<string, unknown>;

/** Rewrites every error body (HTTP status 400 and above) on its way out. */
function rewriteErrors(deps: AppDeps, fn: (envelope: Envelope, req: Request) => unknown): AppDeps {
  return intercept(
    deps,
    rewriteJson((body, req, res) => (res.statusCode >= 400 && body !== null && typeof body === 'object' ? fn(body as Envelope, req) : body)),
  );
}

/** Changes the parsed body of project writes (POST /reports/with-data, PATCH /reports/{key}). */
function rewriteProjectBody(deps: AppDeps, fn: (body: Record<string, unknown>) => void): AppDeps {
  const handler: RequestHandler = (req, _res, next) => {
    if (isProjectWrite(req) && isPlainObject(req.body)) fn(req.body);
    next();
  };
  return interceptParsed(deps, handler);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
const PLAIN_KEY = /^[A-Za-z]{9}$/;

export const errorFaults: Fault[] = [
  {
    id: 'err-malformed-json-422',
    description: 'malformed JSON answers 422 instead of 400',
    rules: ['ERR-8'],
    configure: (deps) => intercept(deps, remapError(400, 422, { type: 'validation' })),
  },
  {
    id: 'err-too-large-422',
    description: 'a body over 65536 bytes answers 422 instead of 413',
    rules: ['ERR-13'],
    configure: (deps) => intercept(deps, remapError(413, 422, { type: 'validation' })),
  },
  {
    id: 'err-body-limit-off-by-one',
    description: 'the body limit rejects a body of exactly 65536 bytes (413 from 65536 on)',
    rules: ['ERR-14'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (!WRITES.has(req.method) || Number(req.headers['content-length'] ?? 0) < 65536) return next();
        answerAfterBody(req, res, 413, { status: 413, error: 'Der Anfrageinhalt ist zu groß.', details: { type: 'validation' } });
      }),
  },
  {
    id: 'err-unsupported-media-type-400',
    description: 'a body that is not application/json answers 400 instead of 415',
    rules: ['ERR-15'],
    configure: (deps) => intercept(deps, remapError(415, 400, { type: 'validation' })),
  },
  {
    id: 'err-missing-content-type-parsed',
    description: 'a write body without Content-Type is parsed as JSON instead of answering 415',
    rules: ['ERR-15'],
    configure: (deps) =>
      intercept(deps, (req, _res, next) => {
        if (WRITES.has(req.method) && req.headers['content-type'] === undefined) req.headers['content-type'] = 'application/json';
        next();
      }),
  },
  {
    id: 'err-charset-parameter-415',
    description: 'Content-Type "application/json; charset=utf-8" answers 415 (parameters not allowed)',
    rules: ['ERR-27'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (!WRITES.has(req.method) || !(req.headers['content-type'] ?? '').includes(';')) return next();
        answerAfterBody(req, res, 415, { status: 415, error: 'Der Content-Type muss application/json sein.', details: { type: 'validation' } });
      }),
  },
  {
    id: 'err-status-as-string',
    description: 'the envelope carries `status` as a string ("404")',
    rules: ['ERR-2'],
    configure: (deps) => rewriteErrors(deps, (e) => ({ ...e, status: String(e.status) })),
  },
  {
    id: 'err-envelope-without-type',
    description: 'the envelope has no details.type',
    rules: ['ERR-5'],
    configure: (deps) =>
      rewriteErrors(deps, (e) => {
        const { type: _type, ...details } = e.details ?? {};
        return { ...e, details };
      }),
  },
  {
    id: 'err-blank-message',
    description: 'the envelope `error` message is blank',
    rules: ['ERR-3'],
    configure: (deps) => rewriteErrors(deps, (e) => ({ ...e, error: ' ' })),
  },
  {
    id: 'err-body-as-text-plain',
    description: 'error bodies are sent with Content-Type text/plain',
    rules: ['ERR-1'],
    passive: { alsoBreaks: { 'META-12': 'an error body sent as text/plain is an answer with a body that is not application/json' } },
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, _req, res) => {
          if (res.statusCode >= 400) res.type('text/plain');
          return body;
        }),
      ),
  },
  {
    id: 'err-405-type-outside-table',
    description: 'DELETE on a project or room answers 405 with details.type "method_not_allowed", a type the error table does not have',
    rules: ['ERR-5'],
    metBy: ['PROJ-118', 'ROOM-54'],
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        if (req.method !== 'DELETE' || !/^\/reports\/[A-Za-z]{9}(\/rooms\/[^/]+)?$/.test(req.path)) return next();
        res.status(405).set('Allow', 'GET, PATCH').json({ status: 405, error: 'Methode nicht erlaubt.', details: { type: 'method_not_allowed' } });
      }),
  },
  {
    id: 'err-field-as-number',
    description: 'details.field is a number instead of a string',
    rules: ['ERR-6'],
    configure: (deps) => rewriteErrors(deps, (e) => (e.details?.['field'] === undefined ? e : { ...e, details: { ...e.details, field: 1 } })),
  },
  {
    id: 'err-malformed-path-400',
    description: 'a project path whose key is not nine letters answers 400 validation instead of 404',
    rules: ['ERR-12'],
    passive: { alsoBreaks: { 'PROJ-3': 'the paths answered 400 are project routes whose key is not nine letters, which PROJ-3 sends to 404 not_found as well' } },
    configure: (deps) =>
      intercept(
        deps,
        remapError(404, 400, {
          type: 'validation',
          when: (req) => {
            const key = /^\/reports\/([^/]+)/.exec(req.path)?.[1];
            return key !== undefined && key !== 'with-data' && !PLAIN_KEY.test(key);
          },
        }),
      ),
  },
  {
    id: 'err-malformed-path-405',
    description: 'POST, PUT, PATCH and DELETE on a path of no endpoint (a malformed key, an unknown route) answer 405 method_not_allowed instead of 404 (GET stays 404)',
    rules: ['ERR-12'],
    passive: {
      alsoBreaks: {
        'PROJ-3': 'writes to project routes whose key is not nine letters answer 405, not the 404 not_found PROJ-3 gives them',
        'ERR-5': 'the 405 carries details.type "method_not_allowed", a type the error table does not have',
      },
    },
    configure: (deps) =>
      intercept(
        deps,
        remapError(404, 405, {
          type: 'method_not_allowed',
          when: (req) => (WRITES.has(req.method) || req.method === 'DELETE') && !ENDPOINTS.some((e) => pathPattern(e).test(req.path)),
        }),
      ),
  },
  {
    id: 'err-unknown-field-ignored',
    description: 'unknown fields of project writes are silently dropped instead of answering 422',
    rules: ['ERR-16'],
    passive: {
      alsoBreaks: {
        'PROJ-8': 'an unknown field inside the envelope is dropped and the write answered 200',
        'PROJ-10': 'an unknown top-level field beside the envelope is dropped and the write answered 200',
        'PROJ-14': 'an envelope of unknown fields only is answered 200, though it holds no released field',
      },
    },
    configure: (deps) =>
      rewriteProjectBody(deps, (body) => {
        for (const key of Object.keys(body)) if (key !== 'projectData' && key !== 'projektData') delete body[key];
        const envelope = envelopeOf(body);
        if (envelope) for (const key of Object.keys(envelope)) if (!PROJECT_FIELDS.includes(key)) delete envelope[key];
        if (envelope && Object.keys(envelope).length === 0) envelope['bemerkungen'] = 'cpf';
      }),
  },
  {
    id: 'err-wrong-type-coerced',
    description: 'booleans and arrays in project fields are coerced to text instead of answering 422',
    rules: ['ERR-17'],
    passive: {
      alsoBreaks: {
        'PROJ-11': 'a boolean for a project code is coerced and the write answered 200',
        'PROJ-12': 'an array as a project field value is joined to text and the write answered 200',
      },
    },
    configure: (deps) =>
      rewriteProjectBody(deps, (body) => {
        const envelope = envelopeOf(body);
        if (!envelope) return;
        for (const [key, value] of Object.entries(envelope)) {
          if (typeof value === 'boolean') envelope[key] = value ? '1' : '0';
          else if (Array.isArray(value)) envelope[key] = value.join(' ');
        }
      }),
  },
  {
    id: 'err-invalid-value-clamped',
    description: 'out-of-range construction years and heating codes are clamped instead of answering 422',
    rules: ['ERR-18'],
    passive: {
      alsoBreaks: {
        'PROJ-25': 'a `projektArtHeizung` outside 1 to 6 is clamped and the write answered 200',
        'PROJ-37': 'a `projektBaujahr` outside 1000 to 2100 is clamped and the write answered 200',
      },
    },
    configure: (deps) =>
      rewriteProjectBody(deps, (body) => {
        const envelope = envelopeOf(body);
        if (!envelope) return;
        const year = Number(envelope['projektBaujahr']);
        if ('projektBaujahr' in envelope && !(year >= 1000 && year <= 2100)) envelope['projektBaujahr'] = year < 1000 ? 1000 : 2100;
        const code = Number(envelope['projektArtHeizung']);
        if ('projektArtHeizung' in envelope && !(code >= 1 && code <= 6)) envelope['projektArtHeizung'] = code < 1 ? 1 : 6;
      }),
  },
  {
    id: 'err-both-envelopes-accepted',
    description: 'a body with projectData and projektData is accepted (projektData ignored) instead of answering 422',
    rules: ['ERR-19'],
    passive: { alsoBreaks: { 'PROJ-7': 'the project write with both envelopes is the one answered 200' } },
    configure: (deps) =>
      rewriteProjectBody(deps, (body) => {
        if ('projectData' in body && 'projektData' in body) delete body['projektData'];
      }),
  },
  {
    id: 'err-list-parameters-ignored',
    description: 'GET /funding/applications ignores unknown and invalid query parameters instead of answering 422',
    rules: ['ERR-20'],
    passive: {
      alsoBreaks: {
        'FUND-27': 'a `limit` out of range is ignored and the list answered 200',
        'FUND-28': 'a `page` out of range is ignored and the list answered 200',
        'FUND-29': 'a `page` or `limit` that is no integer is ignored and the list answered 200',
        'FUND-30': 'an unknown list parameter is ignored and the list answered 200',
      },
    },
    configure: (deps) =>
      intercept(deps, (req, _res, next) => {
        if (req.method === 'GET' && req.path === '/funding/applications') req.url = req.url.split('?')[0] as string;
        next();
      }),
  },
  {
    ...bodyFault('cov-403-type-forbidden', 'ERR-10', 'a 403 carries details.type "forbidden" instead of "authorization"', () => true, (body) =>
      body.status === 403 && isPlainObject(body.details) ? { ...body, details: { ...body.details, type: 'forbidden' } } : body,
    ),
    passive: { alsoBreaks: { 'ERR-5': 'details.type "forbidden" is a type the error table does not have' } },
  },
  bodyFault('cov-calculation-status-incomplete', 'ERR-21', 'results of an incomplete project carry calculationStatus "incomplete" instead of "unavailable"', isResults, (body) =>
    isPlainObject(body.details) && body.details.type === 'calculation_unavailable' ? { ...body, details: { ...body.details, calculationStatus: 'incomplete' } } : body,
  ),
  {
    id: 'cov-429-type-too-many',
    description: 'a 429 carries details.type "too_many_requests" instead of "rate_limit"',
    rules: ['ERR-22'],
    passive: { alsoBreaks: { 'ERR-5': 'details.type "too_many_requests" is a type the error table does not have' } },
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
];
