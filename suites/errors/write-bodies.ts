/**
 * The body rules of the error table and "Limits", swept over every endpoint of the endpoint table
 * that takes a JSON body (spec/endpoints.ts): malformed JSON gives 400, a body over 65536 bytes
 * 413 (bytes, not characters), a body of exactly 65536 bytes is not refused for its size, and a
 * body that is not application/json (or has no Content-Type) gives 415. POST /reports is one of
 * them: its body may be omitted, but a body that is sent is a write body like any other.
 *
 * Every request goes to an own resource of a leased pool customer (its shared project and room),
 * so nothing but the body can be wrong.
 */
import { describe, expect } from 'vitest';
import { endpointLabel, JSON_BODY_ENDPOINTS, MAX_BODY_BYTES, type Endpoint } from '../../spec/endpoints.js';
import { REFUSED, type ApiResponse } from '../harness/client.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { expectError, expectStatus } from '../harness/expect-api.js';
import { MALFORMED_JSON, multibyteJson, NOT_JSON_TYPES, paddedJson } from '../sweeps/bodies.js';
import { ownValues } from '../sweeps/path-values.js';
import { send, type EndpointRequest } from '../sweeps/requests.js';

const WRITES = { writes: true } as const;

interface BodyVariant {
  what: string;
  request: EndpointRequest;
}

/** Sends every variant as an owner of the endpoint's resources and collects each wrong answer. */
async function expectEach(t: CheckContext, endpoint: Endpoint, variants: readonly BodyVariant[], judge: (res: ApiResponse) => void): Promise<void> {
  const { actor, values } = await ownValues(t, endpoint);
  const wrong: string[] = [];
  for (const variant of variants) {
    const res = await send(actor, endpoint, values, variant.request);
    try {
      judge(res);
    } catch (err) {
      wrong.push(`${variant.what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  expect(wrong, `${endpointLabel(endpoint)} answered these bodies wrongly`).toEqual([]);
}

const minimalJson = (endpoint: Endpoint, rule: string) => JSON.stringify(endpoint.minimalBody(harnessProjectName(rule)));

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function writeBodyChecks(): void {
  describe('400 malformed JSON (every endpoint with a JSON body)', () => {
    for (const endpoint of JSON_BODY_ENDPOINTS) {
      check(
        'ERR-8',
        `${endpointLabel(endpoint)} with malformed JSON (${MALFORMED_JSON.map((m) => m.what).join(', ')}) answers 400 validation`,
        async (t) => {
          const variants = MALFORMED_JSON.map((m) => ({ what: m.what, request: { text: '', raw: m.raw, ...REFUSED } }));
          await expectEach(t, endpoint, variants, (res) => expectError(res, 400, 'validation'));
        },
        WRITES,
      );
    }
  });

  describe('413 and the 64 KiB limit (every endpoint with a JSON body)', () => {
    for (const endpoint of JSON_BODY_ENDPOINTS) {
      const valid = endpoint.minimalBody(harnessProjectName('ERR-13'));
      const multibyte = multibyteJson(valid, MAX_BODY_BYTES + 1);
      check(
        'ERR-13',
        `${endpointLabel(endpoint)} with ${MAX_BODY_BYTES + 1} bytes of valid JSON${multibyte ? ' (padded with spaces, and with a string of two-byte characters)' : ''} answers 413 validation`,
        async (t) => {
          const variants: BodyVariant[] = [{ what: `its valid body padded with spaces to ${MAX_BODY_BYTES + 1} bytes`, request: { text: '', raw: paddedJson(valid, MAX_BODY_BYTES + 1), ...REFUSED } }];
          if (multibyte) variants.push({ what: `${MAX_BODY_BYTES + 1} bytes of which many are two-byte characters (bytes, not characters)`, request: { text: '', raw: multibyte, ...REFUSED } });
          await expectEach(t, endpoint, variants, (res) => expectError(res, 413, 'validation'));
        },
        WRITES,
      );

      check(
        'ERR-14',
        `${endpointLabel(endpoint)} with exactly ${MAX_BODY_BYTES} bytes of valid JSON answers ${endpoint.success}`,
        async (t) => {
          const raw = paddedJson(endpoint.minimalBody(harnessProjectName('ERR-14')), MAX_BODY_BYTES);
          await expectEach(t, endpoint, [{ what: `its valid body padded with spaces to ${MAX_BODY_BYTES} bytes`, request: { text: '', raw } }], (res) => expectStatus(res, endpoint.success));
        },
        WRITES,
      );
    }
  });

  describe('415 content type (every endpoint with a JSON body)', () => {
    for (const endpoint of JSON_BODY_ENDPOINTS) {
      check(
        'ERR-15',
        `${endpointLabel(endpoint)} with a body and ${NOT_JSON_TYPES.map((v) => v.what).join(', ')} answers 415 validation`,
        async (t) => {
          const variants = NOT_JSON_TYPES.map((v) => ({ what: v.what, request: { text: '', raw: v.raw ?? minimalJson(endpoint, 'ERR-15'), contentType: v.contentType, ...REFUSED } }));
          await expectEach(t, endpoint, variants, (res) => expectError(res, 415, 'validation'));
        },
        WRITES,
      );
    }
  });
}
