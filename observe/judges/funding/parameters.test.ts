import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { listParameterJudge } from './parameters.js';
import { error, get, list } from './testing.js';

const RULES = ['FUND-27', 'FUND-28', 'FUND-29', 'FUND-30', 'FUND-38'];
const invalid = (path: string) => get(path, 422, error(422, 'validation'));

describe('funding list parameter judge', () => {
  it('passes 422 for invalid or unknown parameters and no 422 for valid ones', () => {
    const o = observed([listParameterJudge], [
      invalid('/funding/applications?limit=0'),
      invalid('/funding/applications?limit=101'),
      invalid('/funding/applications?page=0'),
      invalid('/funding/applications?page=1000001'),
      invalid('/funding/applications?page=1.5'),
      invalid('/funding/applications?limit=abc'),
      invalid('/funding/applications?Limit=10'),
      invalid('/reports/abcdefghi/funding/applications?cpfUnknown=1'),
      get('/funding/applications?page=1000000&limit=100', 200, list([], { page: 1000000, limit: 100 })),
      get('/reports/abcdefghi/funding/applications?limit=1', 200, list([], { limit: 1 })),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-27': 'pass 3/0', 'FUND-28': 'pass 3/0', 'FUND-29': 'pass 2/0', 'FUND-30': 'pass 1/0', 'FUND-38': 'pass 2/0' });
  });

  it('fails invalid parameters answered otherwise and valid ones answered 422', () => {
    const o = observed([listParameterJudge], [
      get('/funding/applications?limit=500', 200, list([], { limit: 100 })),
      get('/funding/applications?page=200000', 422, error(422, 'validation')),
      get('/funding/applications?page=1.5', 200, list([])),
      get('/funding/applications?sort=asc&page=1', 200, list([])),
      get('/reports/abcdefghi/funding/applications?limit=101', 200, list([])),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-27': 'fail 1/1', 'FUND-28': 'fail 1/1', 'FUND-29': 'fail 1/1', 'FUND-30': 'fail 1/1', 'FUND-38': 'fail 1/1' });
  });

  it('charges a 422 to a valid query to the parameter its envelope names, else to the only one given, else to neither', () => {
    const o = observed([listParameterJudge], [
      get('/funding/applications?page=1000000&limit=100', 422, { status: 422, error: 'Fehler', details: { type: 'validation', field: 'page' } }),
      get('/funding/applications?page=2', 422, error(422, 'validation')),
      // Either value may be the one refused: neither rule is proven broken.
      get('/funding/applications?page=2&limit=100', 422, error(422, 'validation')),
      get('/funding/applications?page=3&limit=50', 422, undefined),
      // The project list has one rule for both.
      get('/reports/abcdefghi/funding/applications?page=2&limit=100', 422, error(422, 'validation')),
    ]);
    expect(verdictsOf(o, ['FUND-27', 'FUND-28', 'FUND-38'])).toEqual({ 'FUND-27': 'not-observed 0/0', 'FUND-28': 'fail 2/2', 'FUND-38': 'fail 1/1' });
  });

  it('leaves answers explained otherwise and undecided spellings unjudged', () => {
    const o = observed([listParameterJudge], [
      get('/funding/applications?limit=0', 429, error(429, 'rate_limit')),
      get('/funding/applications?limit=0', 503, error(503, 'service_unavailable')),
      get('/funding/applications?cpfUnknown=1', 401, error(401, 'authentication')),
      get('/funding/applications?page=0', 403, error(403, 'authorization')),
      get('/reports/zzzzzzzzz/funding/applications?limit=0', 404, error(404, 'not_found')),
      get('/funding/applications?limit=01', 200, list([])),
      get('/funding/applications?page=1&page=0', 200, list([])),
      get('/funding/applications', 422, error(422, 'validation')),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-27': 'not-observed 0/0', 'FUND-28': 'not-observed 0/0', 'FUND-29': 'not-observed 0/0', 'FUND-30': 'not-observed 0/0', 'FUND-38': 'not-observed 0/0' });
  });
});
