import type { AppDeps } from '../../src/app.js';
import type { WebhookDispatcher } from '../../src/webhook/dispatcher.js';
import type { WebhookSend } from '../../src/webhook/guarded-fetch.js';
import { captureSender } from '../../src/webhook/capture-sender.js';
import type { Json } from '../../seams/json-shapes.js';
import { documentRewrite, headersRewrite, payloadRewrite } from '../../seams/webhook-transport.js';
import { variations } from '../variation.js';

type Wrap = (send: WebhookSend) => WebhookSend;

/** The transport wraps of a dispatcher built here: `wire` ones sit next to the wire, below the others. */
const wrapsOf = new WeakMap<WebhookDispatcher, { wire: Wrap[]; others: Wrap[] }>();

/**
 * Changes deliveries on their way out, composable: the faults' `withTransport` builds a new sender
 * each time, so a second variation would drop the first one's change. Here each dispatcher built
 * remembers its wraps and the next variation builds one with all of them. `nextToWire` wraps (a
 * reordering of members) see the delivery after every other variation changed it.
 */
export function wrapDeliveries(deps: AppDeps, wrap: Wrap, options: { nextToWire?: boolean } = {}): AppDeps {
  const earlier = (deps.webhook && wrapsOf.get(deps.webhook)) ?? { wire: [], others: [] };
  const wraps = options.nextToWire ? { ...earlier, wire: [...earlier.wire, wrap] } : { ...earlier, others: [...earlier.others, wrap] };
  // reduce makes each later wrap the outer one: the wire wraps first, so they run last.
  const webhook = captureSender(deps, (send) => [...wraps.wire, ...wraps.others].reduce((inner, w) => w(inner), send));
  wrapsOf.set(webhook, wraps);
  return { ...deps, webhook };
}

/** Stored document ids are announced in another numbering (temporary downloads keep their 0). */
const ID_OFFSET = 7_000_000;

/** `2025-01-31T09:15:00.123Z` in the ISO 8601 basic format with a decimal comma: `20250131T091500,123Z`. */
function basicFormat(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?Z$/.exec(iso);
  if (!match) return iso;
  const [, y, mo, d, h, mi, s, fraction] = match;
  return `${y}${mo}${d}T${h}${mi}${s}${fraction ? `,${fraction}` : ''}Z`;
}

/** Readings of the webhook area's freedoms (spec/freedoms/webhook.ts) that the reference server can take. */
export const webhookVariations = variations([
  {
    id: 'webhook-payload-members',
    freedoms: ['FREE-HOOK-1'],
    description: 'the payload carries `apiVersion` and `customerNumber`, the document `pageCount` and `createdAt`, beside the fields of the table',
    configure: (deps) =>
      wrapDeliveries(
        wrapDeliveries(deps, documentRewrite((d) => ({ ...d, pageCount: 2, createdAt: new Date().toISOString() }))),
        payloadRewrite((p): Json => ({ ...p, apiVersion: '2.5.0', customerNumber: 'K-1001' })),
      ),
  },
  {
    id: 'webhook-event-always-service',
    freedoms: ['FREE-HOOK-2'],
    description: '`event` (the older format) is `webhookservice` for every delivery, the heat-pump check included',
    configure: (deps) => wrapDeliveries(deps, payloadRewrite((p) => ({ ...p, event: 'webhookservice' }))),
  },
  {
    id: 'webhook-document-type-always-service',
    freedoms: ['FREE-HOOK-3'],
    description: '`document.type` is `service` for every document, the heat-pump check included',
    configure: (deps) => wrapDeliveries(deps, documentRewrite((d) => ({ ...d, type: 'service' }))),
  },
  {
    id: 'webhook-document-ids-renumbered',
    freedoms: ['FREE-HOOK-4'],
    description: `stored documents are announced with their id plus ${ID_OFFSET} (another numbering); temporary downloads keep 0`,
    configure: (deps) => wrapDeliveries(deps, documentRewrite((d) => (d.temporary === true ? d : { ...d, id: Number(d.id) + ID_OFFSET }))),
  },
  {
    id: 'webhook-timestamp-basic-format',
    freedoms: ['FREE-HOOK-5'],
    description: '`generatedAt` in the ISO 8601 basic format with a decimal comma (`20250131T091500,123Z`)',
    configure: (deps) => wrapDeliveries(deps, payloadRewrite((p) => ({ ...p, generatedAt: basicFormat(String(p.generatedAt)) }))),
  },
  {
    id: 'webhook-delivery-headers',
    freedoms: ['FREE-HOOK-6'],
    description: 'deliveries carry `User-Agent`, `X-Request-Id` and `Content-Type: application/json; charset=utf-8`',
    configure: (deps) =>
      wrapDeliveries(
        deps,
        headersRewrite((h) => ({ ...h, 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'cpf-webhook/2.5', 'X-Request-Id': `req-${Date.now()}` })),
      ),
  },
  {
    id: 'webhook-event-id-form',
    freedoms: ['FREE-HOOK-7'],
    description: 'event ids are `evt_` and 32 hex digits instead of a UUID (header and payload alike)',
    configure: (deps) =>
      wrapDeliveries(deps, (send) => (request) => {
        const payload = JSON.parse(request.body) as Json;
        const id = `evt_${String(payload.eventId).replace(/-/g, '')}`;
        return send({ ...request, headers: { ...request.headers, 'X-Service-Delivery': id }, body: JSON.stringify({ ...payload, eventId: id }) });
      }),
  },
]);
