import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { projectAnswerJudge } from './answers-project.js';

const header = { key: 'qwertzuio', link: 'https://site.example.test/projekt/qwertzuio', id: 17, status: 2 };
const detail = (status: number, responseBody: unknown, key = 'qwertzuio'): ExchangeSpec => ({ path: `/reports/${key}`, token: 't1-abcdefgh', status, responseBody });
const RULES = ['PROJ-70', 'PROJ-71', 'PROJ-88', 'PROJ-96', 'PROJ-97'];

describe('project header and data in answers', () => {
  it('passes conforming detail and creation answers, further members allowed', () => {
    const o = observed([projectAnswerJudge], [
      detail(200, { projektHeader: { ...header, angelegtAm: 'x' }, projektData: { projektName: 'Haus', projektBewohner: 3, label: 'x' }, action: 'readProject' }),
      detail(200, { projektHeader: header, projektData: {} }, 'QWERTZUIO'),
      { method: 'POST', path: '/reports', token: 't1-abcdefgh', status: 201, responseBody: { status: 200, action: 'createReport', projektHeader: { ...header, status: 1 }, projektData: {} } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-70': 'pass 3/0', 'PROJ-71': 'pass 3/0', 'PROJ-88': 'pass 3/0', 'PROJ-96': 'pass 2/0', 'PROJ-97': 'pass 2/0' });
  });

  it('fails headers, links, data and details that break the spec', () => {
    const o = observed([projectAnswerJudge], [
      detail(200, { projektHeader: { ...header, id: '17', link: '/projekt/qwertzuio' }, projektData: { plz: ['12345'] }, passwort: 'x' }),
      detail(200, { projektHeader: header, projektData: {} }, 'asdfghjkl'),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-70': 'fail 2/1', 'PROJ-71': 'fail 2/1', 'PROJ-88': 'fail 2/1', 'PROJ-96': 'fail 2/1', 'PROJ-97': 'fail 2/1' });
  });

  it('finds a forbidden key spelt by an escape', () => {
    const text = `{"projektHeader":${JSON.stringify(header)},"projektData":{},"\\u0070asswort":"x"}`;
    const o = observed([projectAnswerJudge], [detail(200, text)]);
    expect(verdictsOf(o, ['PROJ-97'])).toEqual({ 'PROJ-97': 'fail 1/1' });
  });

  it('leaves other answers unjudged', () => {
    const o = observed([projectAnswerJudge], [detail(404, { status: 404, details: { type: 'not_found' } }), detail(429, {}), { method: 'PATCH', path: '/reports/qwertzuio', token: 't', status: 200, responseBody: { geaendert: [] } }]);
    expect(verdictsOf(o, RULES)).toEqual(Object.fromEntries(RULES.map((r) => [r, 'not-observed 0/0'])));
  });
});
