import type { Clock } from '../clock.js';
import { createLinkSigner } from '../domain/signed-links.js';
import { documentPath, picturePath } from '../domain/site-paths.js';
import type { Store } from '../store/store.js';

/**
 * Links of the demo data whose lifetime has passed, for the profile: the spec leaves the lifetime
 * of picture and document links open, so a check can judge their expiry only on a link the
 * target itself signed with an expiry in the past (they are signed as if handed out a day ago).
 * The completed project gets an old report as the document; it is stored once, like all demo data.
 */
export interface ExpiredLinks {
  /** Path of a picture link of `picturesProjectId` (relative, like the picture list's links). */
  picture: string | undefined;
  /** Path of a document link under the site URL. */
  document: string;
}

const AGO_SECONDS = 86_400;

/** The smallest well-formed PDF: one empty A4 page. */
function oldReportBytes(): Buffer {
  const objects = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/MediaBox[0 0 595 842]/Parent 2 0 R>>'];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function seedExpiredLinks(store: Store, clock: Clock, ids: { picturesProjectId: number; documentProjectId: number; documentProjectKey: string }): ExpiredLinks {
  const handedOut = new Date(clock.now().getTime() - AGO_SECONDS * 1000);
  const signer = createLinkSigner(store.settings.signingSecret(), () => handedOut);
  let document = store.documents.firstOfProject(ids.documentProjectId);
  if (!document) {
    const stamp = handedOut.toISOString().replace(/[-:]/g, '').slice(0, 15);
    document = store.documents.insert({
      projectId: ids.documentProjectId,
      type: 'service',
      name: `heizlastbericht-${ids.documentProjectKey}-${stamp}.pdf`,
      bytes: oldReportBytes(),
      temporary: false,
      trigger: 'portal',
      at: handedOut,
    });
  }
  const picture = store.pictures.listByProject(ids.picturesProjectId)[0];
  // Valid for one hour from "a day ago": expired for the last 23 hours.
  const lifetime = 3600;
  return {
    picture: picture && signer.sign(picturePath(picture.publicId), lifetime),
    document: signer.sign(documentPath(document.id, document.name), lifetime),
  };
}
