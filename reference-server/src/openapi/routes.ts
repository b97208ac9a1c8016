import { Router } from 'express';
import type { DocumentOptions } from './document.js';
import { DOCS_CONTENT_SECURITY_POLICY, DOCS_PAGE } from './docs-page.js';

const OPENAPI_PATH = '/openapi.json';
const DOCS_PATH = '/docs';

/**
 * The API description outside the API prefix: public, not rate limited, untouched by the
 * maintenance switch. The generator (schemas, examples computed by the engine) is loaded on the
 * first request, so neither server start nor the many apps the tests create pay for it. Both
 * answers are encoded once: a flood of them then costs the server the write, not the encoding
 * (bench:server), and the no-customer tarpit (no-customer-tarpit.ts) slows what is left of it.
 * What the server is configured with (its invalid-token limit) comes in `options`.
 */
export function openApiRoutes(options: DocumentOptions): Router {
  const router = Router({ strict: true, caseSensitive: true });
  let json: Promise<Buffer> | undefined;
  const docsPage = Buffer.from(DOCS_PAGE);
  router.get(OPENAPI_PATH, async (_req, res) => {
    json ??= import('./document.js').then(({ buildOpenApiDocument }) => Buffer.from(JSON.stringify(buildOpenApiDocument(options))));
    res.type('json').send(await json);
  });
  router.get(DOCS_PATH, (_req, res) => {
    res.type('html').setHeader('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY).send(docsPage);
  });
  return router;
}
