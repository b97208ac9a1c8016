/**
 * Authentication (spec "Authentication" 1 to 5, error table row 401): the bearer token is the only
 * way in; a missing, empty, unknown or altered token, another scheme or none, a token in the query
 * string and a blocked customer all answer 401 `authentication` on every protected endpoint (swept
 * over the endpoint table, spec/endpoints.ts), and the public endpoints need no token.
 *
 * Requests without a valid token are paced under the target's per-IP limit (`#invalid-token`); the
 * sweeps send about 55 of them, which the pacer spreads over two of its windows.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import type { Profile } from '../../spec/profile.schema.js';
import { endpointLabel, PROTECTED_ENDPOINTS, type Endpoint } from '../../spec/endpoints.js';
import { Actor, REFUSED, type ApiResponse, type ThrottleMeaning } from '../harness/client.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { invalidTokenLane } from '../../harness-core/invalid-token-lane.js';
import { isJwtShaped } from '../../harness-core/jwt-shape.js';
import { readOnward } from '../harness/read-onward.js';
import { someValues } from '../sweeps/path-values.js';
import { send } from '../sweeps/requests.js';
import { absentProjectKey } from '../harness/absent-key.js';

/** A well-formed token that no target issued: 256 random bits in hex. */
function unknownToken(): string {
  return randomBytes(32).toString('hex');
}

/** A valid token with its last character changed: same length and alphabet, one character off. */
function alteredToken(token: string): string {
  const last = token.at(-1);
  return `${token.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`;
}

/**
 * The minimal valid request of `endpoint` (spec/endpoints.ts) on resources that need not exist,
 * which the check asserts is refused (401): sent again past a gateway's answer, whatever its method.
 */
function sendTo(actor: Actor, endpoint: Endpoint, profile: Profile, rule: string, headers?: Record<string, string>): Promise<ApiResponse> {
  return send(actor, endpoint, someValues(profile), { text: harnessProjectName(rule), ...REFUSED, ...(headers ? { headers } : {}) });
}

/** Invalid tokens, taken in turn by the endpoints of the sweep. */
const INVALID_TOKENS: readonly { what: string; actor: (t: CheckContext) => Actor; headers?: Record<string, string> }[] = [
  { what: 'an unknown token', actor: (t) => t.withToken(unknownToken()) },
  { what: 'a valid token changed in its last character', actor: (t) => t.withToken(alteredToken(t.profile.customers.primary.tokens[0] as string), 'altered token') },
  { what: 'an empty bearer token ("Bearer ")', actor: (t) => t.anonymous(), headers: { authorization: 'Bearer ' } },
];

/**
 * Sends a request that carries `owner`'s valid token in a way that must not authenticate. It is
 * paced twice: as a request without a valid token (the target counts it per IP), and as one of
 * the owner's, because a target that wrongly admits it counts it against the owner's limit, and
 * the harness's next request of that owner would then meet a 429. The invalid-token lane is taken
 * first: its wait can last seconds, and the owner's other checks must not wait that long.
 */
const TOKEN_TAKEN_ANYWAY: ThrottleMeaning = {
  verdict: 'failed',
  reason: 'the request carries no token the spec accepts and was paced below the per-address limit, so a 429 means the target authenticated it as the customer',
};

async function sendCountedForBoth(t: CheckContext, owner: Actor, request: (actor: Actor) => Promise<ApiResponse>): Promise<ApiResponse> {
  const { customer, ...pace } = invalidTokenLane(t.profile);
  const releaseLane = await t.holdLane(customer, pace);
  try {
    const releaseOwner = await t.holdLane(owner.label);
    try {
      // Paced below the per-address limit for unauthenticated requests and in the owner's window:
      // a 429 can only come from counting it as the owner's, i.e. from taking the token this way.
      return await request(new Actor('token not sent as Bearer', undefined, undefined, t, TOKEN_TAKEN_ANYWAY));
    } finally {
      await releaseOwner();
    }
  } finally {
    await releaseLane();
  }
}

/** A leased owner whose token has just authenticated with Bearer (200): the variants below start from a token known to be valid. */
async function ownerWithValidToken(t: CheckContext): Promise<{ owner: Actor; token: string }> {
  const owner = await t.owner();
  readOnward(await owner.get('/reports'), { status: 200, schema: z.unknown(), owner: 'PROJ-89', what: "the leased owner's GET /reports with its bearer token" });
  return { owner, token: t.entryOf(owner.label).tokens[0] as string };
}

interface Variant {
  what: string;
  /** `{token}` is replaced by the URL-encoded token. */
  path: string;
  headers?: (token: string) => Record<string, string>;
}

async function expectVariantsRefused(t: CheckContext, variants: readonly Variant[]): Promise<void> {
  const admitted: string[] = [];
  await Promise.all(
    variants.map(async (variant) => {
      const { owner, token } = await ownerWithValidToken(t);
      const path = variant.path.replace('{token}', encodeURIComponent(token));
      const res = await sendCountedForBoth(t, owner, (actor) => actor.get(path, { headers: variant.headers?.(token) ?? {} }));
      if (res.status !== 401) admitted.push(`${variant.what}: HTTP ${res.status} ${res.text.slice(0, 120)}`);
      else expectError(res, 401, 'authentication');
    }),
  );
  expect(admitted, 'these ways of sending a valid token must not authenticate (401 expected)').toEqual([]);
}

/**
 * The blocked customer's checks: paced at its 2 per second besides the invalid-token lane, they
 * take the longest to pass through that lane.
 */
export function blockedCustomerChecks(): void {
  describe('blocked customer (every protected endpoint)', () => {
    for (const endpoint of PROTECTED_ENDPOINTS) {
      check(
        ['AUTH-3', 'ERR-9'],
        `${endpointLabel(endpoint)} with a valid token of a blocked customer answers 401 authentication`,
        async (t) => {
          expectError(await sendTo(t.as('blocked'), endpoint, t.profile, 'AUTH-3'), 401, 'authentication');
        },
        { writes: endpoint.writes },
      );
    }
  });
}

/** The missing token's checks, one request each in the invalid-token lane. */
export function missingTokenChecks(): void {
  describe('missing token (every protected endpoint)', () => {
    for (const endpoint of PROTECTED_ENDPOINTS) {
      check(
        ['AUTH-1', 'ERR-9'],
        `${endpointLabel(endpoint)} without an Authorization header answers 401 authentication`,
        async (t) => {
          expectError(await sendTo(t.anonymous(), endpoint, t.profile, 'AUTH-1'), 401, 'authentication');
        },
        { writes: endpoint.writes },
      );
    }
  });
}

/** The invalid token's checks, one request each in the invalid-token lane. */
export function invalidTokenChecks(): void {
  describe('invalid token (every protected endpoint)', () => {
    PROTECTED_ENDPOINTS.forEach((endpoint, i) => {
      const invalid = INVALID_TOKENS[i % INVALID_TOKENS.length] as (typeof INVALID_TOKENS)[number];
      check(
        ['AUTH-2', 'ERR-9'],
        `${endpointLabel(endpoint)} with ${invalid.what} answers 401 authentication`,
        async (t) => {
          expectError(await sendTo(invalid.actor(t), endpoint, t.profile, 'AUTH-2', invalid.headers), 401, 'authentication');
        },
        { writes: endpoint.writes },
      );
    });
  });
}

/** The other authentication checks: a valid token sent otherwise than as Bearer, and the public endpoints. */
export function authenticationChecks(): void {
  describe('token without the Bearer scheme (every protected endpoint)', () => {
    for (const endpoint of PROTECTED_ENDPOINTS) {
      check(
        ['AUTH-4', 'ERR-9'],
        `${endpointLabel(endpoint)} with a valid token sent bare ("Authorization: <token>", no scheme) answers 401 authentication`,
        async (t) => {
          const { owner, token } = await ownerWithValidToken(t);
          // The exchange shows the header as <redacted>: a value without a scheme is redacted whole.
          const res = await sendCountedForBoth(t, owner, (actor) => sendTo(actor, endpoint, t.profile, 'AUTH-4', { authorization: token }));
          expectError(res, 401, 'authentication');
        },
        { writes: endpoint.writes },
      );
    }
  });

  describe('token transport', () => {
    check(['AUTH-4', 'ERR-9'], 'GET /reports with a valid token as Basic credentials or with the scheme "Token" answers 401 authentication', async (t) => {
      await expectVariantsRefused(t, [
        { what: 'Basic with base64(token:)', path: '/reports', headers: (token) => ({ authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}` }) },
        { what: 'Basic with the bare token', path: '/reports', headers: (token) => ({ authorization: `Basic ${token}` }) },
        { what: 'the scheme "Token"', path: '/reports', headers: (token) => ({ authorization: `Token ${token}` }) },
      ]);
    });

    check(['AUTH-5', 'ERR-9'], 'a valid token only in the query string (?token=, ?access_token=) answers 401 authentication', async (t) => {
      await expectVariantsRefused(t, [
        { what: 'the token in ?token=', path: '/reports?token={token}' },
        { what: 'the token in ?access_token=', path: '/reports?access_token={token}' },
      ]);
    });

    check('AUTH-6', 'no token the target accepts is a JWT (three dot-separated base64url segments with a JSON header): every token of the profile\'s role customers, each first shown to authenticate', async (t) => {
      // The blocked customer's tokens authenticate no one (401): they cannot be shown to be the target's.
      const roles = (['primary', 'foreign', 'expiredUnlocked', 'locked', 'noHeatpumpRight', 'education'] as const).filter((role) => t.profile.customers[role]);
      const tokens = roles.flatMap((role) => (t.profile.customers[role]?.tokens ?? []).map((token, index) => ({ role, index, token })));
      expect(tokens.length, 'the profile has no role customer with a token').toBeGreaterThan(0);
      const answers = await Promise.all(tokens.map(({ role, index }) => t.as(role, index).get('/reports')));
      // Only a token the target accepts shows the target's form; one it refuses is the profile's problem, not judged here.
      const accepted = tokens.filter((_token, i) => answers[i]?.status !== 401);
      if (accepted.length === 0) t.skip('no token of the profile\'s role customers authenticates (every GET /reports answered 401)');
      const jwts = accepted.filter(({ token }) => isJwtShaped(token)).map(({ role, index }) => `customers.${role}.tokens[${index}]`);
      expect(jwts, `tokens the target accepted are JWTs: ${jwts.join(', ')}`).toEqual([]);
      t.judged('AUTH-6', accepted.length, `tokens the target accepted (of ${tokens.length} tokens of ${roles.length} role customers)`);
    });
  });

  describe('public endpoints', () => {
    check('AUTH-14', 'GET /, GET /health and OPTIONS answer without a token (200, 200, 204)', async (t) => {
      const client = t.publicClient();
      expectStatus(await client.get('/'), 200);
      expectStatus(await client.get('/health'), 200);
      expectStatus(await client.send('OPTIONS', '/reports'), 204);
      expectStatus(await client.send('OPTIONS', `/reports/${absentProjectKey()}/rooms`), 204);
    });
  });
}
