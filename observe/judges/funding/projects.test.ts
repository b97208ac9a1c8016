import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { fundingProjectJudge } from './projects.js';
import { application, error, get, list, single, TOKEN } from './testing.js';

const RULES = ['FUND-11', 'FUND-36', 'FUND-43'];
const T0 = Date.parse('2026-12-03T10:00:00Z');
const detail = (key: string, id: unknown) => ({ projektHeader: { key, link: `https://site.example.test/r/${key}`, id, status: 1 }, projektData: {} });
const created = (key: string, id: number) => ({ method: 'POST', path: '/reports', status: 201, token: TOKEN, responseBody: { status: 200, action: 'createReport', ...detail(key, id) } });

describe('funding project judge', () => {
  it('passes applications naming own projects by key and id, in either order, and lists of own projects', () => {
    const o = observed([fundingProjectJudge], [
      get('/funding/applications', 200, list([application('2'), application('1', { projectKey: null, projectId: null })])),
      get('/reports/abcdefghi', 200, detail('abcdefghi', 17)),
      get('/funding/applications/3', 200, single(application('3', { projectKey: 'bcdefghij', projectId: 18 }))),
      get('/reports/bcdefghij', 200, detail('bcdefghij', 18)),
      created('cdefghijk', 19),
      get('/reports/cdefghijk/funding/applications', 200, list([])),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-11': 'pass 4/0', 'FUND-36': 'pass 1/0', 'FUND-43': 'pass 2/0' });
  });

  it('fails a key that is none, that reads as 404 or as another project, another projectId, and a 404 list of an own project', () => {
    const o = observed([fundingProjectJudge], [
      get('/funding/applications', 200, list([
        application('4', { projectKey: 'ABCDEFGHI' }),
        application('3', { projectKey: 'bcdefghij', projectId: 1018 }),
        application('2', { projectKey: 'zzzzzzzzz' }),
        application('1', { projectKey: 'abc' }),
      ])),
      get('/reports/ABCDEFGHI', 200, detail('abcdefghi', 17)),
      get('/reports/bcdefghij', 200, detail('bcdefghij', 18)),
      get('/reports/zzzzzzzzz', 404, error(404, 'not_found')),
      created('cdefghijk', 19),
      get('/reports/cdefghijk/funding/applications', 404, error(404, 'not_found')),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-11': 'fail 7/3', 'FUND-36': 'fail 1/1', 'FUND-43': 'fail 1/1' });
    expect(o.rules['FUND-43']?.failures[0]?.exchanges).toHaveLength(2);
  });

  it('leaves other customers, far reads, keys in another case, 403 and 429 unjudged', () => {
    const o = observed([fundingProjectJudge], [
      get('/funding/applications/2', 200, single(application('2', { projectKey: 'zzzzzzzzz', projectId: 5 })), T0),
      { path: '/reports/zzzzzzzzz', status: 404, token: 'another', responseBody: error(404, 'not_found'), at: T0 + 1000 },
      get('/reports/zzzzzzzzz', 403, error(403, 'authorization'), T0 + 2000),
      get('/reports/zzzzzzzzz', 429, error(429, 'rate_limit'), T0 + 3000),
      get('/reports/ZZZZZZZZZ', 404, error(404, 'not_found'), T0 + 4000),
      get('/reports/zzzzzzzzz', 200, detail('zzzzzzzzz', 6), T0 + 70_000),
      { ...created('cdefghijk', 19), at: T0 + 80_000 },
      get('/reports/CDEFGHIJK/funding/applications', 404, error(404, 'not_found'), T0 + 81_000),
      get('/reports/cdefghijk/funding/applications', 403, error(403, 'authorization'), T0 + 82_000),
      get('/reports/cdefghijk/funding/applications?cpfUnknown=1', 404, error(404, 'not_found'), T0 + 83_000),
      get('/reports/cdefghijk/funding/applications', 404, error(404, 'not_found'), T0 + 150_000),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'FUND-11': 'pass 1/0', 'FUND-36': 'not-observed 0/0', 'FUND-43': 'not-observed 0/0' });
  });
});
