/**
 * Errors (spec "Errors" and the error table): the envelope `{status, error, details: {type,
 * field?}}` with `status` equal to the HTTP status, and the rows of the error table that do not
 * belong to one resource: 404 malformed paths, a JSON Content-Type with parameters, 422 validation,
 * 422 calculation_unavailable. The body rules (400, 413, 415, 65536 bytes) are swept over every
 * endpoint in write-bodies.ts, malformed paths with other methods than GET in
 * malformed-path-methods.ts; 401, 403 and 404 of resources are checked in suites/auth.
 *
 * Body checks lease pool customers (`t.owner()`), so they spread over many rate-limit budgets.
 */
import { describe, expect } from 'vitest';
import { calculationUnavailableErrorSchema, errorEnvelopeSchema, type ErrorEnvelope, type ErrorType } from '../../spec/contract/error-envelope.js';
import { MAX_BODY_BYTES } from '../../spec/endpoints.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { REFUSED, type ApiResponse } from '../harness/client.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { paddedJson } from '../sweeps/bodies.js';
import { malformedPathMethodChecks } from './malformed-path-methods.js';
import { writeBodyChecks } from './write-bodies.js';
import { absentProjectKey } from '../harness/absent-key.js';

/** A valid body for POST /reports/with-data and PATCH /reports/{key}. */
function projectBody(suffix: string) {
  return { projectData: { projektName: harnessProjectName(suffix) } };
}

/**
 * The full envelope rule set: expectError, a JSON content type ("All requests and responses are
 * JSON"), a message that is not blank ("error: <German message string>"; its wording is open).
 * Further top-level and detail members are allowed: the envelope never says "only".
 */
function expectEnvelope(res: ApiResponse, status: number, type: ErrorType) {
  const body = expectError(res, status, type);
  expect(res.headers['content-type'] ?? '', `an error body must be sent as JSON; HTTP ${res.status}`).toMatch(/^application\/json\b/i);
  expect(body.error.trim(), `the error message must not be blank; HTTP ${res.status}`).not.toBe('');
  return body;
}

/**
 * ERR-6 ("`field?: <string>`"; "`field` is not always present") is judged only on answers that
 * carried a `details.field` (the envelope schema holds it to a string): a check whose answers
 * carried none did not exercise it.
 */
function judgeFields(t: CheckContext, bodies: readonly ErrorEnvelope[]): void {
  t.judged('ERR-6', bodies.filter((body) => body.details.field !== undefined).length, 'details.field values');
}

/** Whether a body is the API's envelope: a 400 without it comes from a layer before the API. */
function isEnvelope(res: ApiResponse): boolean {
  try {
    return errorEnvelopeSchema.safeParse(JSON.parse(res.text)).success;
  } catch {
    return false;
  }
}

// The body sweeps first: chains of a few requests each; the error table's single requests fill in around them.
writeBodyChecks();
malformedPathMethodChecks();

describe('error envelope', () => {
  check(['ERR-1', 'ERR-2', 'ERR-3', 'ERR-5', 'ERR-6'], 'errors 401, 403 and 404 are the envelope {status, error, details} as JSON, status equal to the HTTP status', async (t) => {
    const bodies = [expectEnvelope(await t.anonymous().get('/reports'), 401, 'authentication')];
    if (t.profile.customers.locked) bodies.push(expectEnvelope(await t.as('locked').get('/reports'), 403, 'authorization'));
    const owner = await t.owner();
    bodies.push(expectEnvelope(await owner.get(`/reports/${absentProjectKey()}`), 404, 'not_found'));
    bodies.push(expectEnvelope(await owner.get('/no-such-route'), 404, 'not_found'));
    judgeFields(t, bodies);
  });

  check(
    ['ERR-1', 'ERR-2', 'ERR-3', 'ERR-5', 'ERR-6'],
    'errors 400, 413, 415 and 422 are the envelope {status, error, details} as JSON, status equal to the HTTP status',
    async (t) => {
      const owner = await t.owner();
      judgeFields(t, [
        expectEnvelope(await owner.send('POST', '/reports/with-data', { raw: '{"projectData":', ...REFUSED }), 400, 'validation'),
        expectEnvelope(await owner.send('POST', '/reports/with-data', { raw: paddedJson(projectBody('ERR-1'), MAX_BODY_BYTES + 1), ...REFUSED }), 413, 'validation'),
        expectEnvelope(await owner.send('POST', '/reports/with-data', { raw: JSON.stringify(projectBody('ERR-1')), contentType: 'text/plain', ...REFUSED }), 415, 'validation'),
        expectEnvelope(await owner.post('/reports/with-data', { projectData: { projektBaujahr: 999 } }, REFUSED), 422, 'validation'),
      ]);
    },
    { writes: true },
  );
});

describe('404 malformed paths', () => {
  const paths: readonly [string, string][] = [
    ['a key of three letters', '/reports/abc'],
    ['a key of ten letters', '/reports/abcdefghij'],
    ['a key of nine digits', '/reports/123456789'],
    ['a key with a hyphen', '/reports/abcd-fghi'],
    ['an unknown sub-path of a project', `/reports/{key}/no-such-thing`],
    ['an unknown route under the prefix', '/no-such-route'],
    ['an unknown route below /funding', '/funding/no-such-route'],
  ];
  for (const [what, path] of paths) {
    check('ERR-12', `GET with ${what} (${path}) answers 404 not_found`, async (t) => {
      expectError(await (await t.owner()).get(path.replace('{key}', absentProjectKey())), 404, 'not_found');
    });
  }

  // "Malformed paths are also not found" governs the paths the API receives. A percent sign without
  // two hex digits makes the request-target no valid URI (RFC 3986), which an HTTP stack may refuse
  // before the API sees it ("Recipients of an invalid request-line SHOULD respond with either a 400
  // (Bad Request) error or a 301 (Moved Permanently) redirect", RFC 9112 section 3), and common
  // stacks do with 400: such a 400 carries no envelope of the API (FREE-ERR-8).
  const undecodable = '/reports/abcdefg%E0%A4%A';
  check('ERR-12', `GET with an undecodable percent escape (${undecodable}) answers 404 not_found, or a 400 of the HTTP layer without the API's envelope`, async (t) => {
    const res = await (await t.owner()).get(undecodable);
    if (res.status === 400 && !isEnvelope(res)) {
      t.note("the HTTP layer refused the request-target as no valid URI (400 without the API's envelope) before the API saw the path");
      return;
    }
    expectError(res, 404, 'not_found');
  });
});

describe('content type with parameters', () => {
  check(
    'ERR-27',
    'PATCH /reports/{projectKey} with Content-Type "application/json; charset=utf-8" is accepted (200, not 415)',
    async (t) => {
      const { actor, key } = await t.ownerWithProject();
      const res = await actor.send('PATCH', `/reports/${key}`, { raw: JSON.stringify({ projectData: { bemerkungen: harnessProjectName('ERR-27') } }), contentType: 'application/json; charset=utf-8' });
      expectStatus(res, 200);
    },
    { writes: true },
  );
});

describe('422 validation', () => {
  const cases: readonly [string, string, unknown][] = [
    ['ERR-16', 'an unknown field in the envelope', { projectData: { projektFarbe: 'blau' } }],
    ['ERR-16', 'an unknown top-level field next to the envelope', { projectData: { bemerkungen: 'cpf' }, cpfUnknown: 1 }],
    ['ERR-17', 'a boolean for a number field', { projectData: { projektBewohner: true } }],
    ['ERR-17', 'an array for a text field', { projectData: { projektName: ['cpf'] } }],
    ['ERR-18', 'a construction year out of range (999)', { projectData: { projektBaujahr: 999 } }],
    ['ERR-18', 'a heating type code out of range (7)', { projectData: { projektArtHeizung: 7 } }],
    ['ERR-19', 'both envelope names', { projectData: { bemerkungen: 'a' }, projektData: { bemerkungen: 'b' } }],
  ];
  for (const [rule, what, body] of cases) {
    check(
      [rule, 'ERR-6'],
      `PATCH /reports/{projectKey} with ${what} answers 422 validation (details.field a string when present)`,
      async (t) => {
        const { actor, key } = await t.ownerWithProject();
        judgeFields(t, [expectError(await actor.patch(`/reports/${key}`, body), 422, 'validation')]);
      },
      { writes: true },
    );
  }

  const listParameters: readonly [string, string][] = [
    ['an unknown parameter', 'cpfUnknown=1'],
    ['limit 101 (above the maximum)', 'limit=101'],
    ['a non-numeric limit', 'limit=abc'],
    ['page 0', 'page=0'],
    ['page 1000001 (above the maximum)', 'page=1000001'],
  ];
  for (const [what, query] of listParameters) {
    check(
      'ERR-20',
      `GET /funding/applications with ${what} (?${query}) answers 422 validation`,
      async (t) => {
        expectError(await (await t.owner()).get(`/funding/applications?${query}`), 422, 'validation');
      },
    );
  }

  check(
    'ERR-21',
    'GET /reports/{projectKey}/results of a project with incomplete data answers 422 calculation_unavailable with calculationStatus unavailable',
    async (t) => {
      const key = t.profile.resources?.primaryProjectKeys?.incomplete as string;
      const res = await t.as('primary').get(`/reports/${key}/results`);
      expectError(res, 422, 'calculation_unavailable');
      expectSchema(res, calculationUnavailableErrorSchema);
    },
    { needs: (p) => (p.resources?.primaryProjectKeys?.incomplete ? undefined : 'resources.primaryProjectKeys.incomplete') },
  );
});
