import { Router } from 'express';
import type { DocumentService, PdfKind } from '../documents/document-service.js';
import { errors } from '../http/api-error.js';
import { currentCustomer } from '../http/request-context.js';
import type { Store } from '../store/store.js';
import { calculableProject } from './calculation-access.js';

function parsePdfKind(raw: unknown): PdfKind {
  if (raw === undefined) return 'service';
  if (raw === 'service' || raw === 'check') return raw;
  throw errors.validation('Ungültiger Dokumenttyp: type muss service oder check sein.', 'type');
}

/**
 * `GET .../pdf` creates and stores a document on every call (not a pure read) and answers links,
 * not the file. `type=check` is the heat-pump check and needs the heat-pump function right.
 */
export function documentsRoutes(store: Store, documents: DocumentService): Router {
  const router = Router({ strict: true, caseSensitive: true });
  router.get('/reports/:projectKey/pdf', async (req, res) => {
    const project = calculableProject(store, res, req.params.projectKey);
    const kind = parsePdfKind(req.query.type);
    if (kind === 'check' && !currentCustomer(res).heatpumpRight) {
      throw errors.forbidden('Der Wärmepumpen-Check erfordert das Funktionsrecht Wärmepumpe.');
    }
    const pdf = await documents.generate(project, kind, 'api');
    res.json({
      status: 200,
      action: 'getPdf',
      linkToDocument: pdf.url,
      file: { url: pdf.url, viewerUrl: pdf.viewerUrl, name: pdf.document.name, size: pdf.document.size, type: pdf.document.type },
    });
  });
  return router;
}
