import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { singleReadJudge } from './single-reads.js';
import { application, error, get, list, observedWithout, single } from './testing.js';

const T0 = Date.parse('2026-12-01T10:00:00Z');

describe('single read judge', () => {
  it('passes an id of the list read singly as the list showed it', () => {
    const o = observed([singleReadJudge], [
      get('/funding/applications', 200, list([application('00010002'), application('00010001')])),
      get('/funding/applications/00010002', 200, single(application('00010002'))),
      // An id the customer did not take from a list: only that it retrieves exactly that id.
      get('/funding/applications/0042', 200, single(application('0042'))),
    ]);
    expect(verdictsOf(o, ['FUND-6'])).toEqual({ 'FUND-6': 'pass 3/0' });
  });

  it('fails another application, one that differs from the list, and a 404 for a listed id', () => {
    const o = observed([singleReadJudge], [
      get('/reports/abcdefghi/funding/applications', 200, list([application('00010002'), application('00010001')])),
      get('/funding/applications/00010002', 200, single(application('00010002', { status: 'approval' }))),
      get('/funding/applications/00010001', 404, error(404, 'not_found')),
      get('/funding/applications/10001', 200, single(application('00010001'))),
    ]);
    expect(verdictsOf(o, ['FUND-6'])).toEqual({ 'FUND-6': 'fail 4/3' });
    expect(o.rules['FUND-6']?.failures.map((f) => f.exchanges.length)).toEqual([2, 2, 1]);
  });

  it('leaves reads of another customer, after the horizon, 429, 5xx, 403 and unrecorded bodies unjudged', () => {
    const o = observedWithout([singleReadJudge], [
      get('/funding/applications', 200, list([application('1')]), T0),
      { path: '/funding/applications/1', status: 404, token: 'another', responseBody: error(404, 'not_found'), at: T0 + 1000 },
      get('/funding/applications/1', 429, error(429, 'rate_limit'), T0 + 2000),
      get('/funding/applications/1', 503, error(503, 'service_unavailable'), T0 + 3000),
      get('/funding/applications/1', 403, error(403, 'authorization'), T0 + 4000),
      get('/funding/applications/1', 200, single(application('2')), T0 + 5000),
      get('/funding/applications/1', 404, error(404, 'not_found'), T0 + 70_000),
    ], new Set([5]));
    expect(verdictsOf(o, ['FUND-6'])).toEqual({ 'FUND-6': 'not-observed 0/0' });
  });
});
