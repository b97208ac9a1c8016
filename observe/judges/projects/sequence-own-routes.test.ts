import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { ownProjectRoutesJudge } from './sequence-own-routes.js';
import { at, creation, detail, KEY, patch, TOKEN } from './sequence-testing.js';

const RULES = ['PROJ-95', 'PROJ-101', 'PROJ-107', 'PROJ-118'];
const password = (s: number, newPassword: unknown, answer = 200) => ({ method: 'PUT', path: `/reports/${KEY}/password`, token: TOKEN, at: at(s), status: answer, requestBody: { newPassword }, responseBody: { status: answer } });
const remove = (s: number) => ({ method: 'DELETE', path: `/reports/${KEY}`, token: TOKEN, at: at(s), status: 404, responseBody: { status: 404, error: 'Fehler', details: { type: 'not_found' } } });

describe('own project routes judge', () => {
  it('passes the answers to requests on a project the customer just created', () => {
    const o = observed([ownProjectRoutesJudge], [
      creation(0),
      detail(1),
      patch(2, { ort: 'Bonn', projektBaujahr: 1975 }),
      password(3, 'ein-gutes-Passwort-1'),
      remove(4),
      detail(5),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-95': 'pass 1/0', 'PROJ-101': 'pass 1/0', 'PROJ-107': 'pass 1/0', 'PROJ-118': 'pass 1/0' });
  });

  it('fails refusals of valid requests and a DELETE that removed the project', () => {
    const o = observed([ownProjectRoutesJudge], [
      creation(0),
      detail(1, { answer: 404 }),
      creation(2),
      patch(3, { ort: 'Bonn' }, { answer: 404 }),
      password(4, 'ein-gutes-Passwort-1', 422),
      detail(5),
      remove(6),
      detail(7, { answer: 404 }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'PROJ-95': 'fail 2/1', 'PROJ-101': 'fail 1/1', 'PROJ-107': 'fail 1/1', 'PROJ-118': 'fail 1/1' });
  });

  it('leaves unjudged what is not known to be own, valid, or decided on its merits', () => {
    const o = observed([ownProjectRoutesJudge], [
      // never shown to be own; another spelling; beyond the horizon
      detail(0, { key: 'zyxwvutsr', answer: 404 }),
      creation(1),
      detail(2, { key: KEY.toUpperCase(), answer: 404 }),
      detail(100, { answer: 404 }),
      creation(101),
      // doubtful or invalid bodies, 422 to valid data (the field table's rules), 12 or 256 characters (PROJ-108's)
      patch(102, { projektPostleitzahl: '12345' }, { answer: 404 }),
      patch(103, { ort: 'x\u0001y' }, { answer: 404 }),
      patch(103.5, { ort: 'Bonn' }, { answer: 422 }),
      password(104, 'kurz', 422),
      password(104.5, 'Zwölf-Zeiche', 422),
      // answers that precedence, the transport or the limit explain
      patch(104.7, { ort: 'Bonn' }, { answer: 415 }),
      detail(105, { answer: 429 }),
      detail(106, { answer: 403 }),
      password(107, 'ein-gutes-Passwort-1', 401),
    ]);
    expect(verdictsOf(o, RULES)).toEqual(Object.fromEntries(RULES.map((r) => [r, 'not-observed 0/0'])));
  });
});
