import { describe, expect, it } from 'vitest';
import { Observer } from '../../judge/observer.js';
import type { RecordedExchange } from '../../proxy/recorded-exchange.js';
import { exchangeOf, observed, verdictsOf } from '../testing/exchange-builder.js';
import { projectListJudge } from './answers-list.js';

const groups = { projekte: [{ key: 'qwertzuio' }], leads: [], api: [], archiv: [] };

describe('GET /reports', () => {
  it('passes the four groups, further members allowed', () => {
    const o = observed([projectListJudge], [{ path: '/reports', token: 't', status: 200, responseBody: { ...groups, anzahl: 1 } }, { path: '/reports?page=2', token: 't', status: 200, responseBody: groups }]);
    expect(verdictsOf(o, ['PROJ-89'])).toEqual({ 'PROJ-89': 'pass 2/0' });
  });

  it('fails a missing group and a success other than 200, leaves refusals unjudged', () => {
    const o = observed([projectListJudge], [
      { path: '/reports', token: 't', status: 200, responseBody: { projekte: [], leads: [], api: [] } },
      { path: '/reports', token: 't', status: 206, responseBody: groups },
      { path: '/reports', token: 't', status: 422, responseBody: {} },
      { path: '/reports', token: 't', status: 429, responseBody: {} },
    ]);
    expect(verdictsOf(o, ['PROJ-89'])).toEqual({ 'PROJ-89': 'fail 2/2' });
  });

  it('fails an entry that is no object and a body that is no object, as the schema does', () => {
    const o = observed([projectListJudge], [
      { path: '/reports', token: 't', status: 200, responseBody: { ...groups, leads: ['qwertzuio'] } },
      { path: '/reports', token: 't', status: 200, responseBody: { ...groups, api: [null] } },
      { path: '/reports', token: 't', status: 200, responseBody: { ...groups, archiv: [[]] } },
      { path: '/reports', token: 't', status: 200, responseBody: { ...groups, projekte: {} } },
      { path: '/reports', token: 't', status: 200, responseBody: [groups] },
      { path: '/reports', token: 't', status: 200, responseBody: { ...groups, projekte: [{}, { key: null, nested: [1] }] } },
    ]);
    expect(verdictsOf(o, ['PROJ-89'])).toEqual({ 'PROJ-89': 'fail 6/5' });
  });

  it('leaves a list the recording proxy cut at its cap unjudged', () => {
    const observer = new Observer([projectListJudge]);
    const cut: RecordedExchange = { ...exchangeOf({ path: '/reports', token: 't', status: 200, responseBody: '{"projekte":[{"key":"qwer' }), bodyTruncated: { response: true } };
    observer.see(cut);
    expect(verdictsOf(observer.verdicts(true), ['PROJ-89'])).toEqual({ 'PROJ-89': 'not-observed 0/0' });
  });
});
