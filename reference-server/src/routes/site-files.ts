import { Router, type Request } from 'express';
import type { LinkSigner } from '../domain/signed-links.js';
import { LINK_LIFETIME } from '../domain/signed-links.js';
import { documentPath } from '../domain/site-paths.js';
import { errors } from '../http/api-error.js';
import type { Store } from '../store/store.js';


function checkSignature(signer: LinkSigner, req: Request): void {
  const verdict = signer.verify(req.path === '/' ? req.baseUrl : `${req.baseUrl}${req.path}`, req.query.expires, req.query.sig);
  if (verdict !== 'valid') {
    throw errors.forbidden(verdict === 'expired' ? 'Der Link ist abgelaufen. Bitte neu anfordern.' : 'Die Signatur des Links ist ungültig.');
  }
}

/**
 * The site's side of document and picture links (outside the API, no token: the signature is the
 * credential). A tampered or expired link answers 403, an unknown file 404.
 */
export function siteFileRoutes(store: Store, signer: LinkSigner): Router {
  const router = Router({ strict: true, caseSensitive: true });

  router.get('/documents/:id/:name', (req, res) => {
    checkSignature(signer, req);
    const id = Number(req.params.id);
    const doc = Number.isInteger(id) ? store.documents.findById(id) : undefined;
    const bytes = doc && doc.name === req.params.name ? store.documents.bytes(doc.id) : undefined;
    if (!doc || !bytes) throw errors.notFound();
    res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${doc.name}"`);
    res.send(bytes);
  });

  router.get('/viewer/:id', (req, res) => {
    checkSignature(signer, req);
    const doc = store.documents.findById(Number(req.params.id));
    if (!doc) throw errors.notFound();
    const src = signer.sign(documentPath(doc.id, doc.name), LINK_LIFETIME.documentSeconds);
    res
      .type('html')
      .send(`<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${doc.name}</title></head><body style="margin:0"><embed src="${src}" type="application/pdf" style="width:100vw;height:100vh"></body></html>`);
  });

  router.get('/pictures/:publicId', (req, res) => {
    checkSignature(signer, req);
    const picture = store.pictures.withBytes(req.params.publicId);
    if (!picture) throw errors.notFound();
    res.type(picture.contentType).send(picture.bytes);
  });

  return router;
}
