import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { unknownPathJudge } from './unknown-paths.js';

const token = 'tok-paths-01';
const notFound = { status: 404, error: 'Nicht gefunden', details: { type: 'not_found' } };

describe('unknown path judge', () => {
  it('passes 404 not_found for malformed keys and unknown routes, whatever the method', () => {
    const o = observed([unknownPathJudge], [
      { path: '/reports/abc', token, status: 404, responseBody: notFound },
      { path: '/reports/abcdefghij', token, status: 404, responseBody: notFound },
      { path: '/reports/abcdefghi/no-such-thing', token, status: 404, responseBody: notFound },
      { method: 'POST', path: '/no-such-route', token, requestBody: { projectData: { projektName: 'x' } }, status: 404, responseBody: notFound },
      { method: 'HEAD', path: '/funding/no-such-route', token, status: 404 },
      { path: '/reports/abcdefg%E0%A4%A', token, status: 404, responseBody: notFound },
    ]);
    expect(verdictsOf(o, ['ERR-12'])).toEqual({ 'ERR-12': 'pass 6/0' });
  });

  it('fails another answer to a path of no endpoint', () => {
    const o = observed([unknownPathJudge], [
      { path: '/reports/123', token, status: 400, responseBody: { status: 400, error: 'Falsch', details: { type: 'validation' } } },
      { method: 'PUT', path: '/reports/abc', token, requestBody: { newPassword: 'x' }, status: 405, responseBody: { status: 405, error: 'Nein', details: { type: 'method_not_allowed' } } },
      { path: '/no-such-route', token, status: 404, responseBody: { status: 404, error: 'Nicht gefunden', details: { type: 'validation' } } },
    ]);
    expect(verdictsOf(o, ['ERR-12'])).toEqual({ 'ERR-12': 'fail 3/3' });
  });

  it('leaves unjudged paths of the table, their near spellings, and answers precedence or the HTTP layer explain', () => {
    const o = observed([unknownPathJudge], [
      { method: 'DELETE', path: '/reports/abcdefghi', token, status: 405, responseBody: { status: 405, error: 'Nein', details: { type: 'validation' } } },
      { path: '/REPORTS', token, status: 200, responseBody: { projekte: [] } },
      { path: '/reports/', token, status: 200, responseBody: { projekte: [] } },
      { path: '/reports/%61bcdefghi', token, status: 200, responseBody: {} },
      { method: 'OPTIONS', path: '/no-such-route', status: 204 },
      { path: '/no-such-route', status: 401, responseBody: { status: 401, error: 'Anmelden', details: { type: 'authentication' } } },
      { path: '/no-such-route', token, status: 403, responseBody: { status: 403, error: 'Lizenz', details: { type: 'authorization' } } },
      { path: '/no-such-route', token, status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } } },
      { path: '/reports/abcdefg%E0%A4%A', token, status: 400, responseBody: 'Bad Request' },
      { path: 'https://api.example.test/api/v1/reports', token, status: 200, responseBody: {} },
    ]);
    expect(verdictsOf(o, ['ERR-12'])).toEqual({ 'ERR-12': 'not-observed 0/0' });
  });
});
