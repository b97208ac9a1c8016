import { createHmac, randomUUID } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import type { RequestHandler, Response } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import type { WebhookDispatcher } from '../../reference-server/src/webhook/dispatcher.js';
import { parseHostLiteral } from '../../reference-server/src/webhook/host-literal.js';
import type { WebhookSend } from '../../reference-server/src/webhook/guarded-fetch.js';
import { captureResolver, captureSender } from '../../reference-server/src/webhook/capture-sender.js';
import { intercept } from '../../reference-server/seams/intercept.js';
import type { Json } from '../../reference-server/seams/json-shapes.js';
import { isPdf, PDF_PATH } from '../../reference-server/seams/paths.js';
import { documentRewrite, headersRewrite, payloadRewrite, plainTransport, withTransport } from '../../reference-server/seams/webhook-transport.js';
import { pathOnly } from '../kit/url-path.js';
import { claimByTrigger } from '../kit/webhook-claim.js';
import type { Fault } from '../fault.js';

/**
 * Webhook faults. They swap the sender, its transport or its claim; the faulted server delivers to
 * the capture in the fault runner's process (faults/runner/faulted-run.ts), where the webhook
 * checks read its deliveries. The receiver-steered rules (no retry, no blocking, no redirect) and
 * a sender that sends nothing are proven through the CLI's real receiver too, as against a foreign
 * target; a delivery for a customer without a webhook address only the capture in the sender's
 * process can see.
 */

// -------------------------------------------------------------------------------------------------
// Helpers
// -------------------------------------------------------------------------------------------------

/** Resolves like the capture's sender (names under the private suffix -> 127.0.0.1) but judges nothing. */
const unguardedLookup: LookupFunction = (hostname, options, callback) => {
  captureResolver(hostname).then(
    (answers) => {
      const first = answers[0];
      if (!first) callback(Object.assign(new Error(`${hostname}: no addresses`), { code: 'ENOTFOUND' }), '', 0);
      else if (options.all) callback(null, answers);
      else callback(null, first.address, first.family);
    },
    (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
  );
};

const unguarded = plainTransport({ lookup: unguardedLookup });

/** Sends a delivery unguarded when `useUnguarded` says so for its URL, else through the guarded transport. */
function splitTransport(useUnguarded: (url: string) => boolean): (send: WebhookSend) => WebhookSend {
  return (guarded) => (request) => (useUnguarded(request.url) ? unguarded(request) : guarded(request));
}

/** The portal's creation claims the project's delivery and sends nothing. */
const portalClaimsSilently = (deps: AppDeps): AppDeps => claimByTrigger(deps, (claim, trigger, projectId, at) => claim(projectId, at) && trigger !== 'portal');

/** Sends the PDF response only once no delivery is in flight: the PDF waits for the receiver. */
function pdfWaitsForWebhook(webhook: WebhookDispatcher): RequestHandler {
  return (req, res: Response, next) => {
    if (isPdf(req)) {
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        void webhook.idle().then(() => json(body));
        return res;
      };
    }
    next();
  };
}

/** The header a sender signing its deliveries would add, as many webhook providers do. */
const signed: (send: WebhookSend) => WebhookSend = (send) => (request) =>
  send({ ...request, headers: { ...request.headers, 'X-Service-Signature': `sha256=${createHmac('sha256', 'cpf-fault-signing-key').update(request.body).digest('hex')}` } });

/**
 * A customer without an address of their own gets the first address configured for any customer
 * (a shared default), so their deliveries go where another customer's do.
 */
function defaultAddressForAll(deps: AppDeps): AppDeps {
  const customers = deps.store.customers;
  const firstConfigured = () => {
    for (let id = 1; customers.findById(id); id++) {
      const target = customers.webhookTarget(id);
      if (target) return target;
    }
    return undefined;
  };
  return { ...deps, store: { ...deps.store, customers: { ...customers, webhookTarget: (id: number) => customers.webhookTarget(id) ?? firstConfigured() } } };
}

/** The fault proven through the CLI's real receiver instead of the capture in the runner's process. */
const inReceiverMode = (fault: Fault): Fault => ({
  ...fault,
  id: `${fault.id}-receiver`,
  description: `${fault.description} (deliveries to the CLI's real receiver, as from a foreign target)`,
  webhookCapture: 'receiver',
});

// -------------------------------------------------------------------------------------------------
// Faults
// -------------------------------------------------------------------------------------------------

const sendsNothing: Fault = {
  id: 'webhook-never-sent',
  description: 'the sender claims every first delivery but sends nothing (a capture that sees nothing)',
  rules: ['HOOK-2'],
  configure: (deps) => ({ ...deps, webhook: captureSender(deps, () => () => Promise.resolve({ delivered: true, status: 200, durationMs: 0 })) }),
};

const signsDeliveries: Fault = {
  id: 'webhook-hmac-signature',
  description: 'deliveries carry an HMAC signature header X-Service-Signature: sha256=<hmac of the body>',
  rules: ['HOOK-32'],
  configure: (deps) => withTransport(deps, signed),
};

/** These rules need a receiver that answers as told: proven against the real receiver too. */
const receiverSteered: Fault[] = [
  {
    id: 'webhook-blocks-pdf',
    description: 'the PDF response waits until the delivery is over (a slow receiver delays it up to the sender timeout)',
    rules: ['HOOK-15'],
    configure: (deps) => {
      const webhook = captureSender(deps);
      return intercept({ ...deps, webhook }, pdfWaitsForWebhook(webhook));
    },
  },
  {
    id: 'webhook-retried',
    description: 'a failed delivery is retried once',
    rules: ['HOOK-14'],
    configure: (deps) =>
      withTransport(deps, (send) => async (request) => {
        const first = await send(request);
        return first.delivered ? first : send(request);
      }),
  },
  {
    id: 'webhook-follows-redirects',
    description: 'the sender follows redirects of the webhook target (re-posts to the Location)',
    rules: ['HOOK-7'],
    configure: (deps) => withTransport(deps, () => plainTransport({ followRedirects: true })),
  },
];

export const webhookFaults: Fault[] = [
  // ---- trigger and count ------------------------------------------------------------------------
  sendsNothing,
  inReceiverMode(sendsNothing),
  {
    id: 'webhook-second-delivery',
    description: 'the delivery claim always succeeds: every PDF of a project sends a delivery',
    rules: ['HOOK-5'],
    configure: (deps) => ({ ...deps, store: { ...deps.store, documents: { ...deps.store.documents, claimWebhook: () => true } } }),
  },
  {
    id: 'webhook-on-failed-creation',
    description: 'a PDF call that fails (422) still sends a delivery for the project',
    rules: ['HOOK-4'],
    configure: (deps) => {
      const webhook = captureSender(deps);
      return intercept({ ...deps, webhook }, (req, res, next) => {
        const key = isPdf(req) ? PDF_PATH.exec(req.path)?.[1] : undefined;
        if (key) {
          res.on('finish', () => {
            if (res.statusCode !== 422) return;
            const project = deps.store.projects.findByKey(key.toLowerCase());
            const target = project ? deps.store.customers.webhookTarget(project.customerId) : undefined;
            if (!project || !target) return;
            const site = deps.siteUrl.replace(/\/+$/, '');
            webhook.dispatch(target, {
              projectKey: project.key,
              document: { id: 0, type: 'service', name: 'heizlastbericht.pdf', size: 0, url: `${site}/files/documents/0/heizlastbericht.pdf`, viewerUrl: `${site}/files/viewer/0`, temporary: true },
            });
          });
        }
        next();
      });
    },
  },
  {
    id: 'webhook-portal-not-claimed',
    description: "the portal's central document creation sends a delivery without claiming it: the first API PDF sends a second",
    rules: ['HOOK-5'],
    configure: (deps) => claimByTrigger(deps, (claim, trigger, projectId, at) => (trigger === 'portal' ? true : claim(projectId, at))),
  },
  {
    id: 'webhook-portal-silent',
    description: "the portal's central document creation claims the project's delivery but sends nothing",
    rules: ['HOOK-3'],
    configure: portalClaimsSilently,
  },
  {
    id: 'webhook-sent-without-address',
    description: "a customer without a webhook address gets deliveries anyway, to the first address configured for any customer",
    rules: ['HOOK-6'],
    configure: defaultAddressForAll,
  },
  {
    id: 'webhook-extra-event',
    description: 'besides pdf.generated, every PDF creation sends a second event document.stored',
    rules: ['HOOK-1'],
    configure: (deps) =>
      withTransport(deps, (send) => async (request) => {
        const outcome = await send(request);
        const payload = JSON.parse(request.body) as Json;
        await send({ ...request, headers: { ...request.headers, 'X-Service-Event': 'document.stored', 'X-Service-Delivery': randomUUID() }, body: JSON.stringify({ ...payload, eventType: 'document.stored' }) });
        return outcome;
      }),
  },
  // ---- the request ------------------------------------------------------------------------------
  {
    id: 'webhook-put',
    description: 'deliveries are sent with PUT',
    rules: ['HOOK-9'],
    configure: (deps) => withTransport(deps, () => plainTransport({ method: 'PUT' })),
  },
  {
    id: 'webhook-text-content-type',
    description: 'deliveries carry Content-Type: text/plain',
    rules: ['HOOK-10'],
    configure: (deps) => withTransport(deps, headersRewrite((h) => ({ ...h, 'Content-Type': 'text/plain; charset=utf-8' }))),
  },
  {
    id: 'webhook-wrong-event-header',
    description: 'deliveries carry X-Service-Event: pdf.created',
    rules: ['HOOK-11'],
    configure: (deps) => withTransport(deps, headersRewrite((h) => ({ ...h, 'X-Service-Event': 'pdf.created' }))),
  },
  {
    id: 'webhook-no-delivery-header',
    description: 'deliveries lack the X-Service-Delivery header',
    rules: ['HOOK-12'],
    configure: (deps) => withTransport(deps, headersRewrite(({ 'X-Service-Delivery': _dropped, ...rest }) => rest)),
  },
  {
    id: 'webhook-delivery-header-not-event-id',
    description: 'X-Service-Delivery carries a fresh id instead of the payload eventId',
    rules: ['HOOK-12'],
    configure: (deps) => withTransport(deps, headersRewrite((h) => ({ ...h, 'X-Service-Delivery': randomUUID() }))),
  },
  signsDeliveries,
  inReceiverMode(signsDeliveries),
  // ---- the payload ------------------------------------------------------------------------------
  {
    id: 'webhook-payload-without-size',
    description: 'the document of the payload lacks the size field of the table',
    rules: ['HOOK-17'],
    configure: (deps) => withTransport(deps, documentRewrite(({ size: _dropped, ...rest }) => rest)),
  },
  {
    id: 'webhook-event-not-listed',
    description: 'event carries "webhookpdf", neither webhookservice nor webhookcheck',
    rules: ['HOOK-18'],
    configure: (deps) => withTransport(deps, payloadRewrite((p) => ({ ...p, event: 'webhookpdf' }))),
  },
  {
    id: 'webhook-wrong-event-type',
    description: 'eventType is pdf.created',
    rules: ['HOOK-19'],
    configure: (deps) => withTransport(deps, payloadRewrite((p) => ({ ...p, eventType: 'pdf.created' }))),
  },
  {
    id: 'webhook-event-id-reused',
    description: 'every delivery carries the same event id',
    rules: ['HOOK-20'],
    configure: (deps) => ({ ...deps, webhook: captureSender(deps, (s) => s, { newEventId: () => 'cpf-event-1' }) }),
  },
  {
    id: 'webhook-authenticate-trimmed',
    description: 'the authenticate value is trimmed before sending (not passed unchanged)',
    rules: ['HOOK-21'],
    configure: (deps) => withTransport(deps, payloadRewrite((p) => ({ ...p, authenticate: String(p.authenticate).trim() }))),
  },
  {
    id: 'webhook-without-projektkey',
    description: 'the payload lacks projektKey (only projectKey is sent)',
    rules: ['HOOK-22'],
    configure: (deps) => withTransport(deps, payloadRewrite(({ projektKey: _dropped, ...rest }) => rest)),
  },
  {
    id: 'webhook-generated-at-local-time',
    description: 'generatedAt is given in local time with offset +02:00, not UTC',
    rules: ['HOOK-23'],
    configure: (deps) =>
      withTransport(
        deps,
        payloadRewrite((p) => {
          const local = new Date(Date.parse(String(p.generatedAt)) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
          return { ...p, generatedAt: local };
        }),
      ),
  },
  {
    id: 'webhook-document-id-string',
    description: 'document.id is sent as a string',
    rules: ['HOOK-24'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, id: String(d.id) }))),
  },
  {
    id: 'webhook-temporary-keeps-id',
    description: 'a temporary download document is announced with a document id instead of 0',
    rules: ['HOOK-24'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => (d.temporary === true ? { ...d, id: 4711 } : d))),
  },
  {
    id: 'webhook-document-type-not-listed',
    description: 'document.type names the file format ("pdf") instead of service or heatpump-check',
    rules: ['HOOK-25'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, type: 'pdf' }))),
  },
  {
    id: 'webhook-document-name-null',
    description: 'document.name is null',
    rules: ['HOOK-26'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, name: null }))),
  },
  {
    id: 'webhook-document-size-text',
    description: 'document.size is sent as text ("3 KB")',
    rules: ['HOOK-27'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, size: `${Math.ceil(Number(d.size) / 1024)} KB` }))),
  },
  {
    id: 'webhook-relative-document-url',
    description: 'document.url is a relative path',
    rules: ['HOOK-28'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, url: pathOnly(d.url) }))),
  },
  {
    id: 'webhook-temporary-as-number',
    description: 'document.temporary is 0/1 instead of a boolean',
    rules: ['HOOK-29'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, temporary: d.temporary ? 1 : 0 }))),
  },
  {
    id: 'webhook-temporary-flag-false',
    description: 'document.temporary is always false, also for a temporary download document',
    rules: ['HOOK-29'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, temporary: false }))),
  },
  {
    id: 'webhook-stored-as-temporary',
    description: 'every document is announced as a temporary download (temporary true, id 0), also the stored ones of the API pdf endpoint',
    rules: ['HOOK-29'],
    configure: (deps) => withTransport(deps, documentRewrite((d) => ({ ...d, temporary: true, id: 0 }))),
  },
  {
    id: 'webhook-without-event',
    description: 'the older event value is dropped: only eventType is sent',
    rules: ['HOOK-31'],
    configure: (deps) => withTransport(deps, payloadRewrite(({ event: _dropped, ...rest }) => rest)),
  },
  // ---- failing, slow, redirecting, non-public receivers -----------------------------------------
  ...receiverSteered,
  ...receiverSteered.map(inReceiverMode),
  {
    id: 'webhook-loopback-allowed',
    description: 'the sender admits loopback targets without --allow-loopback-webhooks',
    rules: ['HOOK-8'],
    configure: (deps) => withTransport(deps, (s) => s, { allowLoopback: true }),
  },
  {
    id: 'webhook-address-policy-off',
    description: 'the sender has no address guard: private, reserved and loopback targets are delivered to',
    rules: ['HOOK-8'],
    configure: (deps) => withTransport(deps, () => unguarded),
  },
  {
    id: 'webhook-address-text-blocklist',
    description: 'targets are refused by a text blocklist of the configured URL (127.0.0.1, localhost, [::1], 10., 192.168., 169.254.) instead of by address',
    rules: ['HOOK-8'],
    configure: (deps) => withTransport(deps, splitTransport((url) => !/\/\/(?:127\.0\.0\.1|localhost|\[::1\]|10\.|192\.168\.|169\.254\.)/i.test(url))),
  },
  {
    id: 'webhook-resolved-names-unchecked',
    description: 'IP literals are checked, but the addresses a host name resolves to are not',
    rules: ['HOOK-8'],
    configure: (deps) => withTransport(deps, splitTransport((url) => parseHostLiteral(new URL(url).hostname).kind === 'name')),
  },
];
