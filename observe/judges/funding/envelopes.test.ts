import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { fundingEnvelopeJudge } from './envelopes.js';
import { application, error, get, list, observedWithout, single } from './testing.js';

const RULES = ['FUND-1', 'FUND-2', 'FUND-34'];

describe('funding envelope judge', () => {
  it('passes conforming answers, further members and another list action included', () => {
    const o = observed([fundingEnvelopeJudge], [
      get('/funding/applications', 200, { ...list([application('00010002')]), action: 'listFundingApplications', pages: 1, links: {} }),
      get('/funding/applications/00010002', 200, { ...single(application('00010002')), links: { self: 'x' } }),
      get('/reports/ABCDEFGHI/funding/applications', 200, { ...list([application('00010002'), application('00010001', { projectKey: null, projectId: null })]), projectKey: 'ABCDEFGHI' }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-1': 'pass 1/0', 'FUND-2': 'pass 1/0', 'FUND-34': 'pass 2/0' });
  });

  it('fails a wrong status, envelope or action, and applications of another project in a project list', () => {
    const o = observed([fundingEnvelopeJudge], [
      get('/funding/applications', 200, { ...list([]), total: '0' }),
      get('/funding/applications', 204),
      get('/funding/applications/00010002', 200, { ...single(application('00010002')), action: 'getApplication' }),
      get('/reports/abcdefghi/funding/applications', 200, list([application('00010002'), application('00010003', { projectKey: 'zyxwvutsr' })])),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-1': 'fail 2/2', 'FUND-2': 'fail 1/1', 'FUND-34': 'fail 2/1' });
    expect(o.rules['FUND-34']?.failures[0]?.message).toContain('"zyxwvutsr"');
  });

  it('fails a project list holding an application of the other kind, without project (the customer list merged in)', () => {
    const o = observed([fundingEnvelopeJudge], [
      get('/reports/abcdefghi/funding/applications', 200, list([application('00010002'), application('00010001', { applicationType: 'standalone', projectKey: null, projectId: null })])),
      get('/reports/abcdefghi/funding/applications', 200, list([application('00010003', { applicationType: 'standalone', projectKey: null, projectId: null })])),
    ]);
    expect(verdictsOf(o, ['FUND-34'])).toEqual({ 'FUND-34': 'fail 4/2' });
    expect(o.rules['FUND-34']?.failures[0]?.message).toContain('"00010001" of applicationType "standalone" without project');
  });

  it('leaves errors, 429, 5xx and unrecorded bodies unjudged', () => {
    const o = observedWithout([fundingEnvelopeJudge], [
      get('/funding/applications', 429, error(429, 'rate_limit')),
      get('/funding/applications/1', 404, error(404, 'not_found')),
      get('/reports/abcdefghi/funding/applications', 503, error(503, 'service_unavailable')),
      get('/funding/applications', 200),
    ], new Set([3]));
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-1': 'not-observed 0/0', 'FUND-2': 'not-observed 0/0', 'FUND-34': 'not-observed 0/0' });
  });
});
