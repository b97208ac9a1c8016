import { pdfGeneratedExample } from './examples/documents.js';
import { jsonContent } from './responses.js';
import { schemaRef } from './refs.js';
import { pdfGeneratedPayload } from './schemas/webhook.js';

/** The one outgoing event, as OpenAPI 3.1 `webhooks`: what the receiver gets and how to answer. */
export const WEBHOOKS = {
  'pdf.generated': {
    post: {
      operationId: 'pdfGenerated',
      tags: ['Documents'],
      summary: 'First PDF of a project created',
      description:
        "Sent once per project, after the first successful PDF creation through the API's pdf endpoint or the portal's central document creation, to the address configured in the pro area (publicly reachable; redirects and private or reserved addresses are refused). There is no HMAC signature: check `authenticate` and deduplicate by `eventId`. No retry, no guaranteed delivery; a failing receiver never blocks the PDF.",
      security: [],
      parameters: [
        { name: 'X-Service-Event', in: 'header', required: true, description: 'The event kind.', schema: { type: 'string', const: 'pdf.generated' } },
        { name: 'X-Service-Delivery', in: 'header', required: true, description: 'The delivery id, equal to eventId.', schema: { type: 'string' } },
      ],
      requestBody: { required: true, content: jsonContent(schemaRef(pdfGeneratedPayload), { first: pdfGeneratedExample }) },
      responses: {
        '2XX': { description: 'Any 2xx answer counts as delivered.' },
        default: { description: 'Any other answer, a redirect or no answer within 5 seconds: not delivered, and not sent again.' },
      },
    },
  },
};
