import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { systemClock } from '../../reference-server/src/clock.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import type { Customer } from '../../reference-server/src/store/customers.js';
import type { Store } from '../../reference-server/src/store/store.js';
import { currentCustomer, swapCustomerOn } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { isPdf, isPictures, PDF_PATH, PICTURES_PATH } from '../../reference-server/seams/paths.js';
import { rewriteQuery } from '../../reference-server/seams/query-rewrite.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { pathOnly } from '../kit/url-path.js';
import type { Fault } from '../fault.js';

/**
 * Faults of the documents area: the PDF response, its signed links, the picture list. They act on
 * the faulted target over HTTP.
 */

// -------------------------------------------------------------------------------------------------
// Helpers: responses
// -------------------------------------------------------------------------------------------------

/** Rewrites successful PDF responses (a copy, with a copy of `file`). */
function rewritePdf(fn: (body: Json & { file: Json }) => unknown): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isPdf(req) || res.statusCode >= 400 || !isPlainObject(body) || !isPlainObject(body.file)) return body;
    return fn({ ...body, file: { ...body.file } });
  });
}

/** Rewrites every item of successful picture lists (with its position). */
function rewritePictures(fn: (picture: Json, index: number) => Json): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isPictures(req) || res.statusCode >= 400 || !isPlainObject(body) || !Array.isArray(body.pictures)) return body;
    return { ...body, pictures: (body.pictures as Json[]).map((p, i) => fn({ ...p }, i)) };
  });
}

/** Changes the authenticated customer as seen by the PDF route (runs after authentication). */
function pdfCustomer(deps: AppDeps, fn: (customer: Customer) => Customer): AppDeps {
  return interceptParsed(deps, swapCustomerOn(isPdf, fn));
}

/** The document id of a link `/files/documents/{id}/{name}`. */
function documentIdOf(url: string): number | undefined {
  const m = /\/files\/documents\/(\d+)\//.exec(url);
  return m ? Number(m[1]) : undefined;
}

/**
 * A second file route under the API prefix, public (intercepts run before authentication), that
 * serves what the site routes serve but never looks at the query: no signature check.
 */
function unsignedFiles(deps: AppDeps): RequestHandler {
  return (req, res, next) => {
    const doc = /^\/unsigned-files\/documents\/(\d+)\/[^/]+$/.exec(req.path);
    if (req.method === 'GET' && doc) {
      const bytes = deps.store.documents.bytes(Number(doc[1]));
      if (bytes) {
        res.type('application/pdf').send(bytes);
        return;
      }
    }
    const picture = /^\/unsigned-files\/pictures\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && picture) {
      const found = deps.store.pictures.withBytes(picture[1] as string);
      if (found) {
        res.type(found.contentType).send(found.bytes);
        return;
      }
    }
    next();
  };
}

/** Serves pictures under the API prefix (intercepts run before authentication), cacheable by anyone. */
function publicPictureFiles(deps: AppDeps): RequestHandler {
  return (req, res, next) => {
    const picture = /^\/cached-files\/pictures\/([^/]+)$/.exec(req.path);
    const found = req.method === 'GET' && picture ? deps.store.pictures.withBytes(picture[1] as string) : undefined;
    if (!found) return next();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type(found.contentType).send(found.bytes);
  };
}

// -------------------------------------------------------------------------------------------------
// Helpers: signed links that bind less than the whole link
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

/** Every document and picture link goes to weak links of `binding`. */
function allLinksWeak(deps: AppDeps, binding: Binding): AppDeps {
  const weak = weakLinks(deps, binding);
  return intercept(
    deps,
    weak.serve,
    rewritePdf((b) => ({
      ...b,
      linkToDocument: weak.relink(b.linkToDocument),
      file: { ...b.file, url: weak.relink(b.file.url), ...(b.file.viewerUrl === undefined ? {} : { viewerUrl: weak.relink(b.file.viewerUrl) }) },
    })),
    rewritePictures((p) => ({ ...p, url: weak.relink(p.url) })),
  );
}

const DAY_MS = 86_400_000;

// -------------------------------------------------------------------------------------------------
// Faults
// -------------------------------------------------------------------------------------------------

export const documentFaults: Fault[] = [
  // ---- PDF response -----------------------------------------------------------------------------
  {
    id: 'pdf-stream-instead-of-json',
    description: 'GET .../pdf answers the PDF bytes (application/pdf) instead of the JSON response',
    rules: ['DOC-1'],
    passive: { alsoBreaks: { 'META-12': 'the pdf answer is the document itself with Content-Type application/pdf, where META-12 says an answer with a body is JSON' } },
    configure: (deps) =>
      intercept(
        deps,
        (req, res, next) => {
          if (isPdf(req)) {
            const json = res.json.bind(res);
            res.json = (body: unknown) => {
              const id = documentIdOf(String((body as { file?: { url?: unknown } } | null)?.file?.url ?? ''));
              const bytes = id === undefined ? undefined : deps.store.documents.bytes(id);
              if (res.statusCode < 400 && bytes) {
                res.type('application/pdf').send(bytes);
                return res;
              }
              return json(body);
            };
          }
          next();
        },
      ),
  },
  {
    id: 'pdf-relative-links',
    description: 'linkToDocument and file.url are relative paths, not full URLs under the site URL',
    rules: ['DOC-2', 'DOC-3'],
    configure: (deps) => intercept(deps, rewritePdf((b) => ({ ...b, linkToDocument: pathOnly(b.linkToDocument), file: { ...b.file, url: pathOnly(b.file.url) } }))),
  },
  {
    id: 'pdf-viewer-outside-site',
    description: 'file.viewerUrl points to another host than the site URL',
    rules: ['DOC-4'],
    configure: (deps) => intercept(deps, rewritePdf((b) => ({ ...b, file: { ...b.file, viewerUrl: `https://viewer.cpf-fault.example${pathOnly(b.file.viewerUrl)}` } }))),
  },
  {
    id: 'pdf-link-broken',
    description: 'the document links name a file other than the one signed (the site answers 403)',
    rules: ['DOC-23'],
    passive: { unseen: { 'DOC-23': "the check fetches the file at the origin the link names, the server's own and not the recording proxy's, so the site's 403 is not in the traffic" } },
    configure: (deps) => {
      const broken = (url: unknown) => String(url).replace(/\/files\/documents\/(\d+)\/([^?]+)/, '/files/documents/$1/x$2');
      return intercept(deps, rewritePdf((b) => ({ ...b, linkToDocument: broken(b.linkToDocument), file: { ...b.file, url: broken(b.file.url) } })));
    },
  },
  {
    id: 'pdf-signature-not-verified',
    description: 'document links go to a file route that ignores the signature and the expiry',
    rules: ['DOC-5'],
    configure: (deps) => {
      const unsigned = (url: unknown) => {
        const u = new URL(String(url));
        return `${u.origin}/api/v2/unsigned-files${u.pathname.replace(/^\/files/, '')}${u.search}`;
      };
      return intercept(deps, unsignedFiles(deps), rewritePdf((b) => ({ ...b, linkToDocument: unsigned(b.linkToDocument), file: { ...b.file, url: unsigned(b.file.url) } })));
    },
  },
  {
    id: 'pdf-reuses-first-answer',
    description: 'GET .../pdf answers later calls of a project and type with the first call\'s document and links (no new document)',
    rules: ['DOC-10'],
    configure: (deps) => {
      const first = new Map<string, unknown>();
      return intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (!isPdf(req) || res.statusCode >= 400) return body;
          const id = `${(PDF_PATH.exec(req.path)?.[1] ?? '').toLowerCase()} ${typeof req.query.type === 'string' ? req.query.type : 'service'}`;
          if (!first.has(id)) first.set(id, body);
          return first.get(id);
        }),
      );
    },
  },
  // ---- signed links that bind less than the whole link, or expire late --------------------------
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
      return intercept(deps, weak.serve, rewritePdf((b) => ({ ...b, linkToDocument: weak.relink(b.linkToDocument) })));
    },
  },
  {
    id: 'asserts-viewer-url-unchecked',
    description: 'file.viewerUrl goes to a route that checks no signature (the document links stay signed)',
    rules: ['DOC-5'],
    configure: (deps) => {
      const weak = weakLinks(deps, 'nothing');
      return intercept(deps, weak.serve, rewritePdf((b) => ({ ...b, file: { ...b.file, viewerUrl: weak.relink(b.file.viewerUrl) } })));
    },
  },
  {
    id: 'asserts-pictures-after-first-unchecked',
    description: 'only the first picture link is checked; the others go to a route that checks no signature',
    rules: ['DOC-18'],
    configure: (deps) => {
      const weak = weakLinks(deps, 'nothing');
      return intercept(deps, weak.serve, rewritePictures((p, i) => (i === 0 ? p : { ...p, url: weak.relink(p.url) })));
    },
  },
  {
    id: 'link-expiry-two-days-late',
    description: 'signed links are checked against a clock two days slow: links expired up to two days ago still serve',
    rules: ['DOC-24', 'DOC-25'],
    configure: (deps) => {
      const clock = deps.clock ?? systemClock;
      return { ...deps, clock: { ...clock, now: () => new Date(clock.now().getTime() - 2 * DAY_MS) } };
    },
  },
  // ---- type parameter ---------------------------------------------------------------------------
  {
    id: 'pdf-default-check',
    description: 'GET .../pdf without type creates the heat-pump check instead of the service document',
    rules: ['DOC-7'],
    configure: (deps) => intercept(deps, rewriteQuery(isPdf, (params) => (params.has('type') ? undefined : params.set('type', 'check')))),
  },
  {
    id: 'pdf-check-type-refused',
    description: 'type=check answers 422 as an unknown type',
    rules: ['DOC-8'],
    passive: {
      unseen: { 'DOC-8': "the checks' one type=check request is refused with 422 validation, as a customer without the heat-pump right may be refused (DOC-9's case), and no check the customer got before shows it holds the right" },
    },
    configure: (deps) => intercept(deps, rewriteQuery(isPdf, (params) => (params.get('type') === 'check' ? params.set('type', 'heatpump-check') : undefined))),
  },
  {
    id: 'pdf-invalid-type-accepted',
    description: 'an unknown type value is ignored (a service document is created) instead of 422',
    rules: ['ERR-18'],
    configure: (deps) => intercept(deps, rewriteQuery(isPdf, (params) => (['service', 'check'].includes(params.get('type') ?? 'service') ? undefined : params.delete('type')))),
  },
  // ---- access -----------------------------------------------------------------------------------
  // The checks ask for a calculable own project of the customer without license or right, where
  // every order of the checks answers 403: a target that skips the license or right check creates
  // the document there.
  {
    id: 'pdf-check-without-heatpump-right',
    description: 'type=check does not check the heat-pump function right',
    rules: ['DOC-9'],
    configure: (deps) => pdfCustomer(deps, (c) => ({ ...c, heatpumpRight: true })),
  },
  {
    id: 'pdf-check-without-right-422-validation',
    description: 'type=check without the heat-pump function right answers 422 validation (the type refused) instead of 403 authorization',
    rules: ['DOC-9'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        next(isPdf(req) && req.query.type === 'check' && !currentCustomer(res).heatpumpRight ? errors.validation('Ungültiger Dokumenttyp.', 'type') : undefined);
      }),
  },
  {
    id: 'pdf-outside-radius-allowed',
    description: 'the PDF endpoint ignores the license radius',
    rules: ['DOC-11'],
    configure: (deps) => pdfCustomer(deps, (c) => ({ ...c, licenseRegions: '*' })),
  },
  {
    id: 'pdf-locked-customer-allowed',
    description: 'the PDF endpoint treats a locked customer without license as licensed (its own calculable project gets a document)',
    rules: ['DOC-12'],
    configure: (deps) => pdfCustomer(deps, (c) => (c.license === 'expired' && !c.unlocked ? { ...c, license: 'annual', unlocked: true } : c)),
  },
  {
    id: 'pdf-locked-401',
    description: 'the PDF endpoint answers a locked customer without license 401 authentication (as if blocked) instead of 403 authorization',
    rules: ['DOC-12'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const c = currentCustomer(res);
        next(isPdf(req) && c.license === 'expired' && !c.unlocked ? errors.unauthenticated() : undefined);
      }),
  },
  {
    id: 'pdf-expired-license-allowed',
    description: 'the PDF endpoint accepts an expired license of an unlocked customer (as reading does)',
    rules: ['DOC-13'],
    configure: (deps) => pdfCustomer(deps, (c) => (c.license === 'expired' && c.unlocked ? { ...c, license: 'annual' } : c)),
  },
  {
    id: 'pdf-expired-license-404',
    description: 'the PDF endpoint answers an unlocked customer whose license has expired 404 not_found for an own project instead of 403 authorization',
    rules: ['DOC-13'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const c = currentCustomer(res);
        next(isPdf(req) && c.license === 'expired' && c.unlocked ? errors.notFound() : undefined);
      }),
  },
  {
    id: 'pdf-foreign-project-403',
    description: 'a foreign project answers 403 on the PDF endpoint (a missing one 404): existence leaks',
    rules: ['DOC-14'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const key = isPdf(req) ? PDF_PATH.exec(req.path)?.[1] : undefined;
        const project = key ? deps.store.projects.findByKey(key.toLowerCase()) : undefined;
        if (project && project.customerId !== currentCustomer(res).id) next(errors.forbidden('Projekt eines anderen Kunden.'));
        else next();
      }),
  },
  // ---- pictures ---------------------------------------------------------------------------------
  {
    // Further members next to `pictures` are a reading the spec permits (variation picture-items-other).
    id: 'pictures-list-renamed',
    description: 'the picture list answers its items under `images` instead of `pictures`',
    rules: ['DOC-15'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (!isPictures(req) || res.statusCode >= 400 || !isPlainObject(body)) return body;
          const { pictures, ...rest } = body;
          return { ...rest, images: pictures };
        }),
      ),
  },
  {
    id: 'pictures-without-room-name',
    description: 'picture items lack roomName',
    rules: ['DOC-16'],
    configure: (deps) =>
      intercept(
        deps,
        rewritePictures(({ roomName: _dropped, ...rest }) => rest),
      ),
  },
  {
    id: 'picture-url-relative-to-api',
    description: 'picture urls are relative to the /api/v2 path (pictures-files/... without leading slash, served under /api/v2 only)',
    rules: ['DOC-17'],
    configure: (deps) =>
      intercept(
        deps,
        (req, res, next) => {
          const m = /^\/pictures-files\/([^/]+)$/.exec(req.path);
          const found = req.method === 'GET' && m ? deps.store.pictures.withBytes(m[1] as string) : undefined;
          if (found) res.type(found.contentType).send(found.bytes);
          else next();
        },
        rewritePictures((p) => ({ ...p, url: String(p.url).replace(/^\/files\/pictures\//, 'pictures-files/') })),
      ),
  },
  {
    id: 'picture-signature-not-verified',
    description: 'picture links go to a file route that ignores the signature and the expiry',
    rules: ['DOC-18'],
    configure: (deps) => intercept(deps, unsignedFiles(deps), rewritePictures((p) => ({ ...p, url: String(p.url).replace(/^\/files\/pictures\//, '/api/v2/unsigned-files/pictures/') }))),
  },
  {
    id: 'pictures-upload-accepted',
    description: 'POST .../pictures stores a picture (201) although no upload endpoint exists',
    rules: ['DOC-20'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const key = req.method === 'POST' ? PICTURES_PATH.exec(req.path)?.[1] : undefined;
        const project = key ? deps.store.projects.findOwned(key.toLowerCase(), currentCustomer(res).id) : undefined;
        if (!project) return next();
        const publicId = `p${randomUUID().replace(/-/g, '').slice(0, 16)}`;
        const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
        deps.store.pictures.insert({ publicId, projectId: project.id, roomName: null, type: 'room', contentType: 'image/png', bytes: png });
        res.status(201).json({ picture: { id: publicId } });
      }),
  },
  {
    id: 'pictures-foreign-visible',
    description: 'the picture list of a foreign project answers 200 (ownership not checked)',
    rules: ['DOC-22'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const key = isPictures(req) ? PICTURES_PATH.exec(req.path)?.[1] : undefined;
        const project = key ? deps.store.projects.findByKey(key.toLowerCase()) : undefined;
        if (!project || project.customerId === currentCustomer(res).id) return next();
        res.json({ pictures: deps.store.pictures.listByProject(project.id).map((p) => ({ id: p.publicId, url: `/files/pictures/${p.publicId}`, type: p.type, roomName: p.roomName })) });
      }),
  },
  {
    id: 'pictures-publicly-cacheable',
    description: 'picture links go to a file route that answers Cache-Control: public, max-age=86400',
    rules: ['DOC-26'],
    configure: (deps) =>
      intercept(
        deps,
        publicPictureFiles(deps),
        rewriteJson((body, req, res) => {
          if (!isPictures(req) || res.statusCode >= 400 || !isPlainObject(body) || !Array.isArray(body.pictures)) return body;
          return { ...body, pictures: (body.pictures as Json[]).map((p) => ({ ...p, url: String(p.url).replace(/^\/files\/pictures\//, '/api/v2/cached-files/pictures/') })) };
        }),
      ),
  },
  {
    id: 'expired-license-no-pictures',
    description: 'the picture list needs an active license: the unlocked customer with an expired license gets 403',
    rules: ['DOC-27'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        if (isPictures(req) && currentCustomer(res).license === 'expired') throw errors.forbidden('Für diesen Kunden besteht keine gültige Lizenz.');
        next();
      }),
  },
];
