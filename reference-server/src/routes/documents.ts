import { Router, type Request, type Response } from 'express';
import type { DocumentService, PdfKind } from '../documents/document-service.js';
import { errors } from '../http/api-error.js';
import { currentCustomer } from '../http/request-context.js';
import type { Project } from '../store/projects.js';
import type { Store } from '../store/store.js';
import { calculableProject } from './calculation-access.js';

function parsePdfKind(raw: unknown): PdfKind {
  if (raw === undefined) return 'service';
  if (raw === 'service' || raw === 'check') return raw;
  throw errors.validation('Ungültiger Dokumenttyp: type muss service oder check sein.', 'type');
}

function checkedRequest(store: Store, req: Request<{ projectKey: string }>, res: Response): { project: Project; kind: PdfKind } {
  const project = calculableProject(store, res, req.params.projectKey);
  const kind = parsePdfKind(req.query.type);
  if (kind === 'check' && !currentCustomer(res).heatpumpRight) {
    throw errors.forbidden('Der Wärmepumpen-Check erfordert das Funktionsrecht Wärmepumpe.');
  }
  return { project, kind };
}

/**
 * `GET .../pdf` creates and stores a document on every call (not a pure read) and answers links,
 * not the file. `type=check` is the heat-pump check and needs the heat-pump function right.
 * `HEAD` must stay free of side effects (RFC 9110 9.2.1): it runs every check GET runs and answers
 * the status GET would, without a body and without creating a document or claiming the webhook.
 */
export function documentsRoutes(store: Store, documents: DocumentService): Router {
  const router = Router({ strict: true, caseSensitive: true });
  // Registered before GET: Express answers HEAD with the GET handler when no HEAD route matches first.
  router.head('/reports/:projectKey/pdf', (req, res) => {
    const { project } = checkedRequest(store, req, res);
    documents.assertCreatable(project);
    res.status(200).type('application/json').end();
  });
  router.get('/reports/:projectKey/pdf', async (req, res) => {
    const { project, kind } = checkedRequest(store, req, res);
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
