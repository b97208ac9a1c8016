import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { applicationFieldJudge } from './fields.js';
import { application, error, get, list, observedWithout, single } from './testing.js';

const TYPES = ['FUND-10', 'FUND-14', 'FUND-15', 'FUND-16', 'FUND-17', 'FUND-18', 'FUND-19', 'FUND-20', 'FUND-21', 'FUND-22', 'FUND-23'];
const ALL = ['FUND-3', 'FUND-4', 'FUND-5', 'FUND-8', 'FUND-12', ...TYPES];

const standalone = (id: string, type: unknown = 'standalone') => application(id, { applicationType: type, projectKey: null, projectId: null, advisor: { id: null, name: null, title: null, assigned: false } });

describe('application field judge', () => {
  it('passes conforming applications of lists and single answers; nulls show no type', () => {
    const o = observed([applicationFieldJudge], [
      get('/funding/applications', 200, list([application('00010002'), standalone('00010001', 'ohne_projektbezug')])),
      get('/funding/applications/00010002', 200, single(application('00010002'))),
    ]);
    expect(verdictsOf(o, ALL)).toEqual({
      'FUND-3': 'pass 3/0', 'FUND-4': 'pass 3/0', 'FUND-5': 'pass 4/0', 'FUND-8': 'pass 2/0', 'FUND-12': 'pass 1/0',
      'FUND-10': 'pass 4/0', 'FUND-14': 'pass 3/0', 'FUND-15': 'not-observed 0/0', 'FUND-16': 'pass 3/0', 'FUND-17': 'pass 3/0', 'FUND-18': 'pass 3/0',
      'FUND-19': 'pass 2/0', 'FUND-20': 'pass 2/0', 'FUND-21': 'not-observed 0/0', 'FUND-22': 'pass 5/0', 'FUND-23': 'pass 6/0',
    });
  });

  it('fails fields beyond the core, omitted fields, duplicate or non-string ids and the kind against the project', () => {
    const { bndId: _omitted, ...withoutBnd } = application('00010003');
    const o = observed([applicationFieldJudge], [
      get('/funding/applications', 200, list([
        application('00010002', { proofs: [], advisor: { id: null, name: null, title: null, assigned: false, email: 'x@example.test' } }),
        withoutBnd,
        application('00010002', { applicationType: 'project' }),
        standalone('00010001', 'standalone'),
        { ...standalone('00010000'), projectKey: 'abcdefghi' },
      ])),
      get('/funding/applications/5', 200, single(application('5', { applicationId: 5 }))),
    ]);
    expect(verdictsOf(o, ['FUND-3', 'FUND-4', 'FUND-5', 'FUND-8', 'FUND-12'])).toEqual({
      'FUND-3': 'fail 6/1', 'FUND-4': 'fail 6/1', 'FUND-5': 'fail 7/2', 'FUND-8': 'fail 5/2', 'FUND-12': 'fail 3/2',
    });
    expect(o.rules['FUND-3']?.failures[0]?.message).toContain('proofs, advisor.email');
  });

  it('fails values of the wrong type and contradicting references', () => {
    const o = observed([applicationFieldJudge], [
      get('/funding/applications/1', 200, single(application('1', {
        projectId: '17', bzaId: 41002, bndId: 7000, statusLabel: 3, statusStep: '3', nextAction: false,
        advisor: { id: 101, name: { first: 'E' }, title: false, assigned: 1 }, orderedAt: '2025-01-06T09:30:00Z',
      }))),
      get('/funding/applications/2', 200, single(application('2', { projectId: null, advisor: { id: 'EB-1', name: null, title: null, assigned: false } }))),
      get('/funding/applications/3', 200, single(application('3', { advisor: null }))),
    ]);
    expect(verdictsOf(o, TYPES)).toEqual({
      'FUND-10': 'fail 5/2', 'FUND-14': 'fail 3/1', 'FUND-15': 'fail 1/1', 'FUND-16': 'fail 3/1', 'FUND-17': 'fail 3/1', 'FUND-18': 'fail 3/1',
      'FUND-19': 'fail 2/1', 'FUND-20': 'fail 1/1', 'FUND-21': 'fail 1/1', 'FUND-22': 'fail 4/3', 'FUND-23': 'fail 6/1',
    });
  });

  it('leaves errors, 429, 5xx and unrecorded bodies unjudged', () => {
    const o = observedWithout([applicationFieldJudge], [
      get('/funding/applications', 429, { ...list([application('1', { proofs: [] })]), status: 429 }),
      get('/funding/applications/1', 500, single(application('1', { proofs: [] }))),
      get('/funding/applications/1', 404, error(404, 'not_found')),
      get('/funding/applications', 200, list([application('1')])),
    ], new Set([3]));
    expect(verdictsOf(o, ['FUND-3', 'FUND-4', 'FUND-5'])).toEqual({ 'FUND-3': 'not-observed 0/0', 'FUND-4': 'not-observed 0/0', 'FUND-5': 'not-observed 0/0' });
  });
});
