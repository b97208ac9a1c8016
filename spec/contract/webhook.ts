/**
 * The one outgoing event `pdf.generated`, written from the spec section "Events".
 * Payload and `document` are open: the payload table lists the fields a delivery carries and never
 * says "only" (the spec closes one object alone, the funding application).
 */
import { z } from 'zod';
import { absoluteUrlSchema, projectKeySchema } from './common.js';

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

/**
 * `generatedAt`: "ISO 8601 UTC timestamp". Every ISO 8601 spelling of a UTC date and time: the
 * extended (`2025-01-31T09:15:00Z`) or basic (`20250131T091500Z`) format, minutes or seconds, a
 * fraction with point or comma, and `Z` or a zero offset (`+00:00`, `+0000`, `+00`) as the UTC
 * designator. Another offset is not UTC.
 */
const ISO_UTC_EXTENDED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|\+00(?::?00)?)$/;
const ISO_UTC_BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(?:(\d{2})(?:[.,]\d+)?)?(?:Z|\+00(?:00)?)$/;

/** The instant of an ISO 8601 UTC timestamp in epoch milliseconds, or undefined when `value` is none. */
export function isoUtcInstantMs(value: string): number | undefined {
  const match = ISO_UTC_EXTENDED.exec(value) ?? ISO_UTC_BASIC.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (hour > 24 || minute > 59 || second > 60) return undefined;
  const fraction = /[.,](\d+)/.exec(value)?.[1];
  return Date.UTC(year, month - 1, day, hour, minute, second) + (fraction === undefined ? 0 : Number(`0.${fraction}`) * 1000);
}

export const webhookTimestampSchema = z
  .string()
  .refine((value) => isoUtcInstantMs(value) !== undefined, 'must be an ISO 8601 UTC timestamp (e.g. 2025-01-31T09:15:00Z or +00:00)');

/** `document`: the fields of the table (`id`, `type`, `name`, `size`, `url`, `viewerUrl`, `temporary`). */
export const webhookDocumentSchema = z.looseObject({
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
export const webhookPayloadSchema = z.looseObject({
  event: z.enum(WEBHOOK_EVENTS),
  eventType: z.literal(WEBHOOK_EVENT_TYPE),
  /** "string, unique delivery id, equals the delivery header" */
  eventId: z.string().min(1),
  /** "the value stored in the API settings, passed unchanged" */
  authenticate: z.string(),
  /** "`projektKey`, `projectKey`: project key, both present with the same value" */
  projektKey: projectKeySchema,
  projectKey: projectKeySchema,
  generatedAt: webhookTimestampSchema,
  document: webhookDocumentSchema,
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
