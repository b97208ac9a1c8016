import type { Clock } from '../clock.js';
import { assertCalculable } from '../compute/heavy-jobs.js';
import type { HeavyWork } from '../compute/heavy-work.js';
import { projectRef } from '../compute/project-snapshot.js';
import { buildCalcInput } from '../domain/calc-input.js';
import { LINK_LIFETIME, type LinkSigner } from '../domain/signed-links.js';
import { documentPath, viewerPath } from '../domain/site-paths.js';
import type { DocumentType, StoredDocument } from '../store/documents.js';
import type { Project } from '../store/projects.js';
import type { Store } from '../store/store.js';
import type { WebhookDispatcher } from '../webhook/dispatcher.js';
import type { PdfKind } from './render-document.js';

export type { PdfKind } from './render-document.js';

/**
 * The newest documents of a project that stay stored; older ones are deleted when a new one is
 * stored, except the project's first (the one its pdf.generated delivery announced, if any), so a
 * project's documents cannot fill the disk. The spec lets links be time limited and lists no
 * documents; within the API's rate limit a document stays at least ten seconds, while its link
 * could live longer: a link to a document deleted since answers 404.
 */
export const DOCUMENTS_KEPT_PER_PROJECT = 20;

export interface GeneratedPdf {
  document: StoredDocument;
  url: string;
  viewerUrl: string;
  /** Event id of the webhook delivery this creation triggered, if any. */
  webhookEventId?: string;
}

const DOCUMENT_TYPE: Record<PdfKind, DocumentType> = { service: 'service', check: 'heatpump-check' };

/**
 * Creates, stores and links a PDF, for both triggers (the API pdf endpoint and the portal's
 * central document creation). The first successful creation of a project claims its one
 * `pdf.generated` delivery in the transaction that stores the document; the delivery goes out
 * after the commit, never awaited. A creation that fails (e.g. data not calculable) stores
 * nothing and claims nothing.
 *
 * A temporary download document (only the portal makes one: the API pdf endpoint stores every
 * document) is kept for its download link but is no document of the project's archive; the
 * delivery announces it with `document.id` 0 and `temporary: true`.
 */
export function createDocumentService(deps: { store: Store; clock: Clock; siteUrl: string; signer: LinkSigner; webhook: WebhookDispatcher; heavyWork: HeavyWork }) {
  const { store, clock, siteUrl, signer } = deps;

  return {
    /** Throws what `generate` would throw for the project's data, and creates nothing (HEAD). */
    assertCreatable(project: Project): void {
      assertCalculable(buildCalcInput(store, project), 'pdf');
    },

    /** The project is read, checked (422) and rendered as the customer's heavy work: off the event loop when large. */
    async generate(project: Project, kind: PdfKind, trigger: 'api' | 'portal', options: { temporary?: boolean } = {}): Promise<GeneratedPdf> {
      const at = clock.now();
      const rendered = await deps.heavyWork.run(project.customerId, { kind: 'pdf', project: projectRef(project), pdfKind: kind, at }, store);
      const bytes = Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength);
      const stamp = at.toISOString().replace(/[-:]/g, '').slice(0, 15);
      const name = `${kind === 'check' ? 'waermepumpen-check' : 'heizlastbericht'}-${project.key}-${stamp}.pdf`;

      const { document, claimed } = store.transaction(() => {
        const stored = store.documents.insert({ projectId: project.id, type: DOCUMENT_TYPE[kind], name, bytes, temporary: options.temporary ?? false, trigger, at });
        store.documents.keepNewest(project.id, DOCUMENTS_KEPT_PER_PROJECT);
        return { document: stored, claimed: store.documents.claimWebhook(project.id, at) };
      });

      const url = `${siteUrl}${signer.sign(documentPath(document.id, document.name), LINK_LIFETIME.documentSeconds)}`;
      const viewerUrl = `${siteUrl}${signer.sign(viewerPath(document.id), LINK_LIFETIME.documentSeconds)}`;
      const target = claimed ? store.customers.webhookTarget(project.customerId) : undefined;
      if (!target) return { document, url, viewerUrl };
      const { eventId } = deps.webhook.dispatch(target, {
        projectKey: project.key,
        document: { id: document.id, type: document.type, name: document.name, size: document.size, url, viewerUrl, temporary: document.temporary },
      });
      return { document, url, viewerUrl, webhookEventId: eventId };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
