import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { listPagingJudge } from './paging.js';
import { application, error, get, list, observedWithout } from './testing.js';

const RULES = ['FUND-25', 'FUND-26', 'FUND-31', 'FUND-33'];
const apps = (...ids: string[]) => ids.map((id) => application(id));

describe('funding list paging judge', () => {
  it('passes defaults, paging that describes the request, and either order of ids', () => {
    const o = observed([listPagingJudge], [
      get('/funding/applications', 200, list(apps('00010003', '00010002', '00010001'))),
      get('/funding/applications?page=2&limit=2', 200, list(apps('00010001'), { total: 3, page: 2, limit: 2 })),
      // Text order ("9" before "64" before "10") and numeric order ("64" before "10" before "9") both conform.
      get('/reports/abcdefghi/funding/applications?limit=100', 200, list(apps('9', '64', '10'), { limit: 100 })),
      get('/funding/applications?limit=3', 200, list(apps('64', '10', '9'), { total: 5, limit: 3 })),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-25': 'pass 3/0', 'FUND-26': 'pass 1/0', 'FUND-31': 'pass 3/0', 'FUND-33': 'pass 4/0' });
  });

  it('fails another default, paging that does not describe the request, and a wrong order', () => {
    const o = observed([listPagingJudge], [
      get('/funding/applications', 200, list(apps('00010001'), { total: 3, limit: 20 })),
      get('/funding/applications?page=1&limit=2', 200, list(apps('00010001', '00010002'), { total: 3, limit: 2 })),
      get('/funding/applications?page=2&limit=2', 200, list(apps('00010002', '00010001'), { total: 5, page: 2, limit: 2 })),
      get('/funding/applications?page=2&limit=2', 200, list(apps('00010001'), { total: 5, page: 2, limit: 2 })),
      get('/funding/applications?limit=2', 200, list(apps('00010002'), { total: 5, limit: 3 })),
      get('/reports/abcdefghi/funding/applications', 422, error(422, 'validation')),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-25': 'fail 4/3', 'FUND-26': 'fail 2/2', 'FUND-31': 'fail 2/1', 'FUND-33': 'fail 5/2' });
  });

  it('charges a first page of the wrong size to `page` starting at 1, a page past the end to FUND-32, a wrong default to FUND-26 alone', () => {
    const o = observed([listPagingJudge], [
      // Pages counted from 0: page 1 holds what the second page holds.
      get('/funding/applications?page=1', 200, list(apps('00010014', '00010013'), { total: 52 })),
      get('/funding/applications?page=1000000', 200, list(apps('00010002', '00010001'), { total: 64, page: 1000000 })),
      get('/funding/applications', 200, list(apps('00010064', '00010063'), { total: 64, limit: 2 })),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-25': 'fail 2/1', 'FUND-26': 'fail 3/1', 'FUND-31': 'pass 3/0', 'FUND-33': 'pass 3/0' });
    expect(o.rules['FUND-25']?.failures[0]?.message).toContain('is not the first page: 2 applications at page 1, limit 50 of total 52 (expected 50)');
  });

  it('charges a 422 to the default left out only when it names it or the query gave none', () => {
    const o = observed([listPagingJudge], [
      get('/funding/applications?page=1000000', 422, { status: 422, error: 'Fehler', details: { type: 'validation', field: 'page' } }),
      get('/funding/applications?page=2', 422, error(422, 'validation')),
      get('/funding/applications?page=2', 422, { status: 422, error: 'Fehler', details: { type: 'validation', field: 'limit' } }),
    ]);
    expect(verdictsOf(o, ['FUND-25', 'FUND-26'])).toEqual({ 'FUND-25': 'not-observed 0/0', 'FUND-26': 'fail 1/1' });
  });

  it('leaves errors, 429, 5xx, unclear queries and unrecorded bodies unjudged', () => {
    const o = observedWithout([listPagingJudge], [
      get('/funding/applications', 429, error(429, 'rate_limit')),
      get('/funding/applications', 500, error(500, 'server_error')),
      get('/funding/applications', 401, error(401, 'authentication')),
      get('/funding/applications?limit=01', 200, list([application('1')], { limit: 7 })),
      get('/funding/applications', 200, list(apps('1', '2'), { limit: 7 })),
    ], new Set([4]));
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-25': 'not-observed 0/0', 'FUND-26': 'not-observed 0/0', 'FUND-31': 'not-observed 0/0', 'FUND-33': 'not-observed 0/0' });
  });
});
