/**
 * The outgoing webhook `pdf.generated` (spec "Events", its payload table, Versioning).
 *
 * Two ways to see deliveries (observation.ts says how the mode is chosen):
 * - bundled mode: the suite starts its own in-process reference servers and captures their
 *   deliveries with nock (in-process.ts, bundled-scenarios.ts); this includes the checks that need
 *   control over the receiver (failing, slow, redirecting, loopback) and the portal trigger;
 * - receiver mode: a foreign target delivers to the real receiver the CLI runs
 *   (receiver-mode.ts); the header, payload, first-delivery and exactly-once checks run the same.
 *
 * Expected values come from the spec: header names and values, the payload table, `authenticate`
 * as configured (bundled: a random value with quotes, umlauts and spaces; receiver: the profile's),
 * `{site_url}` of the server that sent the delivery.
 */
import { afterAll, describe, expect } from 'vitest';
import { webhookHeadersSchema, webhookPayloadSchema, WEBHOOK_EVENT_TYPE, WEBHOOK_HEADERS } from '../contract/webhook.js';
import { isoUtcSchema, isUnderSiteUrl } from '../contract/common.js';
import { check, type CheckContext } from '../harness/check.js';
import type { Exchange } from '../harness/exchange.js';
import { target } from '../harness/target.js';
import { bundledFailing, bundledMain, bundledPortal, FAST_PDF_MS, SLOW_RECEIVER_MS, type FailingReceiverObservation } from './bundled-scenarios.js';
import { closeAll } from './in-process.js';
import { bodyOf, webhookMode, type Delivery, type MainObservation } from './observation.js';
import { receiverMain } from './receiver-mode.js';

afterAll(async () => {
  await closeAll();
});

type Profile = CheckContext['profile'];

const needsWebhook = (p: Profile) => {
  const mode = webhookMode(p);
  return mode.kind === 'none' ? mode.reason : undefined;
};
const needsBundled = (p: Profile) => {
  const mode = webhookMode(p);
  if (mode.kind === 'none') return mode.reason;
  return mode.kind === 'bundled' ? undefined : 'bundled mode only: the check needs control over the receiver, or the portal trigger, on a fresh project';
};
const WEBHOOK = { needs: needsWebhook, timeout: 180_000 };
const BUNDLED = { needs: needsBundled, timeout: 180_000 };

/** A delivery as an exchange of the report, its `authenticate` value redacted. */
function deliveryExchange(d: Delivery): Exchange {
  const body = d.body.replace(/("authenticate"\s*:\s*)"(?:[^"\\]|\\.)*"/, '$1"<redacted>"');
  return {
    customer: 'webhook delivery (as the receiver got it)',
    request: { method: d.method, url: `${d.host && d.host !== 'receiver' ? `https://${d.host}` : ''}${d.path}`, headers: d.headers, body },
    error: 'captured at the receiver',
    sentAt: 0,
    receivedAt: 0,
  };
}

function attach(t: CheckContext, deliveries: readonly Delivery[], exchanges: readonly Exchange[]): void {
  for (const d of deliveries) t.record(deliveryExchange(d));
  for (const e of exchanges) t.record(e);
}

/** The main scenario of the mode this run uses; skips the check when it cannot run. */
async function observe(t: CheckContext): Promise<MainObservation> {
  const mode = webhookMode(t.profile);
  if (mode.kind === 'none') return t.skip(mode.reason);
  const obs = mode.kind === 'bundled' ? await bundledMain() : await receiverMain(mode.controlUrl, t.profile, target().readOnly);
  if (obs.skip) return t.skip(obs.skip);
  attach(t, obs.all, obs.exchanges);
  return obs;
}

/** The first deliveries of the scenario (one per triggered project), with what was requested. */
function firstDeliveries(obs: MainObservation): { delivery: Delivery; key: string; requested: 'service' | 'check' | undefined }[] {
  const runs = [obs.service, ...(obs.check ? [obs.check] : [])];
  const out = runs.flatMap((run) => run.deliveries.map((delivery) => ({ delivery, key: run.key, requested: run.firstType })));
  expect(out.length, `no delivery arrived for the first PDF of ${runs.map((r) => r.key).join(', ')}: nothing to inspect`).toBeGreaterThan(0);
  return out;
}

function payloadOf(delivery: Delivery): Record<string, unknown> {
  const body = bodyOf(delivery);
  expect(body, `the delivery body must be a JSON object: ${delivery.body.slice(0, 200)}`).toBeDefined();
  return body as Record<string, unknown>;
}

function documentOf(delivery: Delivery): Record<string, unknown> {
  const document = payloadOf(delivery).document;
  expect(document !== null && typeof document === 'object' && !Array.isArray(document), `document must be an object: ${delivery.body.slice(0, 300)}`).toBe(true);
  return document as Record<string, unknown>;
}

// -------------------------------------------------------------------------------------------------
// Trigger and count
// -------------------------------------------------------------------------------------------------

describe('pdf.generated: trigger and count', () => {
  check(
    'HOOK-2',
    'the first successful PDF creation of a project through the API pdf endpoint must send a delivery',
    async (t) => {
      const obs = await observe(t);
      for (const run of [obs.service, ...(obs.check ? [obs.check] : [])]) {
        expect(run.pdfStatuses[0], `the first PDF of ${run.key} must succeed (200) to trigger the webhook`).toBe(200);
        expect(run.deliveries.length, `no delivery arrived after the first PDF of project ${run.key}`).toBeGreaterThan(0);
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-5',
    'exactly one delivery per project: repeated PDF calls (in bundled mode two of them concurrent) send nothing after the first',
    async (t) => {
      const obs = await observe(t);
      for (const run of [obs.service, ...(obs.check ? [obs.check] : [])]) {
        expect(run.pdfStatuses.every((s) => s === 200), `every PDF call of ${run.key} must succeed, got ${run.pdfStatuses.join(', ')}`).toBe(true);
        expect(run.deliveries.length, `project ${run.key}: ${run.pdfStatuses.length} successful PDF calls must give exactly one delivery`).toBe(1);
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-4',
    'a failed PDF creation (incomplete project, 422) must send nothing',
    async (t) => {
      const obs = await observe(t);
      const failed = obs.failed;
      if (!failed) return t.skip('profile has no resources.primaryProjectKeys.incomplete');
      const status = failed.pdfStatuses[0] as number;
      if (status >= 200 && status < 300) t.skip(`the PDF of the incomplete project ${failed.key} answered ${status}: no failed creation to judge`);
      expect(failed.deliveries.length, `the PDF of ${failed.key} failed with ${status}, yet a delivery for it arrived`).toBe(0);
    },
    WEBHOOK,
  );

  check(
    ['HOOK-5', 'HOOK-3'],
    "the portal's central document creation counts as the first creation: it sends the delivery, a following API pdf call sends nothing",
    async (t) => {
      const obs = await bundledPortal();
      attach(t, obs.final, obs.exchanges);
      expect(obs.afterPortal.length, `the portal's first document of ${obs.key} must send exactly one delivery`).toBe(1);
      expect(obs.api.status, 'the API pdf call after the portal creation must succeed').toBe(200);
      expect(obs.final.length, `after the portal's creation, the API pdf call of ${obs.key} must not send a second delivery`).toBe(1);
    },
    BUNDLED,
  );
});

// -------------------------------------------------------------------------------------------------
// Delivery: method and headers
// -------------------------------------------------------------------------------------------------

describe('pdf.generated: the delivery request', () => {
  check(
    'HOOK-1',
    'every request the receiver gets must be a pdf.generated event (header X-Service-Event and eventType)',
    async (t) => {
      const obs = await observe(t);
      firstDeliveries(obs);
      for (const d of obs.all) {
        expect(d.headers[WEBHOOK_HEADERS.event], `${d.method} ${d.path}: X-Service-Event`).toBe(WEBHOOK_EVENT_TYPE);
        expect(bodyOf(d)?.eventType, `${d.method} ${d.path}: eventType of the body ${d.body.slice(0, 200)}`).toBe(WEBHOOK_EVENT_TYPE);
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-9',
    'a delivery must be an HTTP POST',
    async (t) => {
      const obs = await observe(t);
      firstDeliveries(obs);
      for (const d of obs.all) expect(d.method, `request to ${d.path}`).toBe('POST');
    },
    WEBHOOK,
  );

  check(
    'HOOK-10',
    'a delivery must carry Content-Type: application/json',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
        expect(delivery.headers['content-type'] ?? '(none)', 'Content-Type of the delivery').toMatch(/^application\/json\s*(?:;.*)?$/i);
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-11',
    'a delivery must carry the header X-Service-Event: pdf.generated',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
        expect(delivery.headers[WEBHOOK_HEADERS.event], 'X-Service-Event').toBe(WEBHOOK_EVENT_TYPE);
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-12',
    'a delivery must carry the header X-Service-Delivery equal to the payload eventId',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
        const parsed = webhookHeadersSchema.safeParse(delivery.headers);
        expect(delivery.headers[WEBHOOK_HEADERS.delivery], 'X-Service-Delivery must be present and not empty').toBeTruthy();
        expect(parsed.success, `delivery headers: ${parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`).toBe(true);
        expect(delivery.headers[WEBHOOK_HEADERS.delivery], 'X-Service-Delivery must equal the payload eventId').toBe(payloadOf(delivery).eventId);
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
    'the payload must contain exactly the fields of the payload table (and document exactly its fields)',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
        const parsed = webhookPayloadSchema.safeParse(bodyOf(delivery));
        expect(parsed.success, `payload does not match the table: ${parsed.error?.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}; ${delivery.body.slice(0, 400)}`).toBe(true);
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-18',
    '`event` must be "webhookservice" or "webhookcheck", matching the document (webhookcheck for heatpump-check)',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
        const payload = payloadOf(delivery);
        expect(['webhookservice', 'webhookcheck'], 'event').toContain(payload.event);
        // An inference: the older format names the document kind ("webhookservice"/"webhookcheck"), the
        // newer one `document.type` ("service"/"heatpump-check"); both describe the same document.
        const type = documentOf(delivery).type;
        if (type === 'service' || type === 'heatpump-check') {
          expect(payload.event, `event for document.type ${String(type)}`).toBe(type === 'service' ? 'webhookservice' : 'webhookcheck');
        }
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-19',
    '`eventType` must be "pdf.generated"',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) expect(payloadOf(delivery).eventType).toBe(WEBHOOK_EVENT_TYPE);
    },
    WEBHOOK,
  );

  check(
    'HOOK-31',
    'the event value (`event`) must stay next to `eventType` in the payload',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
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
      const obs = await observe(t);
      const ids = firstDeliveries(obs).map(({ delivery }) => payloadOf(delivery).eventId);
      for (const id of ids) expect(typeof id === 'string' && id.length > 0, `eventId ${JSON.stringify(id)}`).toBe(true);
      expect(new Set(ids).size, `event ids must differ between deliveries: ${ids.join(', ')}`).toBe(ids.length);
      for (const id of ids) expect(obs.earlierEventIds, `eventId ${String(id)} was already used by a delivery of an earlier run`).not.toContain(id);
    },
    WEBHOOK,
  );

  check(
    'HOOK-21',
    '`authenticate` must be the value stored in the API settings, passed unchanged',
    async (t) => {
      const obs = await observe(t);
      if (obs.authenticate === undefined) return t.skip('profile has no webhook.authenticate');
      for (const { delivery } of firstDeliveries(obs)) {
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
      for (const { delivery, key } of firstDeliveries(await observe(t))) {
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
      const obs = await observe(t);
      for (const { delivery } of firstDeliveries(obs)) {
        const value = payloadOf(delivery).generatedAt;
        const parsed = isoUtcSchema.safeParse(value);
        expect(parsed.success, `generatedAt ${JSON.stringify(value)}: ${parsed.error?.issues[0]?.message ?? ''}`).toBe(true);
        const at = Date.parse(String(value));
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
    '`document.id` must be a number, 0 for temporary download documents',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
        const document = documentOf(delivery);
        expect(typeof document.id, `document.id ${JSON.stringify(document.id)}`).toBe('number');
        if (document.temporary === true) expect(document.id, 'document.id of a temporary document').toBe(0);
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-25',
    '`document.type` must be "service" or "heatpump-check", the kind of PDF requested',
    async (t) => {
      for (const { delivery, requested } of firstDeliveries(await observe(t))) {
        const type = documentOf(delivery).type;
        expect(['service', 'heatpump-check'], 'document.type').toContain(type);
        expect(type, `document.type for a PDF requested with type=${requested ?? '(none: default service)'}`).toBe(requested === 'check' ? 'heatpump-check' : 'service');
      }
    },
    WEBHOOK,
  );

  check(
    ['HOOK-25', 'DOC-7'],
    'a first PDF requested without type is announced as document.type "service" (the default type is service)',
    async (t) => {
      const obs = await observe(t);
      const first = obs.service.deliveries[0];
      expect(first, `no delivery arrived for the first PDF (without type) of ${obs.service.key}`).toBeDefined();
      expect(documentOf(first as Delivery).type, 'document.type of a PDF requested without type').toBe('service');
    },
    WEBHOOK,
  );

  check(
    'HOOK-26',
    '`document.name` must be a string (the file name, not empty)',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
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
      for (const { delivery } of firstDeliveries(await observe(t))) {
        const size = documentOf(delivery).size;
        expect(typeof size === 'number' && Number.isFinite(size) && size >= 0, `document.size ${JSON.stringify(size)}`).toBe(true);
      }
    },
    WEBHOOK,
  );

  check(
    'HOOK-28',
    '`document.url` and `document.viewerUrl` must be full URLs under {site_url}',
    async (t) => {
      const obs = await observe(t);
      for (const { delivery } of firstDeliveries(obs)) {
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
    '`document.temporary` must be a boolean',
    async (t) => {
      for (const { delivery } of firstDeliveries(await observe(t))) {
        expect(typeof documentOf(delivery).temporary, `document.temporary ${JSON.stringify(documentOf(delivery).temporary)}`).toBe('boolean');
      }
    },
    WEBHOOK,
  );
});

// -------------------------------------------------------------------------------------------------
// Failing, slow, redirecting and non-public receivers (bundled mode)
// -------------------------------------------------------------------------------------------------

function attachFailing(t: CheckContext, obs: FailingReceiverObservation): void {
  attach(t, obs.all, obs.exchanges);
}

function expectFastPdf(obs: FailingReceiverObservation): void {
  expect(obs.pdf.status, `the PDF response with ${obs.what} must be 200: ${obs.pdf.text.slice(0, 200)}`).toBe(200);
  expect(obs.all.length, `the scenario needs the delivery attempt to ${obs.what}; none arrived`).toBeGreaterThan(0);
  expect(obs.pdf.ms, `the PDF response took ${Math.round(obs.pdf.ms)} ms with ${obs.what}: the delivery must not block it (limit ${FAST_PDF_MS} ms)`).toBeLessThan(FAST_PDF_MS);
}

describe('pdf.generated: receivers that fail', () => {
  check(
    'HOOK-15',
    `a receiver answering only after ${SLOW_RECEIVER_MS / 1000} s must not block the PDF response (200 within ${FAST_PDF_MS / 1000} s)`,
    async (t) => {
      const obs = await bundledFailing('slow');
      attachFailing(t, obs);
      expectFastPdf(obs);
    },
    BUNDLED,
  );

  check(
    'HOOK-15',
    `a receiver answering 500 must not affect the PDF response (200 within ${FAST_PDF_MS / 1000} s)`,
    async (t) => {
      const obs = await bundledFailing('status-500');
      attachFailing(t, obs);
      expectFastPdf(obs);
    },
    BUNDLED,
  );

  check(
    'HOOK-15',
    `a receiver refusing the connection must not affect the PDF response (200 within ${FAST_PDF_MS / 1000} s)`,
    async (t) => {
      const obs = await bundledFailing('refused');
      attachFailing(t, obs);
      expectFastPdf(obs);
    },
    BUNDLED,
  );

  for (const kind of ['status-500', 'refused', 'slow'] as const) {
    check(
      'HOOK-14',
      `a failed delivery (${kind === 'status-500' ? 'receiver answers 500' : kind === 'refused' ? 'connection refused' : 'receiver slower than the sender waits'}) must not be retried: exactly one request`,
      async (t) => {
        const obs = await bundledFailing(kind);
        attachFailing(t, obs);
        expect(obs.pdf.status, 'the PDF call must succeed').toBe(200);
        expect(obs.all.length, `requests the receiver got after ${obs.what}`).toBe(1);
      },
      BUNDLED,
    );
  }

  check(
    'HOOK-7',
    'a redirect of the webhook target (302 to another host) must not be followed',
    async (t) => {
      const obs = await bundledFailing('redirect');
      attachFailing(t, obs);
      expect(obs.pdf.status, 'the PDF call must succeed').toBe(200);
      expect(obs.all.length, 'the scenario needs the delivery attempt; none arrived').toBeGreaterThan(0);
      const elsewhere = obs.all.filter((d) => d.host !== obs.receiverHost || d.path !== obs.expectedPath);
      expect(elsewhere.map((d) => `${d.method} https://${d.host}${d.path}`), 'requests that followed the redirect').toEqual([]);
      expect(obs.all.length, 'requests the configured target got').toBe(1);
    },
    BUNDLED,
  );

  check(
    'HOOK-8',
    'a webhook target on a loopback address (127.0.0.1, not public) must be rejected: nothing reaches it, the PDF still succeeds',
    async (t) => {
      const obs = await bundledFailing('loopback');
      attachFailing(t, obs);
      expect(obs.pdf.status, 'the PDF call must succeed').toBe(200);
      expect(obs.all.map((d) => `${d.method} ${d.path}`), 'requests that reached the loopback receiver').toEqual([]);
    },
    BUNDLED,
  );
});
