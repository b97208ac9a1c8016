import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { emptyCreationJudge } from './write-empty-creation.js';

const create = (status: number, requestBody?: unknown): ExchangeSpec => ({
  method: 'POST',
  path: '/reports',
  token: 't1-abcdefgh',
  status,
  ...(requestBody !== undefined && { requestBody }),
  responseBody: status === 422 ? { status: 422, error: 'Ungültig', details: { type: 'validation' } } : {},
});
const RULES = ['PROJ-76', 'PROJ-77', 'PROJ-78'];

describe('POST /reports bodies', () => {
  it('passes an omitted body and {} taken, properties refused', () => {
    const o = observed([emptyCreationJudge], [create(201), create(201, {}), create(422, { projektName: 'x' }), create(422, { projectData: { ort: 'x' } })]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-76': 'pass 1/0', 'PROJ-77': 'pass 1/0', 'PROJ-78': 'pass 2/0' });
  });

  it('fails an omitted body or {} refused, properties taken', () => {
    const o = observed([emptyCreationJudge], [create(415), create(422, {}), create(201, { unbekannt: true })]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-76': 'fail 1/1', 'PROJ-77': 'fail 1/1', 'PROJ-78': 'fail 1/1' });
  });

  it('leaves unjudged: license, limit and server answers, other content types', () => {
    const o = observed([emptyCreationJudge], [
      create(403),
      create(429, {}),
      create(500, { a: 1 }),
      { ...create(201, '{"a":1}'), requestHeaders: { 'Content-Type': 'text/plain' } },
      create(409),
      // A size limit refusing {} is the error table's (ERR-14), not PROJ-77's.
      create(413, {}),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-76': 'not-observed 0/0', 'PROJ-77': 'not-observed 0/0', 'PROJ-78': 'not-observed 0/0' });
  });
});
