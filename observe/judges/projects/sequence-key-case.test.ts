import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { keyCaseJudge } from './sequence-key-case.js';
import { at, creation, detail, KEY, TOKEN } from './sequence-testing.js';

const UPPER = KEY.toUpperCase();
const missing = { status: 404, error: 'Nicht gefunden', details: { type: 'not_found' } };
const rooms = (s: number, key: string, status = 200, body: unknown = { rooms: [] }) => ({ path: `/reports/${key}/rooms`, token: TOKEN, at: at(s), status, responseBody: body });

describe('key case judge', () => {
  it('passes routes that all reach the project, and routes that all answer as for a missing key', () => {
    const insensitive = observed([keyCaseJudge], [creation(0), detail(1, { key: UPPER }), rooms(2, 'AbCdEfGhI')]);
    const sensitive = observed([keyCaseJudge], [creation(0), rooms(1, 'zzzzzzzzz', 404, missing), detail(2, { key: UPPER, answer: 404 }), rooms(3, UPPER, 404, missing)]);
    expect(verdictsOf(insensitive, ['PROJ-2'])).toEqual({ 'PROJ-2': 'pass 2/0' });
    expect(verdictsOf(sensitive, ['PROJ-2'])).toEqual({ 'PROJ-2': 'pass 5/0' });
  });

  it('fails routes that disagree, a 404 unlike a missing key, and a refusal as malformed', () => {
    const disagree = observed([keyCaseJudge], [creation(0), rooms(1, UPPER), detail(2, { key: UPPER, answer: 404 })]);
    const unlike = observed([keyCaseJudge], [creation(0), rooms(1, 'zzzzzzzzz', 404, missing), rooms(2, UPPER, 404, { ...missing, details: { type: 'not_found', reason: 'key_case' } })]);
    const malformed = observed([keyCaseJudge], [creation(0), rooms(1, UPPER, 400, { status: 400, error: 'Fehler', details: { type: 'validation' } })]);
    expect(verdictsOf(disagree, ['PROJ-2'])).toEqual({ 'PROJ-2': 'fail 3/1' });
    expect(verdictsOf(unlike, ['PROJ-2'])).toEqual({ 'PROJ-2': 'fail 3/1' });
    expect(verdictsOf(malformed, ['PROJ-2'])).toEqual({ 'PROJ-2': 'fail 1/1' });
    const room = (s: number, key: string, status: number) => ({ path: `/reports/${key}/rooms/r1`, token: TOKEN, at: at(s), status, responseBody: status === 200 ? { room: { id: 'r1' } } : missing });
    const roomRoute = observed([keyCaseJudge], [creation(0), room(1, KEY, 200), room(2, UPPER, 404), detail(3, { key: UPPER })]);
    expect(verdictsOf(roomRoute, ['PROJ-2'])).toEqual({ 'PROJ-2': 'fail 3/1' });
  });

  it('leaves keys not known to be own, room routes, undecided answers and distant readings unjudged', () => {
    const o = observed([keyCaseJudge], [
      detail(0, { key: 'ZYXWVUTSR', answer: 404 }),
      creation(1),
      { path: `/reports/${UPPER}/rooms/r9`, token: TOKEN, at: at(2), status: 404, responseBody: missing },
      rooms(3, UPPER, 429, { status: 429 }),
      rooms(4, UPPER, 503, { status: 503 }),
      rooms(5, UPPER, 422, { status: 422 }),
      detail(200, { key: UPPER, answer: 404 }),
    ]);
    expect(verdictsOf(o, ['PROJ-2'])).toEqual({ 'PROJ-2': 'not-observed 0/0' });
  });
});
