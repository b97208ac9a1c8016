import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { AppDeps } from '../../reference-server/src/app.js';
import { errors } from '../../reference-server/src/http/api-error.js';
import type { Customer } from '../../reference-server/src/store/customers.js';
import type { WebhookDispatcher } from '../../reference-server/src/webhook/dispatcher.js';
import { captureSender } from '../../reference-server/src/webhook/capture-sender.js';
import { currentCustomer, swapCustomerOn } from '../../reference-server/seams/customer.js';
import { intercept, interceptParsed } from '../../reference-server/seams/intercept.js';
import { isPlainObject, type Json } from '../../reference-server/seams/json-shapes.js';
import { isPdf, isPictures, PDF_PATH, PICTURES_PATH } from '../../reference-server/seams/paths.js';
import { rewriteQuery } from '../../reference-server/seams/query-rewrite.js';
import { rewriteJson } from '../../reference-server/seams/response-rewrite.js';
import { claimByTrigger } from '../kit/webhook-claim.js';
import { documentRewrite, headersRewrite, payloadRewrite, plainTransport, withTransport } from '../../reference-server/seams/webhook-transport.js';
import type { Fault } from '../fault.js';

/**
 * Faults of the documents area (PDF response, signed links, pictures) and of the webhook.
 *
 * The documents faults act on the faulted target over HTTP. The webhook faults swap the sender or
 * its claim; the faulted server delivers to the capture in the fault runner's process
 * (faults/runner/faulted-run.ts), where the webhook checks read its deliveries.
 */

// -------------------------------------------------------------------------------------------------
// Helpers: responses
// -------------------------------------------------------------------------------------------------

/** Rewrites successful PDF responses. */
function rewritePdf(fn: (body: Json & { file: Json }) => unknown): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isPdf(req) || res.statusCode >= 400 || !isPlainObject(body) || !('file' in body)) return body;
    const copy = { ...body } as Json & { file: Json };
    copy.file = { ...copy.file };
    return fn(copy);
  });
}

/** Rewrites every item of successful picture lists. */
function rewritePictures(fn: (picture: Json) => Json): RequestHandler {
  return rewriteJson((body, req, res) => {
    if (!isPictures(req) || res.statusCode >= 400 || !isPlainObject(body)) return body;
    return Array.isArray(body.pictures) ? { ...body, pictures: (body.pictures as Json[]).map((p) => fn({ ...p })) } : body;
  });
}

/** Changes the authenticated customer as seen by the PDF route (runs after authentication). */
function pdfCustomer(deps: AppDeps, fn: (customer: Customer) => Customer): AppDeps {
  return interceptParsed(deps, swapCustomerOn(isPdf, fn));
}

/** The document id of a link `/files/documents/{id}/{name}`. */
function documentIdOf(url: string): number | undefined {
  const m = /\/files\/documents\/(\d+)\//.exec(url);
  return m ? Number(m[1]) : undefined;
}

/**
 * A second file route under the API prefix, public (intercepts run before authentication), that
 * serves what the site routes serve but never looks at the query: no signature check.
 */
function unsignedFiles(deps: AppDeps): RequestHandler {
  return (req, res, next) => {
    const doc = /^\/unsigned-files\/documents\/(\d+)\/[^/]+$/.exec(req.path);
    if (req.method === 'GET' && doc) {
      const bytes = deps.store.documents.bytes(Number(doc[1]));
      if (bytes) {
        res.type('application/pdf').send(bytes);
        return;
      }
    }
    const picture = /^\/unsigned-files\/pictures\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && picture) {
      const found = deps.store.pictures.withBytes(picture[1] as string);
      if (found) {
        res.type(found.contentType).send(found.bytes);
        return;
      }
    }
    next();
  };
}

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

const pathOnly = (url: unknown) => {
  const u = new URL(String(url));
  return `${u.pathname}${u.search}`;
};

export const documentFaults: Fault[] = [
  // ---- PDF response -----------------------------------------------------------------------------
  {
    id: 'pdf-stream-instead-of-json',
    description: 'GET .../pdf answers the PDF bytes (application/pdf) instead of the JSON response',
    rules: ['DOC-1'],
    configure: (deps) =>
      intercept(
        deps,
        (req, res, next) => {
          if (isPdf(req)) {
            const json = res.json.bind(res);
            res.json = (body: unknown) => {
              const id = documentIdOf(String((body as { file?: { url?: unknown } } | null)?.file?.url ?? ''));
              const bytes = id === undefined ? undefined : deps.store.documents.bytes(id);
              if (res.statusCode < 400 && bytes) {
                res.type('application/pdf').send(bytes);
                return res;
              }
              return json(body);
            };
          }
          next();
        },
      ),
  },
  {
    id: 'pdf-relative-links',
    description: 'linkToDocument and file.url are relative paths, not full URLs under the site URL',
    rules: ['DOC-2', 'DOC-3'],
    configure: (deps) => intercept(deps, rewritePdf((b) => ({ ...b, linkToDocument: pathOnly(b.linkToDocument), file: { ...b.file, url: pathOnly(b.file.url) } }))),
  },
  {
    id: 'pdf-viewer-outside-site',
    description: 'file.viewerUrl points to another host than the site URL',
    rules: ['DOC-4'],
    configure: (deps) => intercept(deps, rewritePdf((b) => ({ ...b, file: { ...b.file, viewerUrl: `https://viewer.cpf-fault.example${pathOnly(b.file.viewerUrl)}` } }))),
  },
  {
    id: 'pdf-link-broken',
    description: 'the document links name a file other than the one signed (the site answers 403)',
    rules: ['DOC-23'],
    configure: (deps) => {
      const broken = (url: unknown) => String(url).replace(/\/files\/documents\/(\d+)\/([^?]+)/, '/files/documents/$1/x$2');
      return intercept(deps, rewritePdf((b) => ({ ...b, linkToDocument: broken(b.linkToDocument), file: { ...b.file, url: broken(b.file.url) } })));
    },
  },
  {
    id: 'pdf-signature-not-verified',
    description: 'document links go to a file route that ignores the signature and the expiry',
    rules: ['DOC-5'],
    configure: (deps) => {
      const unsigned = (url: unknown) => {
        const u = new URL(String(url));
        return `${u.origin}/api/v2/unsigned-files${u.pathname.replace(/^\/files/, '')}${u.search}`;
      };
      return intercept(deps, unsignedFiles(deps), rewritePdf((b) => ({ ...b, linkToDocument: unsigned(b.linkToDocument), file: { ...b.file, url: unsigned(b.file.url) } })));
    },
  },
  // ---- type parameter ---------------------------------------------------------------------------
  {
    id: 'pdf-default-check',
    description: 'GET .../pdf without type creates the heat-pump check instead of the service document',
    rules: ['DOC-7'],
    configure: (deps) => intercept(deps, rewriteQuery(isPdf, (params) => (params.has('type') ? undefined : params.set('type', 'check')))),
  },
  {
    id: 'pdf-check-type-refused',
    description: 'type=check answers 422 as an unknown type',
    rules: ['DOC-8'],
    configure: (deps) => intercept(deps, rewriteQuery(isPdf, (params) => (params.get('type') === 'check' ? params.set('type', 'heatpump-check') : undefined))),
  },
  {
    id: 'pdf-invalid-type-accepted',
    description: 'an unknown type value is ignored (a service document is created) instead of 422',
    rules: ['ERR-18'],
    configure: (deps) => intercept(deps, rewriteQuery(isPdf, (params) => (['service', 'check'].includes(params.get('type') ?? 'service') ? undefined : params.delete('type')))),
  },
  // ---- access -----------------------------------------------------------------------------------
  // The checks ask for a calculable own project of the customer without license or right, where
  // every order of the checks answers 403: a target that skips the license or right check creates
  // the document there.
  {
    id: 'pdf-check-without-heatpump-right',
    description: 'type=check does not check the heat-pump function right',
    rules: ['DOC-9'],
    configure: (deps) => pdfCustomer(deps, (c) => ({ ...c, heatpumpRight: true })),
  },
  {
    id: 'pdf-check-without-right-422-validation',
    description: 'type=check without the heat-pump function right answers 422 validation (the type refused) instead of 403 authorization',
    rules: ['DOC-9'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        next(isPdf(req) && req.query.type === 'check' && !currentCustomer(res).heatpumpRight ? errors.validation('Ungültiger Dokumenttyp.', 'type') : undefined);
      }),
  },
  {
    id: 'pdf-outside-radius-allowed',
    description: 'the PDF endpoint ignores the license radius',
    rules: ['DOC-11'],
    configure: (deps) => pdfCustomer(deps, (c) => ({ ...c, licenseRegions: '*' })),
  },
  {
    id: 'pdf-locked-customer-allowed',
    description: 'the PDF endpoint treats a locked customer without license as licensed (its own calculable project gets a document)',
    rules: ['DOC-12'],
    configure: (deps) => pdfCustomer(deps, (c) => (c.license === 'expired' && !c.unlocked ? { ...c, license: 'annual', unlocked: true } : c)),
  },
  {
    id: 'pdf-locked-401',
    description: 'the PDF endpoint answers a locked customer without license 401 authentication (as if blocked) instead of 403 authorization',
    rules: ['DOC-12'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const c = currentCustomer(res);
        next(isPdf(req) && c.license === 'expired' && !c.unlocked ? errors.unauthenticated() : undefined);
      }),
  },
  {
    id: 'pdf-expired-license-allowed',
    description: 'the PDF endpoint accepts an expired license of an unlocked customer (as reading does)',
    rules: ['DOC-13'],
    configure: (deps) => pdfCustomer(deps, (c) => (c.license === 'expired' && c.unlocked ? { ...c, license: 'annual' } : c)),
  },
  {
    id: 'pdf-expired-license-404',
    description: 'the PDF endpoint answers an unlocked customer whose license has expired 404 not_found for an own project instead of 403 authorization',
    rules: ['DOC-13'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const c = currentCustomer(res);
        next(isPdf(req) && c.license === 'expired' && c.unlocked ? errors.notFound() : undefined);
      }),
  },
  {
    id: 'pdf-foreign-project-403',
    description: 'a foreign project answers 403 on the PDF endpoint (a missing one 404): existence leaks',
    rules: ['DOC-14'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const key = isPdf(req) ? PDF_PATH.exec(req.path)?.[1] : undefined;
        const project = key ? deps.store.projects.findByKey(key.toLowerCase()) : undefined;
        if (project && project.customerId !== currentCustomer(res).id) next(errors.forbidden('Projekt eines anderen Kunden.'));
        else next();
      }),
  },
  // ---- pictures ---------------------------------------------------------------------------------
  {
    // Further members next to `pictures` are a reading the spec permits (variation picture-items-other).
    id: 'pictures-list-renamed',
    description: 'the picture list answers its items under `images` instead of `pictures`',
    rules: ['DOC-15'],
    configure: (deps) =>
      intercept(
        deps,
        rewriteJson((body, req, res) => {
          if (!isPictures(req) || res.statusCode >= 400 || !isPlainObject(body)) return body;
          const { pictures, ...rest } = body;
          return { ...rest, images: pictures };
        }),
      ),
  },
  {
    id: 'pictures-without-room-name',
    description: 'picture items lack roomName',
    rules: ['DOC-16'],
    configure: (deps) =>
      intercept(
        deps,
        rewritePictures(({ roomName: _dropped, ...rest }) => rest),
      ),
  },
  {
    id: 'picture-url-relative-to-api',
    description: 'picture urls are relative to the /api/v2 path (pictures-files/... without leading slash, served under /api/v2 only)',
    rules: ['DOC-17'],
    configure: (deps) =>
      intercept(
        deps,
        (req, res, next) => {
          const m = /^\/pictures-files\/([^/]+)$/.exec(req.path);
          const found = req.method === 'GET' && m ? deps.store.pictures.withBytes(m[1] as string) : undefined;
          if (found) res.type(found.contentType).send(found.bytes);
          else next();
        },
        rewritePictures((p) => ({ ...p, url: String(p.url).replace(/^\/files\/pictures\//, 'pictures-files/') })),
      ),
  },
  {
    id: 'picture-signature-not-verified',
    description: 'picture links go to a file route that ignores the signature and the expiry',
    rules: ['DOC-18'],
    configure: (deps) => intercept(deps, unsignedFiles(deps), rewritePictures((p) => ({ ...p, url: String(p.url).replace(/^\/files\/pictures\//, '/api/v2/unsigned-files/pictures/') }))),
  },
  {
    id: 'pictures-upload-accepted',
    description: 'POST .../pictures stores a picture (201) although no upload endpoint exists',
    rules: ['DOC-20'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const key = req.method === 'POST' ? PICTURES_PATH.exec(req.path)?.[1] : undefined;
        const project = key ? deps.store.projects.findOwned(key.toLowerCase(), currentCustomer(res).id) : undefined;
        if (!project) return next();
        const publicId = `p${randomUUID().replace(/-/g, '').slice(0, 16)}`;
        const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
        deps.store.pictures.insert({ publicId, projectId: project.id, roomName: null, type: 'room', contentType: 'image/png', bytes: png });
        res.status(201).json({ picture: { id: publicId } });
      }),
  },
  {
    id: 'pictures-foreign-visible',
    description: 'the picture list of a foreign project answers 200 (ownership not checked)',
    rules: ['DOC-22'],
    configure: (deps) =>
      interceptParsed(deps, (req, res, next) => {
        const key = isPictures(req) ? PICTURES_PATH.exec(req.path)?.[1] : undefined;
        const project = key ? deps.store.projects.findByKey(key.toLowerCase()) : undefined;
        if (!project || project.customerId === currentCustomer(res).id) return next();
        res.json({ pictures: deps.store.pictures.listByProject(project.id).map((p) => ({ id: p.publicId, url: `/files/pictures/${p.publicId}`, type: p.type, roomName: p.roomName })) });
      }),
  },

  // ---- webhook: trigger and count ---------------------------------------------------------------
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
  // ---- webhook: the request ---------------------------------------------------------------------
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
  // ---- webhook: the payload ---------------------------------------------------------------------
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
    id: 'webhook-without-event',
    description: 'the older event value is dropped: only eventType is sent',
    rules: ['HOOK-31'],
    configure: (deps) => withTransport(deps, payloadRewrite(({ event: _dropped, ...rest }) => rest)),
  },
  // ---- webhook: failing, slow, redirecting, non-public receivers --------------------------------
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
  {
    id: 'webhook-loopback-allowed',
    description: 'the sender admits loopback targets without --allow-loopback-webhooks',
    rules: ['HOOK-8'],
    configure: (deps) => withTransport(deps, (s) => s, { allowLoopback: true }),
  },
];
