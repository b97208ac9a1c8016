import { randomBytes } from 'node:crypto';
import express, { Router, type Express, type RequestHandler } from 'express';
import { systemClock, type Clock } from './clock.js';
import { generateProjectKey } from './domain/project-key.js';
import { errors } from './http/api-error.js';
import { authenticate } from './http/authenticate.js';
import { errorMapper, notFound } from './http/error-mapper.js';
import { jsonBody } from './http/json-body.js';
import { noSniff, noStore, privateFile } from './http/security-headers.js';
import { customerRateLimit, type RefusalTarpit } from './http/rate-limit.js';
import { createFixedWindowLimiter, INVALID_TOKEN_LIMIT, type FixedWindowLimiter, type InvalidTokenLimit } from './rate-limit/fixed-window.js';
import { createSlidingWindowLimiter, type SlidingWindowLimiter } from './rate-limit/sliding-window.js';
import { metaRoutes } from './routes/meta.js';
import { openApiRoutes } from './openapi/routes.js';
import { createLinkSigner } from './domain/signed-links.js';
import { createHeavyWork, type HeavyWork } from './compute/heavy-work.js';
import { createDocumentService, type GeneratedPdf, type PdfKind } from './documents/document-service.js';
import { documentsRoutes } from './routes/documents.js';
import { fundingRoutes } from './routes/funding.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhook/dispatcher.js';
import { createGuardedFetch, type WebhookSend } from './webhook/guarded-fetch.js';
import { picturesRoutes } from './routes/pictures.js';
import { FILES_PREFIX } from './domain/site-paths.js';
import { siteFileRoutes } from './routes/site-files.js';
import { reportsRoutes } from './routes/reports.js';
import { resultsRoutes } from './routes/results.js';
import { roomsRoutes } from './routes/rooms.js';
import type { Store } from './store/store.js';
import { API_PREFIX } from './version.js';
import type { Log } from './log.js';

/** Everything that varies between production, tests and faults comes in here. */
export interface AppDeps {
  store: Store;
  /** Base of project and document links, without trailing slash. */
  siteUrl: string;
  clock?: Clock;
  /** Answers every protected request with 503 (public endpoints stay up). */
  maintenance?: boolean;
  limiter?: SlidingWindowLimiter;
  /** When a connection that keeps hammering through its 429s gets them delayed (default DEFAULT_TARPIT). */
  refusalTarpit?: RefusalTarpit;
  /**
   * The limit on requests with missing or invalid tokens per source IP (default INVALID_TOKEN_LIMIT):
   * the default limiter counts by it, its 429 and the API description state it. A limiter given
   * as `invalidTokenLimiter` replaces the counting only.
   */
  invalidTokenLimit?: InvalidTokenLimit;
  invalidTokenLimiter?: FixedWindowLimiter;
  generateKey?: () => string;
  /** Sends pdf.generated deliveries; default: the SSRF-guarded transport, outcomes recorded in the store. */
  webhook?: WebhookDispatcher;
  /** Lets the default webhook transport connect to loopback addresses (local testing only). */
  allowLoopbackWebhooks?: boolean;
  /** Key of the HMAC on document and picture links; a random one means links die with the process. */
  signingSecret?: string;
  log?: Log;
  /**
   * Runs results and PDF jobs (default: a worker-thread pool sized to the machine, shared fairly
   * between customers, small jobs inline). `inlineHeavyWork` keeps everything on the event loop.
   */
  heavyWork?: HeavyWork;
  /**
   * Middleware run first on every API request. Nothing in production sets it; the fault
   * catalogue uses it to break one rule at the HTTP level and prove a check notices.
   */
  intercept?: RequestHandler[];
  /** Like `intercept`, but after authentication, the limiter and body parsing (sees `req.body`). */
  interceptParsed?: RequestHandler[];
}

const options: RequestHandler = (req, res, next) => {
  // No CORS grant: 204 without Access-Control-* headers, for every API path.
  if (req.method === 'OPTIONS') res.status(204).end();
  else next();
};

/**
 * The webhook sender a target gets unless one is injected: the SSRF-guarded transport (or `send`,
 * for a sender that resolves or delivers differently), outcomes recorded in the store.
 */
export function defaultWebhookDispatcher(deps: AppDeps, options: { send?: WebhookSend; newEventId?: () => string } = {}): WebhookDispatcher {
  return createWebhookDispatcher({
    send: options.send ?? createGuardedFetch({ allowLoopback: deps.allowLoopbackWebhooks ?? false }),
    record: (d) =>
      deps.store.documents.recordDelivery({ projectKey: d.projectKey, eventId: d.eventId, delivered: d.delivered, status: d.status, error: d.error, durationMs: d.durationMs, at: new Date(d.attemptedAt) }),
    log: deps.log ?? (() => {}),
    clock: deps.clock ?? systemClock,
    ...(options.newEventId ? { newEventId: options.newEventId } : {}),
  });
}

/** Builds the application without side effects: no listening, no env reads, no timers. */
export function createApp(deps: AppDeps): Express {
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? (() => {});
  const siteUrl = deps.siteUrl.replace(/\/+$/, '');
  const invalidTokenLimit = deps.invalidTokenLimit ?? INVALID_TOKEN_LIMIT;
  const signer = createLinkSigner(deps.signingSecret ?? randomBytes(32).toString('hex'), () => clock.now());
  const webhook = deps.webhook ?? defaultWebhookDispatcher(deps);
  const heavyWork = deps.heavyWork ?? createHeavyWork();
  const documents = createDocumentService({ store: deps.store, clock, siteUrl, signer, webhook, heavyWork });
  const portal: PortalFunctions = {
    async createDocument(projectKey, kind, options) {
      const project = deps.store.projects.findByKey(projectKey.toLowerCase());
      if (!project) throw new Error(`no project ${projectKey}`);
      return documents.generate(project, kind, 'portal', options);
    },
    webhookIdle: () => webhook.idle(),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('query parser', 'simple');

  const api = Router({ strict: true, caseSensitive: true });
  for (const handler of deps.intercept ?? []) api.use(handler);
  api.use(options);
  api.use(metaRoutes(clock));
  if (deps.maintenance) {
    api.use((_req, _res, next) => next(errors.serviceUnavailable()));
  }
  api.use(
    authenticate({
      customers: deps.store.customers,
      clock,
      invalidTokenLimiter: deps.invalidTokenLimiter ?? createFixedWindowLimiter(invalidTokenLimit.requests, invalidTokenLimit.windowSeconds * 1000),
      invalidTokenLimit,
    }),
  );
  api.use(customerRateLimit({ limiter: deps.limiter ?? createSlidingWindowLimiter(), clock, tarpit: deps.refusalTarpit }));
  api.use(jsonBody());
  for (const handler of deps.interceptParsed ?? []) api.use(handler);
  api.use(reportsRoutes({ store: deps.store, clock, siteUrl, generateKey: deps.generateKey ?? generateProjectKey }));
  api.use(roomsRoutes({ store: deps.store, clock }));
  api.use(fundingRoutes(deps.store));
  api.use(picturesRoutes(deps.store, signer));
  api.use(resultsRoutes(deps.store, heavyWork));
  api.use(documentsRoutes(deps.store, documents));
  api.use(notFound);

  app.use(noSniff);
  app.use(API_PREFIX, noStore, api);
  app.use(FILES_PREFIX, privateFile, siteFileRoutes(deps.store, signer));
  app.use(openApiRoutes({ invalidTokenLimit }));
  app.use(notFound);
  app.use(errorMapper(log));
  app.locals[PORTAL] = portal;
  return app;
}

/**
 * What the customer portal does beside the API, reachable only in-process (no public path):
 * its central document creation, the second trigger of the pdf.generated webhook.
 */
export interface PortalFunctions {
  /** `temporary`: a temporary download document rather than one of the project's archive. */
  createDocument(projectKey: string, kind: PdfKind, options?: { temporary?: boolean }): Promise<GeneratedPdf>;
  /** Resolves when no webhook delivery is in flight. */
  webhookIdle(): Promise<void>;
}

const PORTAL = 'cpfPortal';

export function portalOf(app: Express): PortalFunctions {
  return app.locals[PORTAL] as PortalFunctions;
}
