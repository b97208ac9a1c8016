import { freedoms } from './freedom.js';

/** Freedoms of the webhook area: each quotes the spec's words that leave the reading open. */
export const webhookFreedoms = freedoms('webhook', [
  {
    id: 'FREE-HOOK-1',
    quote: 'Payload: | Field | Type and rule | ... (the table of `event`, `eventType`, `eventId`, `authenticate`, `projektKey`, `projectKey`, `generatedAt`, `document.*`)',
    reading:
      'The payload and its `document` carry the fields of the table and may carry further members: the table never says "only" (the spec closes the funding application alone).',
  },
  {
    id: 'FREE-HOOK-2',
    quote: '`event` | `webhookservice` or `webhookcheck` (older format)',
    reading: 'Either value may be sent for any document: which one goes with a service document or a heat-pump check the spec does not say.',
  },
  {
    id: 'FREE-HOOK-3',
    quote: '`document.type` | `service` or `heatpump-check`; the pdf query `type`: `service` (default) or `check`',
    reading:
      'Either value may announce any document: the spec never pairs `document.type` with the requested PDF type (that `type=check` gives `heatpump-check` is an inference).',
  },
  {
    id: 'FREE-HOOK-4',
    quote: '`document.id` | number; 0 for temporary download documents',
    reading: 'The id of a document that is no temporary download is any number: the spec fixes only the 0 of temporary ones.',
  },
  {
    id: 'FREE-HOOK-5',
    quote: '`generatedAt` | ISO 8601 UTC timestamp',
    reading:
      'Any ISO 8601 spelling of a UTC instant: extended or basic format, with or without seconds and fraction (point or comma), `Z` or a zero offset (`+00:00`, `+0000`).',
  },
  {
    id: 'FREE-HOOK-6',
    quote: 'Delivery: HTTP POST, `Content-Type: application/json`, headers `X-Service-Event: pdf.generated` and `X-Service-Delivery: <event_id>`.',
    reading:
      'A delivery may carry further headers (`User-Agent`, a request id; no signature: "There is no HMAC signature") and parameters of its media type (`; charset=utf-8`).',
  },
  {
    id: 'FREE-HOOK-7',
    quote: '`eventId` | string, unique delivery id, equals the delivery header',
    reading: 'The event id is any unique string (a UUID, a prefixed hex string, a number as text).',
  },
]);
