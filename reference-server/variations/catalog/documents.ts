import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../../src/app.js';
import { systemClock } from '../../src/clock.js';
import { createLinkSigner } from '../../src/domain/signed-links.js';
import { errors } from '../../src/http/api-error.js';
import { API_PREFIX } from '../../src/version.js';
import { intercept } from '../../seams/intercept.js';
import { isPlainObject, type Json } from '../../seams/json-shapes.js';
import { isPdf, isPictures, sentQueryOf } from '../../seams/paths.js';
import { rewriteJson } from '../../seams/response-rewrite.js';
import { variations } from '../variation.js';

/**
 * Readings of the documents area's freedoms (spec/freedoms/documents.ts) that the reference server can take.
 *
 * They compose in any order: each finds the links it changes by the path they lead to (a document,
 * a viewer, a picture), never by the member that holds them, and leaves links it does not know alone.
 */

/** Rewrites a copy of successful PDF answers in place; `type` is the document kind the call asked for. */
function rewritePdf(fn: (body: Json & { file: Json }, type: string) => void): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isPdf(req) || res.statusCode >= 400 || !isPlainObject(body) || !isPlainObject(body.file)) return body;
    const copy = { ...body, file: { ...body.file } };
    fn(copy, sentQueryOf(req).get('type') ?? 'service');
    return copy;
  });
}

/** Rewrites a copy of the successful picture list (its answer and each item) in place. */
function rewritePictureList(fn: (body: Json, pictures: Json[]) => void): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isPictures(req) || res.statusCode >= 400 || !isPlainObject(body) || !Array.isArray(body.pictures)) return body;
    const pictures = (body.pictures as unknown[]).map((p) => (isPlainObject(p) ? { ...p } : p));
    const copy: Json = { ...body, pictures };
    fn(copy, pictures.filter(isPlainObject));
    return copy;
  });
}

/** Every link member of a PDF answer, rewritten by `fn` (which returns the link unchanged when it does not know it). */
function mapPdfLinks(body: Json & { file: Json }, fn: (link: string) => string): void {
  if (typeof body.linkToDocument === 'string') body.linkToDocument = fn(body.linkToDocument);
  if (typeof body.file.url === 'string') body.file.url = fn(body.file.url);
  if (typeof body.file.viewerUrl === 'string') body.file.viewerUrl = fn(body.file.viewerUrl);
}

const RELATIVE_BASE = 'http://relative.invalid';

/** A link as a URL; `rebuild` writes a new path and query back in the link's own form (absolute or relative). */
function parseLink(link: string) {
  const url = new URL(link, RELATIVE_BASE);
  const relative = url.origin === RELATIVE_BASE;
  return { url, rebuild: (pathAndQuery: string) => (relative ? pathAndQuery : `${url.origin}${pathAndQuery}`) };
}

const DOCUMENT_PATH = /^\/files\/documents\/(\d+)\/([^/]+)$/;
const VIEWER_PATH = /^\/files\/viewer\/(\d+)$/;

/** The lifetimes of the link-lifetimes reading, other than the reference server's hour and quarter hour. */
const LIFETIME = { documentSeconds: 600, pictureSeconds: 300 } as const;

/** Links bound to their document: one signature over the document id and the expiry serves each of its links. */
function documentBoundLinks(): { relink: (link: string, expires: number) => string; serve: (deps: AppDeps) => RequestHandler } {
  const secret = randomBytes(32);
  const PREFIX = '/vary-files';
  const mac = (id: string, expires: string) => createHmac('sha256', secret).update(`document:${id}\n${expires}`).digest('base64url');
  const query = (id: string, expires: number) => `expires=${expires}&signature=${mac(id, String(expires))}`;
  const relink = (link: string, expires: number) => {
    const { url, rebuild } = parseLink(link);
    const doc = DOCUMENT_PATH.exec(url.pathname);
    if (doc) return rebuild(`${API_PREFIX}${PREFIX}/documents/${doc[1]}/${doc[2]}?${query(doc[1] as string, expires)}`);
    const viewer = VIEWER_PATH.exec(url.pathname);
    if (viewer) return rebuild(`${API_PREFIX}${PREFIX}/viewer/${viewer[1]}?${query(viewer[1] as string, expires)}`);
    return link;
  };
  const serve = (deps: AppDeps): RequestHandler => (req, res, next) => {
    const match = /^\/vary-files\/(?:documents\/(\d+)\/([^/]+)|viewer\/(\d+))$/.exec(req.path);
    if (req.method !== 'GET' || !match) return next();
    const id = (match[1] ?? match[3]) as string;
    const expires = typeof req.query.expires === 'string' ? req.query.expires : '';
    const given = Buffer.from(typeof req.query.signature === 'string' ? req.query.signature : '');
    const expected = Buffer.from(mac(id, expires));
    if (!/^\d{1,12}$/.test(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) return next(errors.forbidden('Die Signatur des Links ist ungültig.'));
    const now = (deps.clock ?? systemClock).now().getTime();
    if (Number(expires) * 1000 <= now) return next(errors.forbidden('Der Link ist abgelaufen. Bitte neu anfordern.'));
    const doc = deps.store.documents.findById(Number(id));
    if (!doc) return next(errors.notFound());
    if (match[3] !== undefined) {
      const src = `${API_PREFIX}${PREFIX}/documents/${id}/${encodeURIComponent(doc.name)}?${query(id, Number(expires))}`;
      res.type('html').send(`<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${doc.name}</title></head><body><embed src="${src}" type="application/pdf"></body></html>`);
      return;
    }
    const bytes = decodeURIComponent(match[2] as string) === doc.name ? deps.store.documents.bytes(doc.id) : undefined;
    if (!bytes) return next(errors.notFound());
    res.type('application/pdf').send(bytes);
  };
  return { relink, serve };
}

/** A numeric picture id derived from the stored one (no endpoint takes a picture id, so any stable number serves). */
const numericId = (id: unknown) => createHash('sha256').update(String(id)).digest().readUInt32BE(0);

export const documentsVariations = variations([
  {
    id: 'pdf-response-other-fields',
    freedoms: ['FREE-DOC-1', 'FREE-DOC-2', 'FREE-DOC-3'],
    description:
      'the PDF response carries other fields than the reference server (documentId, expiresAt, action createPdf; no status, file.name, size, type), no file.viewerUrl for a heat-pump check, and linkToDocument leads to the viewer page',
    configure: (deps) =>
      intercept(
        deps,
        rewritePdf((body, type) => {
          delete body.status;
          body.action = 'createPdf';
          body.expiresAt = new Date((deps.clock ?? systemClock).now().getTime() + 3_600_000).toISOString();
          delete body.file.name;
          delete body.file.size;
          delete body.file.type;
          const id = typeof body.file.url === 'string' ? /\/documents\/(\d+)\//.exec(body.file.url)?.[1] : undefined;
          if (id !== undefined) body.file.documentId = Number(id);
          if (type === 'check') delete body.file.viewerUrl;
          if (typeof body.file.viewerUrl === 'string') body.linkToDocument = body.file.viewerUrl;
        }),
      ),
  },
  {
    id: 'link-lifetimes',
    freedoms: ['FREE-DOC-4'],
    description: `document links live ${LIFETIME.documentSeconds / 60} minutes and picture links ${LIFETIME.pictureSeconds / 60} (the reference server's: an hour and a quarter hour)`,
    configure: (deps) => {
      // The site's own routes verify the links: signed again with the server's key and clock.
      const signingSecret = deps.signingSecret ?? randomBytes(32).toString('hex');
      const clock = deps.clock ?? systemClock;
      const signer = createLinkSigner(signingSecret, () => clock.now());
      const resign = (link: string, seconds: number) => {
        const { url, rebuild } = parseLink(link);
        return url.pathname.startsWith('/files/') ? rebuild(signer.sign(url.pathname, seconds)) : link;
      };
      return intercept(
        { ...deps, signingSecret },
        rewritePdf((body) => mapPdfLinks(body, (link) => resign(link, LIFETIME.documentSeconds))),
        rewritePictureList((_body, pictures) => {
          for (const picture of pictures) if (typeof picture.url === 'string') picture.url = resign(picture.url, LIFETIME.pictureSeconds);
        }),
      );
    },
  },
  {
    id: 'document-bound-signatures',
    freedoms: ['FREE-DOC-5'],
    description: 'document links are signed over the document and the expiry: the file and viewer links of one document carry the same signature and serve with each other\'s',
    configure: (deps) => {
      const bound = documentBoundLinks();
      const clock = deps.clock ?? systemClock;
      return intercept(
        deps,
        bound.serve(deps),
        rewritePdf((body) => {
          const expires = Math.floor(clock.now().getTime() / 1000) + 3600;
          mapPdfLinks(body, (link) => bound.relink(link, expires));
        }),
      );
    },
  },
  {
    id: 'picture-items-other',
    freedoms: ['FREE-DOC-6', 'FREE-DOC-7', 'FREE-DOC-8'],
    description: 'the picture list answers {status, action, count, pictures}; its items have numeric ids, absolute urls and further fields (capturedAt, source)',
    configure: (deps) =>
      intercept(
        deps,
        rewritePictureList((body, pictures) => {
          body.status = 200;
          body.action = 'getPictures';
          body.count = pictures.length;
          const origin = new URL(deps.siteUrl).origin;
          for (const picture of pictures) {
            picture.id = numericId(picture.id);
            if (typeof picture.url === 'string') picture.url = new URL(picture.url, `${origin}/`).toString();
            picture.capturedAt = '2024-05-06T07:08:09+00:00';
            picture.source = 'portal';
          }
        }),
      ),
  },
]);
