import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { creation, TOKEN } from './sequence-testing.js';
import { statusAnswerJudge } from './status-answers.js';

const list = (statuses: unknown[], status = 200) => ({ path: '/funding/applications?page=1', token: TOKEN, status, responseBody: { status, action: 'x', applications: statuses.map((s, i) => ({ applicationId: String(i), status: s })), total: statuses.length, page: 1, limit: 50 } });
const single = (s: unknown) => ({ path: '/funding/applications/0001', token: TOKEN, status: 200, responseBody: { status: 200, action: 'getFundingApplication', application: { applicationId: '0001', status: s } } });

describe('status answer judge', () => {
  it('passes creation answers in status 1 and applications in a status of the table', () => {
    const o = observed([statusAnswerJudge], [creation(0), creation(1, { sent: { projektName: 'x' } }), list(['created', 'canceled']), single('proofs_review')]);
    expect(verdictsOf(o, ['STAT-1', 'STAT-10'])).toEqual({ 'STAT-1': 'pass 2/0', 'STAT-10': 'pass 2/0' });
  });

  it('fails another creation status and an application status outside the table', () => {
    const o = observed([statusAnswerJudge], [creation(0, { status: 2 }), list(['created', 'in_review']), single('in_execution')]);
    expect(verdictsOf(o, ['STAT-1', 'STAT-10'])).toEqual({ 'STAT-1': 'fail 1/1', 'STAT-10': 'fail 2/2' });
  });

  it('leaves refused, limited and empty answers unjudged', () => {
    const o = observed([statusAnswerJudge], [
      { ...creation(0), status: 429, responseBody: { status: 429 } },
      { method: 'POST', path: '/reports', token: TOKEN, status: 201, responseBody: { status: 200, action: 'createReport' } },
      list([]),
      list(['unbekannt'], 503),
    ]);
    expect(verdictsOf(o, ['STAT-1', 'STAT-10'])).toEqual({ 'STAT-1': 'not-observed 0/0', 'STAT-10': 'not-observed 0/0' });
  });
});
