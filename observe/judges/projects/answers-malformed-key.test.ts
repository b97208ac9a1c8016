import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { malformedKeyJudge } from './answers-malformed-key.js';

const notFound = { status: 404, error: 'Nicht gefunden', details: { type: 'not_found' } };
const at = (path: string, status: number, method = 'GET', responseBody: unknown = notFound): ExchangeSpec => ({ method, path, token: 't1-abcdefgh', status, responseBody });

describe('malformed project keys', () => {
  it('passes 404 not_found for keys that are not nine letters, on any project route and method', () => {
    const o = observed([malformedKeyJudge], [
      at('/reports/abcdefgh', 404),
      at('/reports/abcdefgh1/rooms', 404, 'POST'),
      at('/reports/%C3%A4bcdefgh/rooms/7', 404, 'PATCH'),
      at('/reports/abcd-efgh/funding/applications', 404),
      at('/reports/123456789', 404, 'DELETE'),
    ]);
    expect(verdictsOf(o, ['PROJ-3'])).toEqual({ 'PROJ-3': 'pass 5/0' });
  });

  it('fails another status or type', () => {
    const o = observed([malformedKeyJudge], [at('/reports/abcdefghij', 400, 'GET', { status: 400, details: { type: 'validation' } }), at('/reports/abcdefgh', 404, 'GET', { status: 404, details: { type: 'validation' } })]);
    expect(verdictsOf(o, ['PROJ-3'])).toEqual({ 'PROJ-3': 'fail 2/2' });
  });

  it('leaves alone nine-letter keys, with-data, undecodable targets, OPTIONS and answers that take precedence', () => {
    const o = observed([malformedKeyJudge], [
      at('/reports/abcdefghi', 200),
      at('/reports/ABCDEFGHI/pdf', 403),
      at('/reports/%61bcdefghi', 200),
      at('/reports/with-data', 405),
      at('/reports/abcdefg%E0%A4%A', 400, 'GET', 'Bad Request'),
      at('/reports/abcdefgh', 204, 'OPTIONS', undefined),
      at('/reports/abcdefgh', 401),
      at('/reports/abcdefgh', 429),
      at('/reports/abcdefgh/unknown', 405),
    ]);
    expect(verdictsOf(o, ['PROJ-3'])).toEqual({ 'PROJ-3': 'not-observed 0/0' });
  });
});
