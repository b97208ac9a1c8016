import { describe, expect } from 'vitest';
import { healthResponseSchema, INTERFACE_VERSION, PATH_PREFIX, rootResponseSchema } from '../../spec/contract/meta.js';
import { check } from '../harness/check.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';
import { target } from '../harness/target.js';
import { transportChecks } from './transport.js';

describe('GET /', () => {
  check(['META-1', 'META-2', 'META-3'], 'GET / answers 200 with exactly {name, version} and version 2.5.0', async (t) => {
    const res = await t.publicClient().get('/');
    expectStatus(res, 200);
    const body = expectSchema(res, rootResponseSchema);
    expect(body.version).toBe(INTERFACE_VERSION);
  });

  check('META-14', 'GET {base}/ and GET {base}/health answer 200 with version 2.5.0 under a base URL ending in the path prefix /api/v2', async (t) => {
    const base = target().baseUrl;
    expect(new URL(base).pathname.replace(/\/+$/, ''), `the base URL ${base} must end with the path prefix`).toMatch(new RegExp(`${PATH_PREFIX}$`));
    // The interface itself must answer there, not a redirect to another prefix or another service.
    const root = await t.publicClient().get('/');
    expectStatus(root, 200);
    expect(expectSchema(root, rootResponseSchema).version).toBe(INTERFACE_VERSION);
    const health = await t.publicClient().get('/health');
    expectStatus(health, 200);
    expect(expectSchema(health, healthResponseSchema).version).toBe(INTERFACE_VERSION);
  });

  check('META-12', 'bodies of public and protected responses are JSON', async (t) => {
    const responses = [await t.publicClient().get('/'), await t.publicClient().get('/health'), await t.as('primary').get('/reports')];
    for (const res of responses) expect(res.headers['content-type'] ?? '', `${res.exchange.request.url}`).toMatch(/^application\/json\b/i);
  });
});

describe('GET /health', () => {
  check(['META-4', 'META-5', 'META-6', 'META-7'], 'GET /health answers 200 with status ok, api, version 2.5.0 and a current timestamp', async (t) => {
    const before = Date.now();
    const res = await t.publicClient().get('/health');
    const after = Date.now();
    expectStatus(res, 200);
    const body = expectSchema(res, healthResponseSchema);
    expect(body.version).toBe(INTERFACE_VERSION);
    // A health answer is produced now: a timestamp far from the request time is a cached or fixed value.
    const stamp = Date.parse(body.timestamp);
    expect(stamp).toBeGreaterThan(before - 5 * 60_000);
    expect(stamp).toBeLessThan(after + 5 * 60_000);
  });
});

describe('OPTIONS', () => {
  const paths = ['/', '/health', '/reports', '/reports/abcdefghi', '/reports/abcdefghi/rooms', '/funding/applications', '/no/such/path'];
  for (const path of paths) {
    check(['META-9', 'META-10', 'META-11'], `OPTIONS ${path} answers 204 without content and without a CORS grant`, async (t) => {
      const res = await t.publicClient().send('OPTIONS', path, {
        headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
      expectStatus(res, 204);
      expect(res.text).toBe('');
      const allowOrigin = res.headers['access-control-allow-origin'];
      expect(allowOrigin === '*' || allowOrigin === 'https://attacker.example', `Access-Control-Allow-Origin: ${allowOrigin}`).toBe(false);
    });
  }
});

transportChecks();
