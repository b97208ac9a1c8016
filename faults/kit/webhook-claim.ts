import type { AppDeps } from '../../reference-server/src/app.js';

type Documents = AppDeps['store']['documents'];

/**
 * Replaces how a document's one-time webhook is claimed, knowing which trigger (API or portal)
 * stored the document being claimed for: the store inserts the document and claims its delivery
 * in one synchronous step, so the last insert is the one the claim belongs to.
 */
export function claimByTrigger(deps: AppDeps, claim: (original: Documents['claimWebhook'], trigger: string | undefined, projectId: number, at: Date) => boolean): AppDeps {
  const documents = deps.store.documents;
  let lastTrigger: string | undefined;
  return {
    ...deps,
    store: {
      ...deps.store,
      documents: {
        ...documents,
        insert: (d: Parameters<Documents['insert']>[0]) => {
          lastTrigger = d.trigger;
          return documents.insert(d);
        },
        claimWebhook: (projectId: number, at: Date) => claim(documents.claimWebhook, lastTrigger, projectId, at),
      },
    },
  };
}
