import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { creationAnswerJudge } from './answers-creation.js';

const header = { key: 'qwertzuio', link: 'https://site.example.test/projekt/qwertzuio', id: 17, status: 1 };
const answer = { status: 200, action: 'createReport', projektHeader: header, projektData: { projektName: 'Haus' } };
const create = (path: string, status: number, responseBody: unknown): ExchangeSpec => ({ method: 'POST', path, token: 't1-abcdefgh', status, responseBody });
const RULES = ['PROJ-1', 'PROJ-72', 'PROJ-73', 'PROJ-74', 'PROJ-75', 'PROJ-84'];

describe('creation answers', () => {
  it('passes creation responses with HTTP 201', () => {
    const o = observed([creationAnswerJudge], [create('/reports', 201, answer), create('/reports/with-data', 201, { ...answer, links: {} })]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-1': 'pass 2/0', 'PROJ-72': 'pass 1/0', 'PROJ-73': 'pass 2/0', 'PROJ-74': 'pass 2/0', 'PROJ-75': 'pass 2/0', 'PROJ-84': 'pass 1/0' });
  });

  it('fails what the answers break', () => {
    const o = observed([creationAnswerJudge], [
      create('/reports', 200, { ...answer, status: 201, projektHeader: { ...header, key: 'QWERTZUIO' } }),
      create('/reports/with-data', 201, { ...answer, action: 'create' }),
      create('/reports/with-data', 201, { status: 200, projektHeader: header }),
      create('/reports/with-data', 200, answer),
      create('/reports/with-data', 201, { status: 200, action: 'createReport', header, projektData: {} }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-1': 'fail 3/1', 'PROJ-72': 'fail 1/1', 'PROJ-73': 'fail 5/2', 'PROJ-74': 'fail 3/1', 'PROJ-75': 'fail 3/1', 'PROJ-84': 'fail 4/2' });
  });

  it('leaves refusals unjudged', () => {
    const o = observed([creationAnswerJudge], [
      create('/reports', 403, { status: 403 }),
      create('/reports/with-data', 429, {}),
      create('/reports/with-data', 422, {}),
      // A success that shows nothing of a creation: what answered it, and which rule it breaks, is not visible.
      create('/reports', 200, {}),
      create('/reports/with-data', 201, ''),
    ]);
    expect(verdictsOf(o, RULES)).toEqual(Object.fromEntries(RULES.map((r) => [r, 'not-observed 0/0'])));
  });
});
