import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { passwordSequenceJudge } from './sequence-password.js';
import { at, detail, KEY, patch, TOKEN } from './sequence-testing.js';

const SECRET = 'Geheimes-Passwort-42';
const password = (s: number, newPassword: unknown, answer = 200, responseBody: unknown = { status: 200 }) => ({ method: 'PUT', path: `/reports/${KEY}/password`, token: TOKEN, at: at(s), status: answer, requestBody: { newPassword }, responseBody });
const list = (s: number, status = 200) => ({ path: '/reports', token: TOKEN, at: at(s), status, responseBody: status === 200 ? { projekte: [], leads: [], api: [], archiv: [] } : { status, error: 'Fehler', details: { type: 'authentication' } } });

describe('password sequence judge', () => {
  it('passes a token that keeps working and answers that never show the password', () => {
    const o = observed([passwordSequenceJudge], [list(-1), password(0, SECRET), list(1), detail(2)]);
    expect(verdictsOf(o, ['PROJ-114', 'PROJ-115'])).toEqual({ 'PROJ-114': 'pass 1/0', 'PROJ-115': 'pass 3/0' });
  });

  it('fails a 401 after the change and an answer echoing the password', () => {
    const o = observed([passwordSequenceJudge], [list(-1), password(0, SECRET, 200, { status: 200, newPassword: SECRET }), list(1, 401)]);
    expect(verdictsOf(o, ['PROJ-114', 'PROJ-115'])).toEqual({ 'PROJ-114': 'fail 1/1', 'PROJ-115': 'fail 2/1' });
  });

  it('leaves unjudged a refused change, a token refused before, a late or limited next request, short passwords and passwords also sent as data', () => {
    const blocked = observed([passwordSequenceJudge], [list(-1, 401), password(0, SECRET), list(1, 401)]);
    expect(verdictsOf(blocked, ['PROJ-114'])).toEqual({ 'PROJ-114': 'not-observed 0/0' });
    const o = observed([passwordSequenceJudge], [
      list(-1),
      password(0, 'kurz', 422),
      list(1, 401),
      password(2, SECRET, 200),
      list(3, 429),
      list(100, 401),
      patch(101, { bemerkungen: SECRET }),
      detail(102, { data: { bemerkungen: SECRET } }),
    ]);
    expect(verdictsOf(o, ['PROJ-114'])).toEqual({ 'PROJ-114': 'not-observed 0/0' });
    expect(o.rules['PROJ-115']?.failed).toBe(0);
  });
});
