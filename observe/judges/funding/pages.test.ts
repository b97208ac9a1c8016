import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { listPagesJudge } from './pages.js';
import { listPagingJudge } from './paging.js';
import { application, error, get, list, single } from './testing.js';

const T0 = Date.parse('2026-12-02T10:00:00Z');
const apps = (...ids: string[]) => ids.map((id) => application(id));
const canceled = application('00010001', { status: 'canceled' });

describe('list pages judge', () => {
  it('passes empty pages past the end, and applications read elsewhere found on all pages around them', () => {
    const o = observed([listPagesJudge], [
      get('/funding/applications/00010001', 200, single(canceled)),
      get('/funding/applications?page=1&limit=2', 200, list(apps('00010003', '00010002'), { total: 3, limit: 2 })),
      get('/funding/applications?page=2&limit=2', 200, list([canceled], { total: 3, page: 2, limit: 2 })),
      get('/funding/applications?page=3&limit=2', 200, list([], { total: 3, page: 3, limit: 2 })),
      get('/reports/abcdefghi/funding/applications', 200, list(apps('00010003'))),
    ]);
    expect(verdictsOf(o, ['FUND-32', 'FUND-39'])).toEqual({ 'FUND-32': 'pass 1/0', 'FUND-39': 'pass 2/0' });
  });

  it('fails a page past the end that holds applications or is refused, and an application missing from all pages', () => {
    const o = observed([listPagesJudge], [
      get('/funding/applications?limit=100', 200, list(apps('00010003', '00010002'), { limit: 100 })),
      get('/funding/applications?page=2&limit=100', 200, { ...list(apps('00010003', '00010002'), { page: 2, limit: 100 }), total: 'two' }),
      get('/funding/applications?page=5&limit=2', 404, error(404, 'not_found')),
      get('/funding/applications?page=9', 200, list(apps('00010003'), { total: 2, page: 9 })),
      get('/funding/applications/00010001', 200, single(canceled)),
    ]);
    expect(verdictsOf(o, ['FUND-32', 'FUND-39'])).toEqual({ 'FUND-32': 'fail 3/3', 'FUND-39': 'fail 1/1' });
    expect(o.rules['FUND-39']?.failures[0]?.exchanges).toHaveLength(2);
  });

  it('charges a page past a total the list just showed more applications than to FUND-33 (paging.ts), not FUND-32', () => {
    const o = observed([listPagesJudge, listPagingJudge], [
      get('/funding/applications?page=1&limit=2', 200, list(apps('00010004', '00010003'), { total: 2, limit: 2 })),
      get('/funding/applications?page=2&limit=2', 200, list(apps('00010002', '00010001'), { total: 2, page: 2, limit: 2 })),
    ]);
    expect(verdictsOf(o, ['FUND-32', 'FUND-33'])).toEqual({ 'FUND-32': 'not-observed 0/0', 'FUND-33': 'fail 2/1' });
    expect(o.rules['FUND-33']?.failures[0]?.message).toContain('reports total 2, but it and the pages of its list read just before show 4 different applications');
  });

  it('leaves incomplete walks, changed totals, far or concurrent reads, a vanished project and 429 unjudged', () => {
    const o = observed([listPagesJudge], [
      get('/funding/applications?page=1&limit=2', 200, list(apps('00010003', '00010002'), { total: 3, limit: 2 }), T0),
      get('/funding/applications?page=2&limit=2', 200, list(apps('00010001', '00010000'), { total: 4, page: 2, limit: 2 }), T0 + 1000),
      get('/funding/applications/00009999', 200, single(application('00009999')), T0 + 2000),
      get('/funding/applications?limit=100', 200, list(apps('00010003'), { limit: 100 }), T0 + 100_000),
      { path: '/funding/applications/00009997', status: 200, token: 't1-funding', responseBody: single(application('00009997')), at: T0 + 99_990, durationMs: 50 },
      get('/funding/applications/00009998', 200, single(application('00009998')), T0 + 170_000),
      get('/reports/abcdefghi/funding/applications?limit=100', 200, list([], { total: 0, limit: 100 }), T0 + 180_000),
      get('/reports/abcdefghi/funding/applications?page=2&limit=100', 404, error(404, 'not_found'), T0 + 181_000),
      get('/funding/applications?page=2&limit=100', 429, error(429, 'rate_limit'), T0 + 182_000),
    ]);
    expect(verdictsOf(o, ['FUND-32', 'FUND-39'])).toEqual({ 'FUND-32': 'pass 1/0', 'FUND-39': 'not-observed 0/0' });
  });
});
