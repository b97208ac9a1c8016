import { z } from 'zod';
import { EVENT_BY_DOCUMENT_TYPE } from '../../webhook/payload.js';
import { siteLink, storedProjectKey } from './common.js';
import { responseSchemas } from './registries.js';

const documentTypes = Object.keys(EVENT_BY_DOCUMENT_TYPE) as (keyof typeof EVENT_BY_DOCUMENT_TYPE)[];

export const pdfGeneratedPayload = z
  .strictObject({
    event: z.enum(Object.values(EVENT_BY_DOCUMENT_TYPE)).describe("Older format: 'webhookservice' for service documents, 'webhookcheck' for heat-pump checks."),
    eventType: z.literal('pdf.generated'),
    eventId: z.string().min(1).describe('Unique delivery id, equal to the X-Service-Delivery header; deduplicate by it.'),
    authenticate: z.string().describe('The value stored in the API settings, passed unchanged; check it.'),
    projektKey: storedProjectKey,
    projectKey: storedProjectKey,
    generatedAt: z.iso.datetime().describe('Time of the document creation, UTC.'),
    document: z.strictObject({
      id: z.number().int().min(0).describe('Document id; 0 for temporary download documents.'),
      type: z.enum(documentTypes),
      name: z.string().describe('File name.'),
      size: z.number().int().min(0).describe('Size in bytes.'),
      url: siteLink('Signed link to the PDF'),
      viewerUrl: siteLink('Signed link to a viewer page of the PDF'),
      temporary: z.boolean().describe('True for temporary download documents.'),
    }),
  })
  .register(responseSchemas, { id: 'PdfGeneratedEvent' });
