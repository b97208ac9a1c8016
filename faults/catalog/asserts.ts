/**
 * Faults that pass checks asserting less than their rule: values of the right type but wrong
 * (stripped leading zeros, English labels), signed links that bind less than the whole link,
 * a final status moved in one of the two final states only, and PATCHes that store the valid
 * part of a request whose other part is invalid.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { parseProjectWrite } from '../../reference-server/src/domain/project-fields.js';
import { parseRoomPatch } from '../../reference-server/src/domain/room-fields.js';
import type { Store } from '../../reference-server/src/store/store.js';
import { rewriteApplications } from '../../reference-server/seams/applications.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { isPatchProject, isPdf, isPictures } from '../../reference-server/seams/paths.js';
import { envelopeOf } from '../../reference-server/seams/project-envelope.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { wrapRepository } from '../../reference-server/seams/store-wrap.js';
import type { Fault } from '../fault.js';

// -------------------------------------------------------------------------------------------------
// Funding: values of the right type but not the stored ones
// -------------------------------------------------------------------------------------------------

const stripZeros = (value: unknown) => (typeof value === 'string' ? value.replace(/^0+(?=.)/, '') : value);

const ENGLISH_LABELS: Record<string, string> = {
  created: 'Created',
  advisor: 'Advisor pending',
  bza: 'Confirmation pending',
  approval: 'Approval pending',
  execution: 'Execution pending',
  proofs_waiting: 'Proofs missing',
  proofs_review: 'Proofs in review',
  proofs_corrections: 'Correction pending',
  done: 'Finished',
  completed: 'Paid out',
  canceled: 'Canceled',
};

const fundingFaults: Fault[] = [
  {
    id: 'asserts-funding-bza-id-zeros-stripped',
    description: 'bzaId is answered as a string without its leading zeros (an id stored as a number)',
    rules: ['FUND-14'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, bzaId: stripZeros(a.bzaId) }))),
  },
  {
    id: 'asserts-funding-bnd-id-zeros-stripped',
    description: 'bndId is answered as a string without its leading zeros',
    rules: ['FUND-15'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, bndId: stripZeros(a.bndId) }))),
  },
  {
    id: 'asserts-funding-status-label-english',
    description: 'statusLabel is an English label of the status instead of the German one',
    rules: ['FUND-16'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, statusLabel: ENGLISH_LABELS[String(a.status)] ?? a.statusLabel }))),
  },
  {
    id: 'asserts-funding-next-action-english',
    description: 'nextAction is an English hint instead of the German one',
    rules: ['FUND-18'],
    configure: (deps) => intercept(deps, rewriteApplications((a) => ({ ...a, nextAction: `Next step after "${String(a.status)}"` }))),
  },
];

// -------------------------------------------------------------------------------------------------
// Signed links that bind less than the whole link
// -------------------------------------------------------------------------------------------------

/** What the weak signature of a faulted link covers: nothing, the path only, or the expiry only. */
type Binding = 'nothing' | 'path' | 'expiry';

const WEAK_PREFIX = '/weak-files';
const LIFETIME_SECONDS = 3600;

/**
 * Links to a second file route under the API prefix (intercepts run before authentication, so it
 * is public and uncounted like the site's routes) whose signature covers less than the site's:
 * `nothing` serves whatever the query says, `path` ignores a changed expiry (while still refusing
 * an expired one), `expiry` serves any file for a valid expiry and its signature.
 */
function weakLinks(deps: AppDeps, binding: Binding) {
  const secret = randomBytes(32);
  const mac = (path: string, expires: string) => createHmac('sha256', secret).update(binding === 'path' ? path : expires).digest('base64url');
  /** The weak link for a link of the site (document, viewer or picture). */
  const relink = (link: unknown): string => {
    const url = new URL(String(link), 'http://relative.invalid');
    const path = url.pathname.replace(/^\/files\//, `/api/v2${WEAK_PREFIX}/`);
    const expires = String(Math.floor(Date.now() / 1000) + LIFETIME_SECONDS);
    const weak = `${path}?expires=${expires}&sig=${mac(path.replace(/^\/api\/v2/, ''), expires)}`;
    return url.origin === 'http://relative.invalid' ? weak : `${url.origin}${weak}`;
  };
  const serve: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' || !req.path.startsWith(`${WEAK_PREFIX}/`)) return next();
    const expires = String(req.query.expires ?? '');
    const valid = binding === 'nothing' || (/^\d+$/.test(expires) && Number(expires) * 1000 > Date.now() && req.query.sig === mac(req.path, expires));
    if (!valid) return res.status(403).json({ status: 403, error: 'Die Signatur des Links ist ungültig.', details: { type: 'authorization' } });
    const file = weakFile(deps.store, req.path.slice(WEAK_PREFIX.length));
    if (!file) return next();
    res.type(file.type).send(file.bytes);
  };
  return { relink, serve };
}

/** The bytes a site path names, ignoring the document's name segment (as a route keyed by id would). */
function weakFile(store: Store, path: string): { type: string; bytes: Buffer | string } | undefined {
  const doc = /^\/documents\/(\d+)\/[^/]+$/.exec(path);
  const docBytes = doc ? store.documents.bytes(Number(doc[1])) : undefined;
  if (docBytes) return { type: 'application/pdf', bytes: docBytes };
  const viewer = /^\/viewer\/(\d+)$/.exec(path);
  if (viewer && store.documents.findById(Number(viewer[1]))) return { type: 'html', bytes: '<!doctype html><title>Dokument</title>' };
  const picture = /^\/pictures\/([^/]+)$/.exec(path);
  const found = picture ? store.pictures.withBytes(picture[1] as string) : undefined;
  return found ? { type: found.contentType, bytes: found.bytes } : undefined;
}

/** Rewrites the links of successful PDF answers. */
function rewritePdfLinks(fn: (body: Json & { file: Json }) => Json): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isPdf(req) || res.statusCode >= 400 || !isPlainObject(body) || !isPlainObject(body.file)) return body;
    return fn({ ...body, file: { ...body.file } });
  });
}

/** Rewrites the picture items of successful picture lists (with their position). */
function rewritePictureLinks(fn: (picture: Json, index: number) => Json): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isPictures(req) || res.statusCode >= 400 || !isPlainObject(body) || !Array.isArray(body.pictures)) return body;
    return { ...body, pictures: (body.pictures as Json[]).map((p, i) => fn({ ...p }, i)) };
  });
}

/** Every document and picture link goes to weak links of `binding`. */
function allLinksWeak(deps: AppDeps, binding: Binding): AppDeps {
  const weak = weakLinks(deps, binding);
  return intercept(
    deps,
    weak.serve,
    rewritePdfLinks((b) => ({
      ...b,
      linkToDocument: weak.relink(b.linkToDocument),
      file: { ...b.file, url: weak.relink(b.file.url), ...(b.file.viewerUrl === undefined ? {} : { viewerUrl: weak.relink(b.file.viewerUrl) }) },
    })),
    rewritePictureLinks((p) => ({ ...p, url: weak.relink(p.url) })),
  );
}

const linkFaults: Fault[] = [
  {
    id: 'asserts-links-expiry-not-signed',
    description: 'document and picture links are signed over their path only: a later expiry written into a link is served',
    rules: ['DOC-5', 'DOC-18'],
    configure: (deps) => allLinksWeak(deps, 'path'),
  },
  {
    id: 'asserts-links-path-not-signed',
    description: 'document and picture links are signed over their expiry only: the signature of one file serves any other',
    rules: ['DOC-5', 'DOC-18'],
    configure: (deps) => allLinksWeak(deps, 'expiry'),
  },
  {
    id: 'asserts-link-to-document-unchecked',
    description: 'linkToDocument goes to a route that checks no signature (file.url stays signed)',
    rules: ['DOC-5'],
    configure: (deps) => {
      const weak = weakLinks(deps, 'nothing');
      return intercept(deps, weak.serve, rewritePdfLinks((b) => ({ ...b, linkToDocument: weak.relink(b.linkToDocument) })));
    },
  },
  {
    id: 'asserts-viewer-url-unchecked',
    description: 'file.viewerUrl goes to a route that checks no signature (the document links stay signed)',
    rules: ['DOC-5'],
    configure: (deps) => {
      const weak = weakLinks(deps, 'nothing');
      return intercept(deps, weak.serve, rewritePdfLinks((b) => ({ ...b, file: { ...b.file, viewerUrl: weak.relink(b.file.viewerUrl) } })));
    },
  },
  {
    id: 'asserts-pictures-after-first-unchecked',
    description: 'only the first picture link is checked; the others go to a route that checks no signature',
    rules: ['DOC-18'],
    configure: (deps) => {
      const weak = weakLinks(deps, 'nothing');
      return intercept(deps, weak.serve, rewritePictureLinks((p, i) => (i === 0 ? p : { ...p, url: weak.relink(p.url) })));
    },
  },
];

// -------------------------------------------------------------------------------------------------
// Project status: one of the two final states moved
// -------------------------------------------------------------------------------------------------

const statusFaults: Fault[] = [
  {
    id: 'asserts-room-create-moves-status-4',
    description: 'room creation moves a completed project (status 4) to 2; archived ones (5) stay',
    rules: ['STAT-5'],
    configure: (deps) =>
      wrapRepository(deps, 'projects', (projects) => ({
        setStatusAndActivity: (id: number, status: number, at: Date) => projects.setStatusAndActivity(id, status === 4 ? 2 : status, at),
      })),
  },
];

// -------------------------------------------------------------------------------------------------
// PATCHes that store the valid part of a request with an invalid field
// -------------------------------------------------------------------------------------------------

/** Judges one field alone, as the route would judge a body holding only it. */
const acceptedAlone = (parse: (body: unknown) => unknown, wrap: (fields: Json) => Json) => (field: string, value: unknown) => {
  try {
    parse(wrap({ [field]: value }));
    return true;
  } catch {
    return false;
  }
};

/**
 * On PATCHes whose fields object (`fieldsOf`) holds valid and invalid fields together, the invalid
 * ones are dropped and the route stores the rest: answered as the route answers (`ok`), or with a
 * 422 naming the first dropped field (`refused`, the answer right but the store not).
 */
function dropInvalidBesideValid(deps: AppDeps, fieldsOf: (req: Request) => Json | undefined, valid: (field: string, value: unknown) => boolean, answer: 'ok' | 'refused'): AppDeps {
  return interceptParsed(deps, (req, res, next) => {
    const fields = req.method === 'PATCH' ? fieldsOf(req) : undefined;
    const names = fields ? Object.keys(fields) : [];
    const dropped = names.filter((name) => !valid(name, fields?.[name]));
    if (!fields || dropped.length === 0 || dropped.length === names.length) return next();
    for (const name of dropped) delete fields[name];
    if (answer === 'refused') {
      const json = res.json.bind(res);
      res.json = () => {
        res.statusCode = 422;
        return json({ status: 422, error: `Ungültiger Wert für Feld ${dropped[0]}.`, details: { type: 'validation', field: dropped[0] } });
      };
    }
    next();
  });
}

const ROOM = /^\/reports\/[A-Za-z]{9}\/rooms\/[^/]+$/;

/** The one envelope of a project PATCH (bodies with both envelopes or other keys are left alone). */
function projectFields(req: Request): Json | undefined {
  const body: unknown = req.body;
  return isPatchProject(req) && isPlainObject(body) && Object.keys(body).length === 1 ? envelopeOf(body) : undefined;
}

function roomFields(req: Request): Json | undefined {
  const body: unknown = req.body;
  return ROOM.test(req.path) && isPlainObject(body) && isPlainObject(body.roomData) ? body.roomData : undefined;
}

const validProjectField = acceptedAlone(parseProjectWrite, (fields) => ({ projectData: fields }));
const validRoomField = acceptedAlone(parseRoomPatch, (fields) => ({ roomData: fields }));

const besideValidFaults: Fault[] = [
  {
    id: 'asserts-project-patch-drops-invalid-beside-valid',
    description: 'a project PATCH drops its invalid fields when valid ones come with them, stores the rest and answers 200',
    rules: ['PROJ-25'],
    configure: (deps) => dropInvalidBesideValid(deps, projectFields, validProjectField, 'ok'),
  },
  {
    id: 'asserts-project-patch-refused-stores-valid',
    description: 'a project PATCH with an invalid field answers 422, but stores the valid fields sent beside it',
    rules: ['PROJ-65', 'PROJ-8'],
    configure: (deps) => dropInvalidBesideValid(deps, projectFields, validProjectField, 'refused'),
  },
  {
    id: 'asserts-room-patch-drops-invalid-beside-valid',
    description: 'a room PATCH drops its invalid fields when valid ones come with them, stores the rest and answers 200',
    rules: ['ROOM-19'],
    configure: (deps) => dropInvalidBesideValid(deps, roomFields, validRoomField, 'ok'),
  },
  {
    id: 'asserts-room-patch-refused-stores-valid',
    description: 'a room PATCH with an invalid or unwritable field answers 422, but stores the valid fields sent beside it',
    rules: ['ROOM-28', 'ROOM-11'],
    configure: (deps) => dropInvalidBesideValid(deps, roomFields, validRoomField, 'refused'),
  },
];

export const assertsFaults: Fault[] = [...fundingFaults, ...linkFaults, ...statusFaults, ...besideValidFaults];
