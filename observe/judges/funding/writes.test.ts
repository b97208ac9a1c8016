import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { fundingWriteJudge } from './writes.js';
import { application, error, get, list, single, TOKEN } from './testing.js';

const T0 = Date.parse('2026-12-04T10:00:00Z');
const target = application('00010002');
const hint = 'cpf FUND-41 Hinweis';
const write = (method: string, path: string, requestBody: unknown, at?: number) => ({ method, path, status: 405, token: TOKEN, requestBody, responseBody: error(405, 'validation'), ...(at !== undefined && { at }) });

describe('funding write judge', () => {
  it('passes applications that kept their values after PATCH, PUT and POST on funding paths', () => {
    const o = observed([fundingWriteJudge], [
      get('/funding/applications?limit=1', 200, list([target], { total: 2, limit: 1 })),
      write('PATCH', '/funding/applications/00010002', { nextAction: hint }),
      write('PUT', '/funding/applications/00010002', { ...target, nextAction: hint }),
      write('POST', '/funding/applications', { ...target, applicationId: undefined, nextAction: hint }),
      get('/funding/applications?limit=1', 200, list([target], { total: 2, limit: 1 })),
    ]);
    expect(verdictsOf(o, ['FUND-41'])).toEqual({ 'FUND-41': 'pass 3/0' });
  });

  it('fails an application that took over a value a write sent', () => {
    const o = observed([fundingWriteJudge], [
      get('/funding/applications/00010002', 200, single(target)),
      { ...write('PATCH', '/funding/applications/00010002', { nextAction: hint, status: 'done' }), status: 200, responseBody: single({ ...target, nextAction: hint }) },
      get('/reports/abcdefghi/funding/applications', 200, list([{ ...target, nextAction: hint }])),
    ]);
    expect(verdictsOf(o, ['FUND-41'])).toEqual({ 'FUND-41': 'fail 1/1' });
    expect(o.rules['FUND-41']?.failures[0]?.exchanges).toHaveLength(3);
  });

  it('leaves writes without a read before, values already there, far or other reads and other paths unjudged', () => {
    const o = observed([fundingWriteJudge], [
      write('PATCH', '/funding/applications/00010001', { nextAction: hint }, T0),
      get('/funding/applications/00010001', 200, single(application('00010001', { nextAction: hint })), T0 + 1000),
      write('PATCH', '/funding/applications/00010001', { nextAction: hint, cpfUnknown: 1 }, T0 + 2000),
      get('/funding/applications/00010001', 200, single(application('00010001', { nextAction: hint })), T0 + 3000),
      get('/funding/applications/00010002', 200, single(target), T0 + 4000),
      write('PATCH', '/funding/applications/00010002', { nextAction: hint }, T0 + 5000),
      { path: '/funding/applications/00010002', status: 200, token: 'another', responseBody: single({ ...target, nextAction: hint }), at: T0 + 6000 },
      get('/funding/applications/00010002', 200, single({ ...target, nextAction: hint }), T0 + 70_000),
      write('PATCH', '/reports/abcdefghi', { projectData: { projektName: hint } }, T0 + 71_000),
      get('/funding/applications/00010002', 429, error(429, 'rate_limit'), T0 + 72_000),
    ]);
    expect(verdictsOf(o, ['FUND-41'])).toEqual({ 'FUND-41': 'not-observed 0/0' });
  });
});
