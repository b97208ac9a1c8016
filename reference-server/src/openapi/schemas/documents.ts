import { z } from 'zod';
import type { DocumentType } from '../../store/documents.js';
import { action, siteLink, status200 } from './common.js';
import { responseSchemas } from './registries.js';

const DOCUMENT_TYPES = Object.keys({ service: true, 'heatpump-check': true } satisfies Record<DocumentType, true>) as DocumentType[];

export const pdfResponse = z
  .strictObject({
    status: status200,
    action: action('getPdf'),
    linkToDocument: siteLink('Signed link to the PDF, valid for 1 hour'),
    file: z.strictObject({
      url: siteLink('Signed link to the PDF, valid for 1 hour'),
      viewerUrl: siteLink('Signed link to a viewer page of the PDF, valid for 1 hour'),
      name: z.string().describe('File name.'),
      size: z.number().int().min(0).describe('Size in bytes.'),
      type: z.enum(DOCUMENT_TYPES).describe("'service', or 'heatpump-check' for type=check."),
    }),
  })
  .describe('Links to the document just created and stored (not the file itself).')
  .register(responseSchemas, { id: 'PdfCreated' });

const picture = z
  .strictObject({
    id: z.string().describe('Picture id.'),
    url: z
      .string()
      .startsWith('/')
      .describe('Signed link, valid for 15 minutes and confidential; relative: it resolves against the server origin, not against /api/v2.'),
    type: z.string().describe('Kind of picture.'),
    roomName: z.string().nullable().describe('Name of the room the picture belongs to; null when none.'),
  })
  .register(responseSchemas, { id: 'Picture' });

export const picturesResponse = z.strictObject({ pictures: z.array(picture) }).register(responseSchemas, { id: 'PictureList' });
