import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../src/app.js';
import { checkCalculable } from '../../src/calc/calculable.js';
import { buildCalcInput } from '../../src/domain/calc-input.js';
import { parseEmptyCreateBody, parseProjectWrite } from '../../src/domain/project-fields.js';
import { ApiError, errors } from '../../src/http/api-error.js';
import { requiredBody } from '../../src/http/json-body.js';
import type { Project } from '../../src/store/projects.js';
import { customerOfAuthorization } from '../../seams/customer.js';
import { intercept } from '../../seams/intercept.js';
import { isPlainObject, type Json } from '../../seams/json-shapes.js';
import { FUNDING_SINGLE_PATH, isCreateEmpty, isPdf, isProjectWrite, isResults, isRoomWrite, isWithData, ONE_ROOM_PATH } from '../../seams/paths.js';
import { variations } from '../variation.js';
import { wrapDeliveries } from './webhook.js';

/**
 * Rewrites the error bodies (HTTP 400 and above) an API request is answered with. `at` is the
 * request's path as the API router saw it on the way in (the app's error mapper sees another).
 */
function onErrors(fn: (envelope: Json, at: { path: string; req: Request; res: Response }) => Json): RequestHandler {
  return (req, res, next) => {
    const path = req.path;
    const json = res.json.bind(res);
    res.json = (body: unknown) => json(res.statusCode >= 400 && isPlainObject(body) ? fn(body, { path, req, res }) : body);
    next();
  };
}

const detailsOf = (envelope: Json): Json => (isPlainObject(envelope.details) ? envelope.details : {});

/** Other German messages than the server's, one per `details.type`. */
const MESSAGES: Readonly<Record<string, string>> = {
  validation: 'Die Anfrage konnte nicht verarbeitet werden. Bitte die Angaben prüfen.',
  authentication: 'Anmeldung erforderlich: Der Zugangsschlüssel fehlt, ist ungültig oder gesperrt.',
  authorization: 'Zugriff verweigert: Lizenz, Projekt oder Funktionsrecht fehlt.',
  not_found: 'Nicht vorhanden.',
  calculation_unavailable: 'Eine Berechnung ist mit den vorhandenen Projektdaten nicht möglich.',
  rate_limit: 'Anfragegrenze erreicht. Bitte kurz warten.',
  server_error: 'Im Dienst ist ein unerwarteter Fehler aufgetreten.',
  service_unavailable: 'Der Dienst ist kurzzeitig nicht erreichbar.',
};

const ENVELOPES = ['projectData', 'projektData', 'roomData'];

/** `field` as a path through the envelope the request used (`projektData.projektName`, `roomData.raumFlaeche`). */
const fieldAsPath: RequestHandler = (req, res, next) => {
  const envelope = isProjectWrite(req) ? 'project' : isRoomWrite(req) ? 'roomData' : undefined;
  return onErrors((e, { req: request }) => {
    const field = detailsOf(e).field;
    if (envelope === undefined || typeof field !== 'string' || field.includes('.') || ENVELOPES.includes(field)) return e;
    const sent = isPlainObject(request.body) ? request.body : {};
    const prefix = envelope === 'project' ? ('projektData' in sent && !('projectData' in sent) ? 'projektData' : 'projectData') : envelope;
    return { ...e, details: { ...detailsOf(e), field: `${prefix}.${field}` } };
  })(req, res, next);
};

/** Members of every JSON object in reverse order, arrays kept in theirs. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reversed(inner)]),
  );
}

/**
 * Reverses the members of every JSON body at the last moment (`res.end`), after every rewrite of
 * `res.json` by other variations, and for the bodies written without `res.json` (the limiter's
 * 429). Compact JSON keeps its length when reordered, so a Content-Length already set stays true.
 */
const membersReversed: RequestHandler = (_req, res, next) => {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : undefined;
    if (text === undefined || !/^\s*[[{]/.test(text)) return end(chunk, ...rest);
    let out: string;
    try {
      out = JSON.stringify(reversed(JSON.parse(text)));
    } catch {
      // Not JSON after all: sent as it is.
      return end(chunk, ...rest);
    }
    if (Buffer.byteLength(out) !== Buffer.byteLength(text)) return end(chunk, ...rest);
    return end(typeof chunk === 'string' ? out : Buffer.from(out, 'utf8'), ...rest);
  }) as Response['end'];
  next();
};

/** A path segment as the routes decode it; one that does not decode names nothing that exists. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The resource a path names is the customer's (or the path names none): what a lookup before everything else would find. */
function ownsWhatPathNames(deps: AppDeps, customerId: number, path: string): boolean {
  const application = FUNDING_SINGLE_PATH.exec(path)?.[1];
  if (application !== undefined) {
    const id = decoded(application);
    return id !== undefined && deps.store.funding.findOwned(id, customerId) !== undefined;
  }
  const key = /^\/reports\/([^/]+)(?:\/|$)/.exec(path)?.[1];
  if (key === undefined || key === 'with-data') return true;
  const project = /^[A-Za-z]{9}$/.test(key) ? deps.store.projects.findOwned(key.toLowerCase(), customerId) : undefined;
  if (!project) return false;
  const segment = ONE_ROOM_PATH.exec(path)?.[2];
  if (segment === undefined) return true;
  const room = decoded(segment);
  return room !== undefined && deps.store.rooms.findInProject(room, project.id) !== undefined;
}

function ownProject(deps: AppDeps, customerId: number, path: string): Project | undefined {
  const key = /^\/reports\/([A-Za-z]{9})\//.exec(path)?.[1];
  return key === undefined ? undefined : deps.store.projects.findOwned(key.toLowerCase(), customerId);
}

function answer(res: Response, error: ApiError): Json {
  res.status(error.status);
  return error.toBody() as unknown as Json;
}

/**
 * The checks in another order than the server's, where the spec gives none: the lookup of the
 * project, room or application before the body (400, 413, 415) and before the license and function
 * right (403); the project's data (422 calculation_unavailable) before license, radius and
 * function right; the creation body (422) before the creation license (403). Taken by rewriting
 * the server's answer into the one the other order gives.
 */
function checksInAnotherOrder(deps: AppDeps): RequestHandler {
  return (req, res, next) => {
    const calculation = isPdf(req) || isResults(req);
    const withData = isWithData(req);
    const creation = withData || isCreateEmpty(req);
    return onErrors((e, { path, req: request }) => {
      const customer = customerOfAuthorization(deps, request.headers.authorization);
      if (!customer || customer.blocked) return e;
      const status = res.statusCode;
      if ([400, 403, 413, 415].includes(status) && !ownsWhatPathNames(deps, customer.id, path)) return answer(res, errors.notFound());
      if (status !== 403) return e;
      const project = calculation ? ownProject(deps, customer.id, path) : undefined;
      const reason = project ? checkCalculable(buildCalcInput(deps.store, project)) : undefined;
      if (reason !== undefined) return answer(res, errors.calculationUnavailable(`Für dieses Projekt ist keine Berechnung möglich: ${reason}`));
      if (!creation) return e;
      try {
        if (withData) parseProjectWrite(requiredBody(request));
        else parseEmptyCreateBody(request.body);
      } catch (error) {
        return error instanceof ApiError ? answer(res, error) : e;
      }
      return e;
    })(req, res, next);
  };
}

/** A percent sign not followed by two hex digits: the request-target is no valid URI (RFC 3986). */
const INVALID_PERCENT_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** What an HTTP stack answers a request-target that is no valid URI, before any API code runs. */
const invalidTargetRefused: RequestHandler = (req, res, next) => {
  if (!INVALID_PERCENT_ESCAPE.test(req.originalUrl)) return next();
  res.setHeader('Connection', 'close');
  res.status(400).type('text/plain').send('Bad Request');
};

/** Readings of the errors area's freedoms (spec/freedoms/errors.ts) that the reference server can take. */
export const errorsVariations = variations([
  {
    id: 'error-messages-other-german',
    freedoms: ['FREE-ERR-1'],
    description: 'every error message is another German text (one per details.type)',
    configure: (deps) => intercept(deps, onErrors((e) => ({ ...e, error: MESSAGES[String(detailsOf(e).type)] ?? 'Die Anfrage ist fehlgeschlagen.' }))),
  },
  {
    id: 'error-field-envelope-paths',
    freedoms: ['FREE-ERR-2'],
    description: 'details.field names the offending input as a path through the envelope the request used (projectData.projektBaujahr, roomData.raumFlaeche)',
    configure: (deps) => intercept(deps, fieldAsPath),
  },
  {
    id: 'error-field-absent',
    freedoms: ['FREE-ERR-2'],
    description: 'details.field is never sent',
    configure: (deps) =>
      intercept(
        deps,
        onErrors((e) => {
          const { field: _field, ...details } = detailsOf(e);
          return { ...e, details };
        }),
      ),
  },
  {
    id: 'error-detail-keys',
    freedoms: ['FREE-ERR-3'],
    description: 'details carries a `hinweis` and a `code` beside type and field',
    configure: (deps) =>
      intercept(
        deps,
        onErrors((e) => {
          const details = detailsOf(e);
          return { ...e, details: { ...details, hinweis: 'Siehe Schnittstellenbeschreibung, Abschnitt Fehler.', code: `E${String(e.status)}-${String(details.type)}` } };
        }),
      ),
  },
  {
    id: 'error-envelope-members',
    freedoms: ['FREE-ERR-4'],
    description: 'error bodies carry `action`, `requestId` and `timestamp` beside status, error and details',
    configure: (deps) => intercept(deps, onErrors((e) => ({ ...e, action: 'fehler', requestId: randomUUID(), timestamp: new Date().toISOString() }))),
  },
  {
    id: 'response-headers-extra',
    freedoms: ['FREE-ERR-6'],
    description: 'every API answer carries X-Request-Id and Server-Timing, a 401 also WWW-Authenticate: Bearer',
    configure: (deps) =>
      intercept(
        deps,
        (_req, res, next) => {
          res.setHeader('X-Request-Id', randomUUID());
          res.setHeader('Server-Timing', 'app;dur=1');
          next();
        },
        onErrors((e, { res }) => {
          if (res.statusCode === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="api"');
          return e;
        }),
      ),
  },
  {
    id: 'checks-in-another-order',
    freedoms: ['FREE-ERR-7'],
    description:
      'lookup of the named project, room or application before body (400/413/415) and license checks (403); project data (422) before license, radius and function right; the creation body (422) before the creation license (403)',
    configure: (deps) => intercept(deps, checksInAnotherOrder(deps)),
  },
  {
    id: 'invalid-request-target-400',
    freedoms: ['FREE-ERR-8'],
    description: 'a request-target that is no valid URI (a percent sign without two hex digits) is refused with a plain-text 400 Bad Request before authentication and routing, as an HTTP stack does',
    configure: (deps) => intercept(deps, invalidTargetRefused),
  },
  {
    id: 'json-members-reversed',
    freedoms: ['FREE-ERR-5'],
    description: 'the members of every JSON object come in reverse order, in every API answer and webhook payload (after every other variation changed them)',
    configure: (deps) =>
      intercept(
        wrapDeliveries(deps, (send) => (request) => send({ ...request, body: JSON.stringify(reversed(JSON.parse(request.body))) }), { nextToWire: true }),
        membersReversed,
      ),
  },
]);
