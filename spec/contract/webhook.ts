/**
 * The one outgoing event `pdf.generated`, written from the spec section "Events".
 * Payload and `document` are strict: the payload table lists every field.
 */
import { z } from 'zod';
import { absoluteUrlSchema, isoUtcSchema, projectKeySchema } from './common.js';

export const WEBHOOK_EVENT_TYPE = 'pdf.generated';
/** `event`: "`webhookservice` or `webhookcheck` (older format)". */
export const WEBHOOK_EVENTS = ['webhookservice', 'webhookcheck'] as const;
/** `document.type`: "`service` or `heatpump-check`". */
export const WEBHOOK_DOCUMENT_TYPES = ['service', 'heatpump-check'] as const;

/** Delivery headers: "`X-Service-Event: pdf.generated` and `X-Service-Delivery: <event_id>`" (lower-cased names). */
export const WEBHOOK_HEADERS = {
  event: 'x-service-event',
  delivery: 'x-service-delivery',
} as const;

/**
 * Headers of a delivery (names lower-cased as Node delivers them). Open: only these are specified; a
 * sender adds others (host, content-length, user-agent). `Content-Type: application/json`, parameters
 * such as `; charset=utf-8` tolerated.
 */
export const webhookHeadersSchema = z.looseObject({
  'content-type': z.string().regex(/^application\/json\s*(?:;.*)?$/i, 'must be application/json'),
  [WEBHOOK_HEADERS.event]: z.literal(WEBHOOK_EVENT_TYPE),
  [WEBHOOK_HEADERS.delivery]: z.string().min(1),
});
export type WebhookHeaders = z.infer<typeof webhookHeadersSchema>;

/** `document`: every field of the table (`id`, `type`, `name`, `size`, `url`, `viewerUrl`, `temporary`). */
export const webhookDocumentSchema = z.strictObject({
  /** "number; 0 for temporary download documents" */
  id: z.number(),
  type: z.enum(WEBHOOK_DOCUMENT_TYPES),
  name: z.string(),
  size: z.number(),
  /** full URLs under `{site_url}` (checked with `isUnderSiteUrl`) */
  url: absoluteUrlSchema,
  viewerUrl: absoluteUrlSchema,
  /** "boolean; true for temporary download documents" */
  temporary: z.boolean(),
});
export type WebhookDocument = z.infer<typeof webhookDocumentSchema>;

/** The `pdf.generated` payload. */
export const webhookPayloadSchema = z.strictObject({
  event: z.enum(WEBHOOK_EVENTS),
  eventType: z.literal(WEBHOOK_EVENT_TYPE),
  /** "string, unique delivery id, equals the delivery header" */
  eventId: z.string().min(1),
  /** "the value stored in the API settings, passed unchanged" */
  authenticate: z.string(),
  /** "`projektKey`, `projectKey`: project key, both present with the same value" */
  projektKey: projectKeySchema,
  projectKey: projectKeySchema,
  generatedAt: isoUtcSchema,
  document: webhookDocumentSchema,
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** "both present with the same value". */
export function projectKeysAgree(payload: Pick<WebhookPayload, 'projektKey' | 'projectKey'>): boolean {
  return payload.projektKey === payload.projectKey;
}

/** `document.id` is 0 for temporary download documents, which carry `temporary: true`. */
export function temporaryDocumentHasIdZero(document: Pick<WebhookDocument, 'id' | 'temporary'>): boolean {
  return !document.temporary || document.id === 0;
}

/**
 * The `document.type` expected for a PDF query type. An inference: the spec pairs `type=check` with the
 * heat-pump function right and names the document type `heatpump-check`, but does not state the mapping.
 */
export function documentTypeForPdfType(pdfType: 'service' | 'check'): (typeof WEBHOOK_DOCUMENT_TYPES)[number] {
  return pdfType === 'check' ? 'heatpump-check' : 'service';
}
