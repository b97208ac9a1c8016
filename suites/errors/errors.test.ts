/**
 * Errors (spec "Errors", "Limits" and the endpoint table's body rules): the envelope
 * `{status, error, details: {type, field?}}` with `status` equal to the HTTP status, and the rows
 * of the error table that do not belong to one resource: 400 malformed JSON, 404 malformed paths,
 * 413 bodies over 65536 bytes (and acceptance at exactly 65536), 415 content types, 422 validation,
 * 422 calculation_unavailable. 401, 403 and 404 of resources are checked in suites/auth.
 *
 * Body checks lease pool customers (`t.owner()`), so they spread over many rate-limit budgets.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { calculationUnavailableErrorSchema, type ErrorType } from '../contract/error-envelope.js';
import { creationResponseSchema, MAX_BODY_BYTES } from '../contract/projects.js';
import { check, harnessProjectName } from '../harness/check.js';
import { HarnessError, type ApiResponse } from '../harness/client.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';

/** Nine random lowercase letters: a well-formed key that no project has (2^42 keys). */
function absentKey(): string {
  return Array.from(randomBytes(9), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** A valid body for POST /reports/with-data and PATCH /reports/{key}. */
function projectBody(suffix: string) {
  return { projectData: { projektName: harnessProjectName(suffix) } };
}

/** `value` as JSON followed by spaces (JSON whitespace) up to exactly `bytes` bytes. */
function paddedJson(value: unknown, bytes: number): string {
  const json = JSON.stringify(value);
  const size = Buffer.byteLength(json);
  if (size > bytes) throw new HarnessError(`body of ${size} bytes does not fit into ${bytes}`);
  const body = json + ' '.repeat(bytes - size);
  if (Buffer.byteLength(body) !== bytes) throw new HarnessError('padded body has the wrong size');
  return body;
}

/**
 * A project body of exactly `bytes` bytes but far fewer characters: the name is made of "ä" (two
 * bytes each in UTF-8), so a target counting characters instead of bytes sees about half the size.
 */
function multibyteJson(bytes: number): string {
  const base = Buffer.byteLength(JSON.stringify({ projectData: { projektName: '' } }));
  const umlauts = Math.floor((bytes - base) / 2);
  const name = 'ä'.repeat(umlauts) + 'a'.repeat(bytes - base - 2 * umlauts);
  const body = JSON.stringify({ projectData: { projektName: name } });
  if (Buffer.byteLength(body) !== bytes) throw new HarnessError('multibyte body has the wrong size');
  return body;
}

/** The full envelope rule set: expectError, a JSON content type, a message that is not blank. */
function expectEnvelope(res: ApiResponse, status: number, type: ErrorType) {
  const body = expectError(res, status, type);
  expect(res.headers['content-type'] ?? '', `an error body must be sent as JSON; HTTP ${res.status}`).toMatch(/^application\/json\b/i);
  expect(body.error.trim(), `the error message must not be blank; HTTP ${res.status}`).not.toBe('');
  return body;
}

describe('error envelope', () => {
  check(['ERR-1', 'ERR-2', 'ERR-3', 'ERR-5', 'ERR-6'], 'errors 401, 403 and 404 are exactly {status, error, details} as JSON, status equal to the HTTP status', async (t) => {
    expectEnvelope(await t.anonymous().get('/reports'), 401, 'authentication');
    if (t.profile.customers.locked) expectEnvelope(await t.as('locked').get('/reports'), 403, 'authorization');
    const owner = await t.owner();
    expectEnvelope(await owner.get(`/reports/${absentKey()}`), 404, 'not_found');
    expectEnvelope(await owner.get('/no-such-route'), 404, 'not_found');
  });

  check(
    ['ERR-1', 'ERR-2', 'ERR-3', 'ERR-5', 'ERR-6'],
    'errors 400, 413, 415 and 422 are exactly {status, error, details} as JSON, status equal to the HTTP status',
    async (t) => {
      const owner = await t.owner();
      expectEnvelope(await owner.send('POST', '/reports/with-data', { raw: '{"projectData":' }), 400, 'validation');
      expectEnvelope(await owner.send('POST', '/reports/with-data', { raw: paddedJson(projectBody('ERR-1'), MAX_BODY_BYTES + 1) }), 413, 'validation');
      expectEnvelope(await owner.send('POST', '/reports/with-data', { raw: JSON.stringify(projectBody('ERR-1')), contentType: 'text/plain' }), 415, 'validation');
      expectEnvelope(await owner.post('/reports/with-data', { projectData: { projektBaujahr: 999 } }), 422, 'validation');
    },
    { writes: true },
  );
});

describe('400 malformed JSON', () => {
  const bodies: readonly [string, string][] = [
    ['a truncated object', '{"projectData":{"projektName":"cpf"}'],
    ['a trailing comma', '{"projectData":{"projektName":"cpf",}}'],
    ['single quotes', "{'projectData':{'projektName':'cpf'}}"],
    ['unquoted keys', '{projectData:{projektName:"cpf"}}'],
    ['form data sent as JSON', 'projectData%5BprojektName%5D=cpf'],
  ];
  for (const [what, raw] of bodies) {
    check(
      'ERR-8',
      `POST /reports/with-data with ${what} answers 400 validation`,
      async (t) => {
        expectError(await (await t.owner()).send('POST', '/reports/with-data', { raw }), 400, 'validation');
      },
      { writes: true },
    );
  }

  check(
    'ERR-8',
    'PATCH /reports/{projectKey} and PUT .../password with malformed JSON answer 400 validation',
    async (t) => {
      const { actor, key } = await t.ownerWithProject();
      expectError(await actor.send('PATCH', `/reports/${key}`, { raw: '{"projectData":{"bemerkungen":"cpf"' }), 400, 'validation');
      expectError(await actor.send('PUT', `/reports/${key}/password`, { raw: '{"newPassword":cpf-conformance}' }), 400, 'validation');
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
    ['an undecodable percent escape', '/reports/abcdefg%E0%A4%A'],
    ['an unknown sub-path of a project', `/reports/{key}/no-such-thing`],
    ['an unknown route under the prefix', '/no-such-route'],
    ['an unknown route below /funding', '/funding/no-such-route'],
  ];
  for (const [what, path] of paths) {
    check('ERR-12', `GET with ${what} (${path}) answers 404 not_found`, async (t) => {
      expectError(await (await t.owner()).get(path.replace('{key}', absentKey())), 404, 'not_found');
    });
  }
});

describe('413 and the 64 KiB limit', () => {
  check(
    'ERR-13',
    'POST /reports/with-data with 65537 bytes of valid JSON answers 413 validation',
    async (t) => {
      const res = await (await t.owner()).send('POST', '/reports/with-data', { raw: paddedJson(projectBody('ERR-13'), MAX_BODY_BYTES + 1) });
      expectError(res, 413, 'validation');
    },
    { writes: true },
  );

  check(
    'ERR-13',
    'PATCH /reports/{projectKey} with 65537 bytes of which many are two-byte characters answers 413 validation (bytes, not characters)',
    async (t) => {
      const { actor, key } = await t.ownerWithProject();
      expectError(await actor.send('PATCH', `/reports/${key}`, { raw: multibyteJson(MAX_BODY_BYTES + 1) }), 413, 'validation');
    },
    { writes: true },
  );

  check(
    'ERR-13',
    'PUT /reports/{projectKey}/password with 65537 bytes answers 413 validation',
    async (t) => {
      const { actor, key } = await t.ownerWithProject();
      const res = await actor.send('PUT', `/reports/${key}/password`, { raw: paddedJson({ newPassword: 'cpf-conformance-Passwort-1' }, MAX_BODY_BYTES + 1) });
      expectError(res, 413, 'validation');
    },
    { writes: true },
  );

  check(
    'ERR-14',
    'POST /reports/with-data with exactly 65536 bytes of valid JSON answers 201',
    async (t) => {
      const res = await (await t.owner()).send('POST', '/reports/with-data', { raw: paddedJson(projectBody('ERR-14'), MAX_BODY_BYTES) });
      expectStatus(res, 201);
      expect(expectSchema(res, creationResponseSchema).projektData.projektName).toBe(harnessProjectName('ERR-14'));
    },
    { writes: true },
  );

  check(
    'ERR-14',
    'PATCH /reports/{projectKey} with exactly 65536 bytes of valid JSON answers 200',
    async (t) => {
      const { actor, key } = await t.ownerWithProject();
      expectStatus(await actor.send('PATCH', `/reports/${key}`, { raw: paddedJson({ projectData: { bemerkungen: harnessProjectName('ERR-14') } }, MAX_BODY_BYTES) }), 200);
    },
    { writes: true },
  );
});

describe('415 content type', () => {
  const cases: readonly [string, string | null, string][] = [
    ['Content-Type text/plain', 'text/plain', JSON.stringify(projectBody('ERR-15'))],
    ['Content-Type application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'projectData%5BprojektName%5D=cpf'],
    ['Content-Type application/xml', 'application/xml', '<projectData><projektName>cpf</projektName></projectData>'],
    ['no Content-Type', null, JSON.stringify(projectBody('ERR-15'))],
  ];
  for (const [what, contentType, raw] of cases) {
    check(
      'ERR-15',
      `POST /reports/with-data with ${what} and a body answers 415 validation`,
      async (t) => {
        expectError(await (await t.owner()).send('POST', '/reports/with-data', { raw, contentType }), 415, 'validation');
      },
      { writes: true },
    );
  }

  check(
    'ERR-15',
    'PATCH /reports/{projectKey} and PUT .../password with a JSON body sent as text/plain answer 415 validation',
    async (t) => {
      const { actor, key } = await t.ownerWithProject();
      expectError(await actor.send('PATCH', `/reports/${key}`, { raw: JSON.stringify({ projectData: { bemerkungen: 'cpf' } }), contentType: 'text/plain' }), 415, 'validation');
      expectError(await actor.send('PUT', `/reports/${key}/password`, { raw: JSON.stringify({ newPassword: 'cpf-conformance-Passwort-1' }), contentType: 'text/plain' }), 415, 'validation');
    },
    { writes: true },
  );

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
        expectError(await actor.patch(`/reports/${key}`, body), 422, 'validation');
      },
      { writes: true },
    );
  }

  const listParameters: readonly [string, string][] = [
    ['an unknown parameter', 'cpfUnknown=1'],
    ['limit 0', 'limit=0'],
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
