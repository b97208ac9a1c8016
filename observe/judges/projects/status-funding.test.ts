import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { at, TOKEN } from './sequence-testing.js';
import { fundingStatusWriteJudge } from './status-funding.js';

const PATH = '/funding/applications/0042';
const application = (status: string) => ({ applicationId: '0042', status, statusLabel: 'x' });
const read = (s: number, status: string, answer = 200) => ({ path: PATH, token: TOKEN, at: at(s), status: answer, responseBody: answer === 200 ? { status: 200, action: 'getFundingApplication', application: application(status) } : { status: answer, error: 'Fehler', details: { type: 'not_found' } } });
const attempt = (s: number, method: string, body?: unknown) => ({ method, path: PATH, token: TOKEN, at: at(s), status: 404, ...(body !== undefined && { requestBody: body }), responseBody: { status: 404, error: 'Fehler', details: { type: 'not_found' } } });

describe('funding status write judge', () => {
  it('passes applications that took over nothing the write attempts sent', () => {
    const o = observed([fundingStatusWriteJudge], [read(0, 'bza'), attempt(1, 'PATCH', { status: 'done' }), attempt(2, 'DELETE'), read(3, 'bza')]);
    expect(verdictsOf(o, ['STAT-12'])).toEqual({ 'STAT-12': 'pass 2/0' });
  });

  it('fails an application that took over the sent status, or was gone after a DELETE', () => {
    const changed = observed([fundingStatusWriteJudge], [read(0, 'bza'), attempt(1, 'PUT', { application: { status: 'done' } }), read(2, 'done')]);
    const gone = observed([fundingStatusWriteJudge], [read(0, 'bza'), attempt(1, 'DELETE'), read(2, 'bza', 404)]);
    expect(verdictsOf(changed, ['STAT-12'])).toEqual({ 'STAT-12': 'fail 1/1' });
    expect(verdictsOf(gone, ['STAT-12'])).toEqual({ 'STAT-12': 'fail 1/1' });
  });

  it('leaves unjudged attempts without a read before, values unchanged by the attempt, and distant reads', () => {
    const o = observed([fundingStatusWriteJudge], [
      attempt(0, 'PATCH', { status: 'done' }),
      read(1, 'done'),
      attempt(2, 'PATCH', { status: 'done' }),
      read(3, 'done'),
      read(10, 'bza'),
      attempt(11, 'PATCH', { status: 'done' }),
      read(100, 'done'),
    ]);
    expect(verdictsOf(o, ['STAT-12'])).toEqual({ 'STAT-12': 'not-observed 0/0' });
  });
});
