/**
 * The public endpoints (endpoint table, "Versioning"). Each check judges one rule on its own request
 * (public requests cost no customer's budget), so a deviation fails the rule it breaks and no other:
 * a check that needs a 200 or a member another rule judges first reads it with `readOnward`.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { dateTimeSchema } from '../../spec/contract/common.js';
import { healthResponseSchema, INTERFACE_VERSION, PATH_PREFIX, rootResponseSchema } from '../../spec/contract/meta.js';
import type { ApiResponse } from '../harness/client.js';
import { check, type CheckContext } from '../harness/check.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { target } from '../harness/target.js';
import { transportChecks } from './transport.js';

const anyBody = z.unknown();
const withVersion = z.looseObject({ version: z.string() });

const root = (t: CheckContext) => t.publicClient().get('/');
const health = (t: CheckContext) => t.publicClient().get('/health');

/** `{status: 'ok', api: string, version: string, timestamp: date-time}` "(all required)": the format of `timestamp` is META-6's. */
const healthMembersSchema = healthResponseSchema.extend({ timestamp: z.unknown().refine((value) => value !== undefined, 'required') });

function versionOf(res: ApiResponse, owner: string, what: string): string {
  return readOnward(res, { status: 200, schema: withVersion, owner, what }).version;
}

describe('GET /', () => {
  check('META-1', 'GET / answers 200', async (t) => {
    expectStatus(await root(t), 200);
  });

  check('META-2', 'GET / answers {name, version}, both strings', async (t) => {
    const res = await root(t);
    readOnward(res, { status: 200, schema: anyBody, owner: 'META-1', what: 'GET /' });
    expectSchema(res, rootResponseSchema);
  });

  check('META-3', 'GET / carries the interface version 2.5.0 in `version`', async (t) => {
    expect(versionOf(await root(t), 'META-1, META-2', 'GET /')).toBe(INTERFACE_VERSION);
  });

  check('META-14', 'GET {base}/ and GET {base}/health answer 200 under a base URL ending in the path prefix /api/v2', async (t) => {
    const base = target().baseUrl;
    expect(new URL(base).pathname.replace(/\/+$/, ''), `the base URL ${base} must end with the path prefix`).toMatch(new RegExp(`${PATH_PREFIX}$`));
    // The interface itself must answer there, not a redirect to another prefix or another service;
    // what the two bodies hold is judged by META-2 to META-7.
    expectStatus(await root(t), 200);
    expectStatus(await health(t), 200);
  });

  check('META-12', 'bodies of public and protected responses are JSON', async (t) => {
    const responses = [await root(t), await health(t), await t.as('primary').get('/reports')];
    for (const res of responses) expect(res.headers['content-type'] ?? '', `${res.exchange.request.url}`).toMatch(/^application\/json\b/i);
  });
});

describe('GET /health', () => {
  check('META-4', 'GET /health answers 200', async (t) => {
    expectStatus(await health(t), 200);
  });

  check('META-5', "GET /health answers {status: 'ok', api, version, timestamp}, all present, api and version strings", async (t) => {
    const res = await health(t);
    readOnward(res, { status: 200, schema: anyBody, owner: 'META-4', what: 'GET /health' });
    expectSchema(res, healthMembersSchema);
  });

  // `timestamp: date-time` is all the spec says of it: which moment it stands for (now, the last
  // check of a cached answer, ...) is not shown, so only its format is judged.
  check('META-6', 'GET /health `timestamp` is a date-time', async (t) => {
    const body = readOnward(await health(t), { status: 200, schema: z.looseObject({ timestamp: z.unknown() }), owner: 'META-4', what: 'GET /health' });
    const parsed = dateTimeSchema.safeParse(body.timestamp);
    expect(parsed.success, `timestamp ${JSON.stringify(body.timestamp)} must be a date-time`).toBe(true);
  });

  check('META-7', 'GET /health carries the interface version 2.5.0 in `version`', async (t) => {
    expect(versionOf(await health(t), 'META-4, META-5', 'GET /health')).toBe(INTERFACE_VERSION);
  });
});

describe('OPTIONS', () => {
  const paths = ['/', '/health', '/reports', '/reports/abcdefghi', '/reports/abcdefghi/rooms', '/funding/applications', '/no/such/path'];
  const preflight = (t: CheckContext, path: string) =>
    t.publicClient().send('OPTIONS', path, {
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
  for (const path of paths) {
    check('META-9', `OPTIONS ${path} answers 204`, async (t) => {
      expectStatus(await preflight(t, path), 204);
    });
    check('META-10', `OPTIONS ${path} answers without content`, async (t) => {
      expect((await preflight(t, path)).text).toBe('');
    });
    check('META-11', `OPTIONS ${path} grants no general CORS access`, async (t) => {
      const allowOrigin = (await preflight(t, path)).headers['access-control-allow-origin'];
      expect(allowOrigin === '*' || allowOrigin === 'https://attacker.example', `Access-Control-Allow-Origin: ${allowOrigin}`).toBe(false);
    });
  }
});

transportChecks();
