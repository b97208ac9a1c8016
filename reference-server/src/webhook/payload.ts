/**
 * The `pdf.generated` webhook (spec "Events"): payload body and delivery headers.
 * Pure: the event id and the time come in, so tests can pin both.
 */

export type WebhookDocumentType = 'service' | 'heatpump-check';

export interface GeneratedDocument {
  /** Stored document id; ignored (sent as 0) for temporary documents. */
  id: number;
  type: WebhookDocumentType;
  /** File name. */
  name: string;
  /** Size in bytes. */
  size: number;
  /** Full URL under the site URL. */
  url: string;
  /** Full URL under the site URL. */
  viewerUrl: string;
  /** True for temporary download documents. */
  temporary: boolean;
}

export interface PdfGeneratedInput {
  projectKey: string;
  document: GeneratedDocument;
}

export interface PdfGeneratedPayload {
  event: 'webhookservice' | 'webhookcheck';
  eventType: 'pdf.generated';
  eventId: string;
  authenticate: string;
  projektKey: string;
  projectKey: string;
  generatedAt: string;
  document: GeneratedDocument;
}

export interface PdfGeneratedHeaders {
  'Content-Type': 'application/json';
  'X-Service-Event': 'pdf.generated';
  'X-Service-Delivery': string;
  [name: string]: string;
}

export interface PdfGeneratedDelivery {
  payload: PdfGeneratedPayload;
  headers: PdfGeneratedHeaders;
  /** `JSON.stringify(payload)`, what goes on the wire. */
  body: string;
}

export interface BuildPdfGeneratedArgs extends PdfGeneratedInput {
  /** The customer's stored webhook authentication value, passed unchanged. */
  authenticate: string;
  eventId: string;
  generatedAt: Date;
}

export const EVENT_BY_DOCUMENT_TYPE: Record<WebhookDocumentType, PdfGeneratedPayload['event']> = {
  service: 'webhookservice',
  'heatpump-check': 'webhookcheck',
};

function fullUrl(field: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new TypeError(`document.${field} must be a full URL, got ${JSON.stringify(value)}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new TypeError(`document.${field} must be an http(s) URL`);
  return value;
}

/** Throws TypeError on input that would produce a payload outside the spec. */
export function buildPdfGeneratedDelivery(args: BuildPdfGeneratedArgs): PdfGeneratedDelivery {
  const { document: doc } = args;
  const event = EVENT_BY_DOCUMENT_TYPE[doc.type];
  if (!event) throw new TypeError(`unknown document type ${JSON.stringify(doc.type)}`);
  if (typeof args.authenticate !== 'string') throw new TypeError('authenticate must be a string');
  if (typeof args.projectKey !== 'string' || args.projectKey === '') throw new TypeError('projectKey is required');
  if (args.eventId === '') throw new TypeError('eventId is required');
  if (Number.isNaN(args.generatedAt.getTime())) throw new TypeError('generatedAt is not a valid date');
  if (!doc.temporary && !(Number.isSafeInteger(doc.id) && doc.id > 0)) throw new TypeError('document.id must be a positive integer for stored documents');
  if (!(Number.isSafeInteger(doc.size) && doc.size >= 0)) throw new TypeError('document.size must be a non-negative integer');

  const payload: PdfGeneratedPayload = {
    event,
    eventType: 'pdf.generated',
    eventId: args.eventId,
    authenticate: args.authenticate,
    projektKey: args.projectKey,
    projectKey: args.projectKey,
    generatedAt: args.generatedAt.toISOString(),
    document: {
      id: doc.temporary ? 0 : doc.id,
      type: doc.type,
      name: doc.name,
      size: doc.size,
      url: fullUrl('url', doc.url),
      viewerUrl: fullUrl('viewerUrl', doc.viewerUrl),
      temporary: doc.temporary,
    },
  };
  const headers: PdfGeneratedHeaders = {
    'Content-Type': 'application/json',
    'X-Service-Event': 'pdf.generated',
    'X-Service-Delivery': payload.eventId,
  };
  return { payload, headers, body: JSON.stringify(payload) };
}
