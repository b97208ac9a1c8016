import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { passwordWriteJudge, readPasswordBody } from './write-password.js';

const refusal = { status: 422, error: 'Ungültig', details: { type: 'validation' } };
const put = (requestBody: unknown, status: number): ExchangeSpec => ({
  method: 'PUT',
  path: '/reports/abcdefghi/password',
  token: 't1-abcdefgh',
  requestBody,
  status,
  responseBody: status === 422 ? refusal : {},
});
const RULES = ['PROJ-108', 'PROJ-109', 'PROJ-110', 'PROJ-111', 'PROJ-112', 'PROJ-113'];

describe('password changes', () => {
  it('passes the limits taken and every invalid body refused', () => {
    const o = observed([passwordWriteJudge], [
      put({ newPassword: 'a'.repeat(12) }, 200),
      put({ newPassword: 'a'.repeat(256) }, 200),
      put({ newPassword: 'a'.repeat(11) }, 422),
      put({ newPassword: 'a'.repeat(257) }, 422),
      put({}, 422),
      put({ newPassword: 123456789012 }, 422),
      put({ newPassword: 'a'.repeat(20), extra: 1 }, 422),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-108': 'pass 2/0', 'PROJ-109': 'pass 1/0', 'PROJ-110': 'pass 1/0', 'PROJ-111': 'pass 1/0', 'PROJ-112': 'pass 1/0', 'PROJ-113': 'pass 1/0' });
  });

  it('fails the limits refused and invalid bodies taken', () => {
    const o = observed([passwordWriteJudge], [
      put({ newPassword: 'a'.repeat(12) }, 422),
      put({ newPassword: 'kurz' }, 200),
      put({ newPassword: 'a'.repeat(300) }, 200),
      put({ password: 'a'.repeat(20) }, 200),
      put({ newPassword: null }, 400),
      put({ newPassword: 'a'.repeat(20), projectKey: 'x' }, 200),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-108': 'fail 1/1', 'PROJ-109': 'fail 1/1', 'PROJ-110': 'fail 1/1', 'PROJ-111': 'fail 1/1', 'PROJ-112': 'fail 1/1', 'PROJ-113': 'fail 2/2' });
  });

  it('leaves unjudged: other answers, lengths the counts disagree on, no body', () => {
    const o = observed([passwordWriteJudge], [
      put({ newPassword: 'kurz' }, 404),
      put({ newPassword: 'kurz' }, 429),
      put({ newPassword: 'kurz' }, 503),
      put({ newPassword: `${'a'.repeat(10)}🙂` }, 422),
      put({ newPassword: `${'a'.repeat(11)}e\u0301` }, 422),
      { method: 'PUT', path: '/reports/abcdefghi/password', token: 't1-abcdefgh', status: 400 },
    ]);
    expect(verdictsOf(o, RULES)).toEqual(Object.fromEntries(RULES.map((r) => [r, 'not-observed 0/0'])));
  });

  it('reads a password body for other judges', () => {
    expect(readPasswordBody({ newPassword: 'a'.repeat(20) })).toEqual({ verdict: 'valid', findings: [], password: 'a'.repeat(20), length: 20 });
    expect(readPasswordBody([]).verdict).toBe('doubtful');
  });
});
