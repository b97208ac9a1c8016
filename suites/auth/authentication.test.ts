/**
 * Authentication (spec "Authentication" 1 to 5, error table row 401): the bearer token is the only
 * way in; a missing, empty, unknown or altered token, another scheme, a token in the query string
 * and a blocked customer all answer 401 `authentication` on every protected endpoint, and the
 * public endpoints need no token.
 *
 * Invalid-token requests are paced under the target's per-IP limit; these checks send about 20 of
 * them in all, so they fit into one window.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect } from 'vitest';
import type { Profile } from '../../fixtures/profile.schema.js';
import type { Actor, ApiResponse } from '../harness/client.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { expectError, expectStatus } from '../harness/expect-api.js';

/** Nine random lowercase letters: a well-formed key that no project has (2^42 keys). */
function absentKey(): string {
  return Array.from(randomBytes(9), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** A real project key when the profile has one (401 must not depend on the project existing), else an absent one. */
function someKey(profile: Profile): string {
  return profile.resources?.foreignProjectKey ?? absentKey();
}

/** A well-formed token that no target issued: 256 random bits in hex. */
function unknownToken(): string {
  return randomBytes(32).toString('hex');
}

/** A valid token with its last character changed: same length and alphabet, one character off. */
function alteredToken(token: string): string {
  const last = token.at(-1);
  return `${token.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: (key: string) => string;
  body?: () => unknown;
}

/** Protected endpoints of every kind: list, detail, both creations, change, password, funding. */
const PROTECTED: readonly Endpoint[] = [
  { method: 'GET', path: () => '/reports' },
  { method: 'GET', path: (key) => `/reports/${key}` },
  { method: 'GET', path: (key) => `/reports/${key}/rooms` },
  { method: 'GET', path: () => '/funding/applications' },
  { method: 'POST', path: () => '/reports', body: () => ({}) },
  { method: 'POST', path: () => '/reports/with-data', body: () => ({ projectData: { projektName: harnessProjectName('auth') } }) },
  { method: 'PATCH', path: (key) => `/reports/${key}`, body: () => ({ projectData: { bemerkungen: harnessProjectName('auth') } }) },
  { method: 'PUT', path: (key) => `/reports/${key}/password`, body: () => ({ newPassword: 'cpf-conformance-Passwort-1' }) },
];

function label(e: Endpoint): string {
  return `${e.method} ${e.path('{projectKey}')}`;
}

function call(actor: Actor, e: Endpoint, key: string, headers?: Record<string, string>): Promise<ApiResponse> {
  const body = e.body?.();
  return actor.send(e.method, e.path(key), { ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
}

const isWrite = (e: Endpoint) => e.method !== 'GET';

describe('missing token', () => {
  for (const endpoint of PROTECTED) {
    check(
      ['AUTH-1', 'ERR-9'],
      `${label(endpoint)} without an Authorization header answers 401 authentication`,
      async (t) => {
        const res = await call(t.anonymous(), endpoint, someKey(t.profile));
        expectError(res, 401, 'authentication');
      },
      { writes: isWrite(endpoint) },
    );
  }
});

describe('invalid token', () => {
  check(['AUTH-2', 'ERR-9'], 'GET /reports with an empty bearer token ("Bearer ") answers 401 authentication', async (t) => {
    const res = await t.anonymous().get('/reports', { headers: { authorization: 'Bearer ' } });
    expectError(res, 401, 'authentication');
  });

  check(['AUTH-2', 'ERR-9'], 'GET /reports/{projectKey} and GET /funding/applications with an unknown token answer 401 authentication', async (t) => {
    const actor = t.withToken(unknownToken());
    expectError(await actor.get(`/reports/${someKey(t.profile)}`), 401, 'authentication');
    expectError(await actor.get('/funding/applications'), 401, 'authentication');
  });

  check(['AUTH-2', 'ERR-9'], 'GET /reports with a valid token changed in its last character answers 401 authentication', async (t) => {
    const token = t.profile.customers.primary.tokens[0] as string;
    const res = await t.withToken(alteredToken(token), 'altered token').get('/reports');
    expectError(res, 401, 'authentication');
  });

  check(
    ['AUTH-2', 'ERR-9'],
    'POST /reports/with-data and PUT /reports/{projectKey}/password with an unknown token answer 401 authentication',
    async (t) => {
      const actor = t.withToken(unknownToken());
      const creation = PROTECTED.find((e) => e.path('k') === '/reports/with-data') as Endpoint;
      const password = PROTECTED.find((e) => e.method === 'PUT') as Endpoint;
      expectError(await call(actor, creation, someKey(t.profile)), 401, 'authentication');
      expectError(await call(actor, password, someKey(t.profile)), 401, 'authentication');
    },
    { writes: true },
  );
});

describe('blocked customer', () => {
  check(['AUTH-3', 'ERR-9'], 'a valid token of a blocked customer answers 401 authentication on GET /reports, GET /reports/{projectKey} and GET /funding/applications', async (t) => {
    const blocked = t.as('blocked');
    for (const path of ['/reports', `/reports/${someKey(t.profile)}`, '/funding/applications']) {
      expectError(await blocked.get(path), 401, 'authentication');
    }
  });

  check(
    ['AUTH-3', 'ERR-9'],
    'a valid token of a blocked customer answers 401 authentication on POST /reports',
    async (t) => {
      expectError(await t.as('blocked').post('/reports', {}), 401, 'authentication');
    },
    { writes: true },
  );
});

/** The first token of a leased owner (`pool:<i>`, or `primary` when the profile has no pool). */
function tokenOf(profile: Profile, label: string): string {
  const [, index] = label.split(':');
  const customer = index === undefined ? profile.customers.primary : profile.customers.pool?.[Number(index)];
  return customer?.tokens[0] as string;
}

interface Variant {
  what: string;
  /** `{token}` is replaced by the URL-encoded token. */
  path: string;
  headers?: (token: string) => Record<string, string>;
}

/**
 * Each variant carries the valid token of its own leased customer, after a bearer request with
 * that token has shown that it is valid (200). On a target that wrongly admits a variant, that
 * customer has then sent two requests: still within its limit, so no stray 429 hides the failure.
 * Without a pool all variants share one customer and are sent a second apart.
 */
async function variantsOfValidToken(t: CheckContext, variants: readonly Variant[]): Promise<void> {
  const owners: Actor[] = [];
  for (let i = 0; i < variants.length; i++) owners.push(await t.owner());
  const distinct = new Set(owners.map((o) => o.label)).size === owners.length;
  const admitted: string[] = [];
  const run = async (variant: Variant, owner: Actor) => {
    const token = tokenOf(t.profile, owner.label);
    expectStatus(await owner.get('/reports'), 200);
    const res = await t.anonymous().get(variant.path.replace('{token}', encodeURIComponent(token)), { headers: variant.headers?.(token) ?? {} });
    if (res.status !== 401) admitted.push(`${variant.what}: HTTP ${res.status} ${res.text.slice(0, 120)}`);
    else expectError(res, 401, 'authentication');
  };
  if (distinct) {
    await Promise.all(variants.map((variant, i) => run(variant, owners[i] as Actor)));
  } else {
    for (const [i, variant] of variants.entries()) {
      if (i > 0) await sleep(1100);
      await run(variant, owners[i] as Actor);
    }
  }
  expect(admitted, 'these ways of sending a valid token must not authenticate (401 expected)').toEqual([]);
}

describe('token transport', () => {
  check(['AUTH-4', 'ERR-9'], 'a valid token sent as Basic credentials or with the scheme "Token" answers 401 authentication', async (t) => {
    await variantsOfValidToken(t, [
      { what: 'Basic with base64(token:)', path: '/reports', headers: (token) => ({ authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}` }) },
      { what: 'Basic with the bare token', path: '/reports', headers: (token) => ({ authorization: `Basic ${token}` }) },
      // A bare token without a scheme is left out: the harness redacts only the part after a scheme,
      // so the report would carry the token in clear.
      { what: 'the scheme "Token"', path: '/reports', headers: (token) => ({ authorization: `Token ${token}` }) },
    ]);
  });

  check(['AUTH-5', 'ERR-9'], 'a valid token only in the query string (?token=, ?access_token=) answers 401 authentication', async (t) => {
    await variantsOfValidToken(t, [
      { what: 'the token in ?token=', path: '/reports?token={token}' },
      { what: 'the token in ?access_token=', path: '/reports?access_token={token}' },
    ]);
  });

  check('AUTH-6', 'no token of the profile is a JWT (three dot-separated base64url segments with a JSON header)', async (t) => {
    const customers = t.profile.customers;
    const all = [
      ...(['primary', 'foreign', 'expiredUnlocked', 'locked', 'blocked', 'noHeatpumpRight', 'education'] as const).flatMap((role) => customers[role]?.tokens ?? []),
      ...(customers.pool ?? []).flatMap((c) => c.tokens),
    ];
    expect(all.length).toBeGreaterThan(0);
    const looksLikeJwt = (token: string) => {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p))) return false;
      try {
        const header: unknown = JSON.parse(Buffer.from(parts[0] as string, 'base64url').toString('utf8'));
        return typeof header === 'object' && header !== null;
      } catch {
        return false;
      }
    };
    const jwts = all.map((token, i) => ({ i, jwt: looksLikeJwt(token) })).filter((x) => x.jwt);
    expect(jwts, `tokens #${jwts.map((x) => x.i + 1).join(', ')} of the profile are JWTs`).toEqual([]);
  });
});

describe('public endpoints', () => {
  check('AUTH-14', 'GET /, GET /health and OPTIONS answer without a token (200, 200, 204)', async (t) => {
    const client = t.publicClient();
    expectStatus(await client.get('/'), 200);
    expectStatus(await client.get('/health'), 200);
    expectStatus(await client.send('OPTIONS', '/reports'), 204);
    expectStatus(await client.send('OPTIONS', `/reports/${absentKey()}/rooms`), 204);
  });
});
