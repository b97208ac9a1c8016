import { Router } from 'express';
import type { Clock } from '../clock.js';
import { API_ID, API_NAME, API_VERSION } from '../version.js';

/** Public endpoints: no token, not rate limited, and health never touches the database. */
export function metaRoutes(clock: Clock): Router {
  const router = Router({ strict: true, caseSensitive: true });
  router.get('/', (_req, res) => {
    res.json({ name: API_NAME, version: API_VERSION });
  });
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', api: API_ID, version: API_VERSION, timestamp: clock.now().toISOString() });
  });
  return router;
}
