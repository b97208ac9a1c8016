import { Router } from 'express';
import { LINK_LIFETIME, type LinkSigner } from '../domain/signed-links.js';
import type { Store } from '../store/store.js';
import { ownedProject } from './owned-project.js';
import { picturePath } from '../domain/site-paths.js';

/**
 * Picture list: links are signed and short-lived, and relative (they resolve against the
 * server origin, not against /api/v2); clients fetch the list again once links expired.
 */
export function picturesRoutes(store: Store, signer: LinkSigner): Router {
  const router = Router({ strict: true, caseSensitive: true });
  router.get('/reports/:projectKey/pictures', (req, res) => {
    const project = ownedProject(store, res, req.params.projectKey);
    const pictures = store.pictures.listByProject(project.id).map((p) => ({
      id: p.publicId,
      url: signer.sign(picturePath(p.publicId), LINK_LIFETIME.pictureSeconds),
      type: p.type,
      roomName: p.roomName,
    }));
    res.json({ pictures });
  });
  return router;
}
