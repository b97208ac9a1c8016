/**
 * The deliveries of first PDFs created through the API (spec "Events", its payload table,
 * Versioning): trigger and count, the request, the payload, the document. Expected values come from
 * the spec: header names and values, the payload table, `authenticate` as configured in the profile
 * (the bundled target's: a random value with quotes, umlauts and spaces), the profile's {site_url}.
 */
import { describe, expect } from 'vitest';
import { isUnderSiteUrl } from '../../spec/contract/common.js';
import {
  isoUtcInstantMs,
  WEBHOOK_DOCUMENT_TYPES,
  WEBHOOK_EVENT_TYPE,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  webhookDocumentSchema,
  webhookHeadersSchema,
  webhookPayloadSchema,
  webhookTimestampSchema,
} from '../../spec/contract/webhook.js';
import { check } from '../harness/check.js';
import type { Delivery } from '../../harness-core/capture-protocol.js';
import { bodyOf } from './observation.js';
import { portalScenario, temporaryScenario } from './scenarios.js';
import { attach, contextFor, deliveries, documentOf, firstDeliveries, observeMain, payloadOf, unlessSkipped, WEBHOOK } from './support.js';

/**
 * Header names of the usual webhook signature schemes (GitHub's X-Hub-Signature-256, Stripe-Signature,
 * Standard Webhooks' Webhook-Signature, X-Shopify-Hmac-Sha256, RFC 9421's Signature and
 * Signature-Input, ...): the spec says there is none.
 */
const SIGNATURE_HEADER = /signature|hmac/i;

export function deliveryChecks(): void {
  describe('pdf.generated: trigger and count', () => {
    check(
      'HOOK-2',
      'the first successful PDF creation of a project through the API pdf endpoint must send a delivery',
      async (t) => {
        const obs = await observeMain(t);
        const runs = [obs.service, ...(obs.check ? [obs.check] : [])];
        for (const run of runs) {
          expect(run.pdfStatuses[0], `the first PDF of ${run.key} must succeed (200) to trigger the webhook`).toBe(200);
          expect(run.deliveries.length, `no delivery arrived after the first PDF of project ${run.key}`).toBeGreaterThan(0);
        }
        t.judged('HOOK-2', runs.length, `first PDF${runs.length === 1 ? '' : 's'} of fresh projects (${runs.map((r) => r.key).join(', ')})`);
      },
      WEBHOOK,
    );

    check(
      'HOOK-5',
      'exactly one delivery per project: two concurrent first PDF calls and a repeated one send one delivery',
      async (t) => {
        const obs = await observeMain(t);
        const runs = [obs.service, ...(obs.check ? [obs.check] : [])];
        for (const run of runs) {
          expect(run.pdfStatuses.every((s) => s === 200), `every PDF call of ${run.key} must succeed, got ${run.pdfStatuses.join(', ')}`).toBe(true);
          expect(run.deliveries.length, `project ${run.key}: ${run.pdfStatuses.length} successful PDF calls must give exactly one delivery`).toBe(1);
        }
        const calls = runs.map((r) => `${r.key}: ${r.pdfStatuses.length} PDF call${r.pdfStatuses.length === 1 ? '' : 's'}`).join(', ');
        t.judged('HOOK-5', runs.length, `project${runs.length === 1 ? '' : 's'} with their deliveries counted (${calls})`);
      },
      WEBHOOK,
    );

    check(
      'HOOK-4',
      'a failed PDF creation (incomplete project, 422) must send nothing',
      async (t) => {
        const obs = await observeMain(t);
        const failed = obs.failed;
        if (!failed) return t.skip('profile has no webhook.incompleteProject (nor, for the primary customer, resources.primaryProjectKeys.incomplete)');
        const status = failed.pdfStatuses[0] as number;
        if (status >= 200 && status < 300) t.skip(`the PDF of the incomplete project ${failed.key} answered ${status}: no failed creation to judge`);
        expect(failed.deliveries.length, `the PDF of ${failed.key} failed with ${status}, yet a delivery for it arrived`).toBe(0);
        // 404: the key names no project of webhook.customer, so no creation of a project failed; nothing would be sent for it anyway.
        if (status === 404) return t.notExercised('HOOK-4', `the PDF of the incomplete project ${failed.key} answered 404: it is no project of webhook.customer, so no creation failed (fix webhook.incompleteProject)`);
        t.judged('HOOK-4', 1, `failed PDF creation (${failed.key}, HTTP ${status})`);
      },
      WEBHOOK,
    );

    check(
      ['HOOK-3', 'HOOK-5'],
      "the portal's central document creation counts as the first creation: it sends the delivery, a following API pdf call sends nothing",
      async (t) => {
        const obs = unlessSkipped(t, await portalScenario(await contextFor(t)));
        attach(t, obs.final, obs.exchanges);
        expect(obs.afterPortal.length, `the portal's first document of ${obs.key} must send exactly one delivery`).toBe(1);
        expect(obs.api.status, 'the API pdf call after the portal creation must succeed').toBe(200);
        expect(obs.final.length, `after the portal's creation, the API pdf call of ${obs.key} must not send a second delivery`).toBe(1);
        t.judged(['HOOK-3', 'HOOK-5'], 1, `project (${obs.key}): its portal document, then an API pdf call, ${obs.final.length} ${deliveries(obs.final.length)}`);
      },
      WEBHOOK,
    );
  });

  // -------------------------------------------------------------------------------------------------
  // Delivery: method and headers
  // -------------------------------------------------------------------------------------------------

  describe('pdf.generated: the delivery request', () => {
    check(
      'HOOK-1',
      'every request the capture gets for the project must be a pdf.generated event (named so by header X-Service-Event or eventType)',
      async (t) => {
        const obs = await observeMain(t);
        firstDeliveries(obs, t);
        // A request that names pdf.generated in one place is that event, however malformed the other
        // place is (HOOK-11 and HOOK-19 judge each); one that names it nowhere is another event.
        const others = [...obs.service.deliveries, ...(obs.check?.deliveries ?? [])].filter(
          (d) => d.headers[WEBHOOK_HEADERS.event] !== WEBHOOK_EVENT_TYPE && bodyOf(d)?.eventType !== WEBHOOK_EVENT_TYPE,
        );
        expect(
          others.map((d) => `${d.method} ${d.path}: X-Service-Event ${String(d.headers[WEBHOOK_HEADERS.event])}, body ${d.body.slice(0, 200)}`),
          'requests for the project that are no pdf.generated event',
        ).toEqual([]);
      },
      WEBHOOK,
    );

    check(
      'HOOK-9',
      'a delivery must be an HTTP POST',
      async (t) => {
        const obs = await observeMain(t);
        firstDeliveries(obs, t);
        for (const d of [...obs.service.deliveries, ...(obs.check?.deliveries ?? [])]) expect(d.method, `request to ${d.path}`).toBe('POST');
      },
      WEBHOOK,
    );

    check(
      'HOOK-10',
      'a delivery must carry Content-Type: application/json',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          const contentType = delivery.headers['content-type'];
          expect(webhookHeadersSchema.shape['content-type'].safeParse(contentType).success, `Content-Type of the delivery: ${contentType ?? '(none)'}`).toBe(true);
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-11',
      'a delivery must carry the header X-Service-Event: pdf.generated',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          expect(delivery.headers[WEBHOOK_HEADERS.event], 'X-Service-Event').toBe(WEBHOOK_EVENT_TYPE);
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-12',
      'a delivery must carry the header X-Service-Delivery equal to the payload eventId',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          expect(delivery.headers[WEBHOOK_HEADERS.delivery], 'X-Service-Delivery must be present and not empty').toBeTruthy();
          expect(delivery.headers[WEBHOOK_HEADERS.delivery], 'X-Service-Delivery must equal the payload eventId').toBe(payloadOf(delivery).eventId);
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-32',
      'a delivery must carry no signature header (no HMAC signature: X-Signature, X-Hub-Signature-256, Webhook-Signature, ...)',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          const names = Object.keys(delivery.headers);
          expect(names.length, 'the capture recorded no header of the delivery: nothing to judge').toBeGreaterThan(0);
          expect(names.filter((name) => SIGNATURE_HEADER.test(name)), `signature headers among ${names.join(', ')}`).toEqual([]);
        }
      },
      WEBHOOK,
    );
  });

  // -------------------------------------------------------------------------------------------------
  // Payload
  // -------------------------------------------------------------------------------------------------

  describe('pdf.generated: the payload', () => {
    check(
      'HOOK-17',
      'the payload must contain the fields of the payload table, document its fields (further members allowed: the table never says "only")',
      async (t) => {
        // Presence only: each field's type and value is its own rule (HOOK-18 to HOOK-29).
        const payloadFields = Object.keys(webhookPayloadSchema.shape);
        const documentFields = Object.keys(webhookDocumentSchema.shape);
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          const payload = payloadOf(delivery);
          const document = payload.document;
          const inDocument = document !== null && typeof document === 'object' && !Array.isArray(document) ? (document as Record<string, unknown>) : {};
          const missing = [...payloadFields.filter((f) => !(f in payload)), ...documentFields.filter((f) => !(f in inDocument)).map((f) => `document.${f}`)];
          expect(missing, `fields of the payload table missing from the delivery: ${delivery.body.slice(0, 400)}`).toEqual([]);
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-18',
      '`event` must be "webhookservice" or "webhookcheck"',
      async (t) => {
        // "`webhookservice` or `webhookcheck` (older format)": which one for which document the spec does not say.
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) expect(WEBHOOK_EVENTS, 'event').toContain(payloadOf(delivery).event);
      },
      WEBHOOK,
    );

    check(
      'HOOK-19',
      '`eventType` must be "pdf.generated"',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) expect(payloadOf(delivery).eventType).toBe(WEBHOOK_EVENT_TYPE);
      },
      WEBHOOK,
    );

    check(
      'HOOK-31',
      'the event value (`event`) must stay next to `eventType` in the payload',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          const payload = payloadOf(delivery);
          expect(Object.keys(payload), 'payload keys').toEqual(expect.arrayContaining(['event', 'eventType']));
          expect(typeof payload.event, 'event').toBe('string');
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-20',
      '`eventId` must be a non-empty string, unique per delivery (across projects and earlier runs)',
      async (t) => {
        const obs = await observeMain(t);
        const ids = firstDeliveries(obs).map(({ delivery }) => payloadOf(delivery).eventId);
        for (const id of ids) expect(typeof id === 'string' && id.length > 0, `eventId ${JSON.stringify(id)}`).toBe(true);
        expect(new Set(ids).size, `event ids must differ between deliveries: ${ids.join(', ')}`).toBe(ids.length);
        for (const id of ids) expect(obs.earlierEventIds, `eventId ${String(id)} was already used by a delivery of an earlier run`).not.toContain(id);
        // Unique per delivery is a statement about two deliveries at least: this run's first
        // deliveries (service, and type=check when the profile left a second fresh project), and the
        // deliveries of earlier runs whose ids the state file kept.
        const earlier = new Set(obs.earlierEventIds).size;
        const compared = ids.length + earlier;
        if (compared < 2) {
          return t.notExercised(
            'HOOK-20',
            `only ${compared} ${deliveries(compared)} to compare (${ids.length} of this run, ${earlier} of earlier runs): uniqueness needs two; add a second project to webhook.freshCalculableProjects (the type=check scenario takes it)`,
          );
        }
        t.judged('HOOK-20', compared, deliveries(compared, `compared (${ids.length} of this run${earlier > 0 ? `, ${earlier} of earlier runs` : ''})`));
      },
      WEBHOOK,
    );

    check(
      'HOOK-21',
      '`authenticate` must be the value stored in the API settings, passed unchanged',
      async (t) => {
        const obs = await observeMain(t);
        if (obs.authenticate === undefined) return t.skip('profile has no webhook.authenticate');
        for (const { delivery } of firstDeliveries(obs, t)) {
          // Compared exactly (quotes, umlauts and the trailing space included in bundled mode); the value is not printed.
          expect(payloadOf(delivery).authenticate === obs.authenticate, 'authenticate must equal the configured value byte for byte').toBe(true);
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-22',
      '`projektKey` and `projectKey` must both be present with the same value, the key of the project',
      async (t) => {
        for (const { delivery, key } of firstDeliveries(await observeMain(t), t)) {
          const payload = payloadOf(delivery);
          expect(typeof payload.projektKey, 'projektKey must be present (a string)').toBe('string');
          expect(typeof payload.projectKey, 'projectKey must be present (a string)').toBe('string');
          expect(payload.projektKey, 'projektKey must equal projectKey').toBe(payload.projectKey);
          expect(String(payload.projectKey).toLowerCase(), 'the key of the project whose PDF was created').toBe(key.toLowerCase());
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-23',
      '`generatedAt` must be an ISO 8601 UTC timestamp of the creation',
      async (t) => {
        const obs = await observeMain(t);
        for (const { delivery } of firstDeliveries(obs, t)) {
          const value = payloadOf(delivery).generatedAt;
          const parsed = webhookTimestampSchema.safeParse(value);
          expect(parsed.success, `generatedAt ${JSON.stringify(value)}: ${parsed.error?.issues[0]?.message ?? ''}`).toBe(true);
          // Whatever moment "generatedAt" names (the document's creation, the delivery), it lies within the run.
          const at = isoUtcInstantMs(String(value)) ?? Number.NaN;
          const slack = 5 * 60_000;
          expect(at, `generatedAt ${String(value)} must lie within the run (clock slack 5 min)`).toBeGreaterThan(obs.startedAt - slack);
          expect(at).toBeLessThan(obs.endedAt + slack);
        }
      },
      WEBHOOK,
    );
  });

  describe('pdf.generated: the document', () => {
    check(
      'HOOK-24',
      '`document.id` must be a number',
      async (t) => {
        // "number; 0 for temporary download documents": the ids of other documents are not shown.
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          const document = documentOf(delivery);
          expect(typeof document.id, `document.id ${JSON.stringify(document.id)}`).toBe('number');
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-25',
      '`document.type` must be "service" or "heatpump-check"',
      async (t) => {
        // Which type names which requested PDF (`type=service`, `type=check`) the spec does not say.
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) expect(WEBHOOK_DOCUMENT_TYPES, 'document.type').toContain(documentOf(delivery).type);
      },
      WEBHOOK,
    );

    check(
      'HOOK-26',
      '`document.name` must be a string (the file name, not empty)',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          const name = documentOf(delivery).name;
          expect(typeof name === 'string' && name.trim().length > 0, `document.name ${JSON.stringify(name)}`).toBe(true);
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-27',
      '`document.size` must be a number',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          const size = documentOf(delivery).size;
          expect(typeof size === 'number' && Number.isFinite(size), `document.size ${JSON.stringify(size)}`).toBe(true);
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-28',
      '`document.url` and `document.viewerUrl` must be full URLs under {site_url}',
      async (t) => {
        const obs = await observeMain(t);
        for (const { delivery } of firstDeliveries(obs, t)) {
          const document = documentOf(delivery);
          for (const field of ['url', 'viewerUrl'] as const) {
            const value = document[field];
            expect(typeof value === 'string' && isUnderSiteUrl(value, obs.siteUrl), `document.${field} ${JSON.stringify(value)} must be a full URL under ${obs.siteUrl}`).toBe(true);
          }
        }
      },
      WEBHOOK,
    );

    check(
      'HOOK-29',
      '`document.temporary` must be a boolean, false for the stored documents of the API pdf endpoint',
      async (t) => {
        for (const { delivery } of firstDeliveries(await observeMain(t), t)) {
          const temporary = documentOf(delivery).temporary;
          expect(typeof temporary, `document.temporary ${JSON.stringify(temporary)}`).toBe('boolean');
          // "true for temporary download documents"; the pdf endpoint "generates and stores a document on every call".
          expect(temporary, 'document.temporary of a document the API pdf endpoint created and stored').toBe(false);
        }
      },
      WEBHOOK,
    );

    check(
      ['HOOK-24', 'HOOK-29'],
      "a temporary download document (the portal's, as the project's first PDF) is announced with document.id 0 and document.temporary true",
      async (t) => {
        const obs = unlessSkipped(t, await temporaryScenario(await contextFor(t)));
        attach(t, obs.deliveries, []);
        expect(obs.deliveries.length, `the temporary download document of ${obs.key} must send exactly one delivery`).toBe(1);
        const document = documentOf(obs.deliveries[0] as Delivery);
        expect(document.temporary, 'document.temporary of a temporary download document').toBe(true);
        expect(document.id, 'document.id of a temporary download document').toBe(0);
        t.judged(['HOOK-24', 'HOOK-29'], 1, `delivery of a temporary download document (${obs.key})`);
      },
      WEBHOOK,
    );
  });
}
