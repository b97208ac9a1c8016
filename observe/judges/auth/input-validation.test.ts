import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { inputValidationJudge } from './input-validation.js';

const RULES = ['ERR-16', 'ERR-17', 'ERR-18', 'ERR-19', 'ERR-20'];
const token = 'tok-input-01';
const refused = { status: 422, error: 'Ungültig', details: { type: 'validation' } };
const project = (requestBody: unknown, status = 422, responseBody: unknown = refused): ExchangeSpec => ({ method: 'PATCH', path: '/reports/abcdefghi', token, requestBody, status, responseBody });
const room = (requestBody: unknown, status = 422, responseBody: unknown = refused): ExchangeSpec => ({ method: 'POST', path: '/reports/abcdefghi/rooms', token, requestBody, status, responseBody });
const list = (query: string, status = 422, responseBody: unknown = refused): ExchangeSpec => ({ path: `/funding/applications?${query}`, token, status, responseBody });

describe('input validation judge', () => {
  it('passes 422 validation for unknown fields, wrong types, invalid values, both envelopes and bad list parameters', () => {
    const o = observed([inputValidationJudge], [
      project({ projectData: { projektFarbe: 'blau' } }),
      project({ projectData: { bemerkungen: 'cpf' }, cpfUnknown: 1 }),
      project({ projectData: { projektBewohner: true } }),
      project({ projektData: { projektName: ['cpf'] } }),
      project({ projectData: 'cpf' }),
      project({ projectData: { projektBaujahr: 999 } }),
      project({ projectData: { projektArtHeizung: '7' } }),
      project({ projectData: { bemerkungen: 'a' }, projektData: { bemerkungen: 'b' } }),
      { method: 'PUT', path: '/reports/abcdefghi/password', token, requestBody: { newPassword: 'kurz' }, status: 422, responseBody: refused },
      { method: 'PUT', path: '/reports/abcdefghi/password', token, requestBody: { newPassword: 123456789012345, note: 'x' }, status: 422, responseBody: refused },
      room({ roomData: { raumBezeichnung: 'Bad', raumFoo: 'x' } }),
      room({ raumBezeichnung: 'Bad' }),
      room({ roomData: { raumBezeichnung: '  ', raumEtage: 8, raumFlaeche: '0', raumTemperatur: 21.5 } }),
      room({ roomData: { raumBezeichnung: 'Bad', raumHoehe: false } }),
      list('cpfUnknown=1'),
      list('Limit=10'),
      list('limit=101'),
      list('page=abc'),
      list('page='),
      { path: '/reports/abcdefghi/pdf?type=invoice', token, status: 422, responseBody: refused },
      // A project without sufficient data meets the calculation_unavailable row too.
      { path: '/reports/abcdefghi/pdf?type=invoice', token, status: 422, responseBody: { status: 422, error: 'Daten fehlen', details: { type: 'calculation_unavailable', calculationStatus: 'unavailable' } } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'ERR-16': 'pass 5/0', 'ERR-17': 'pass 5/0', 'ERR-18': 'pass 6/0', 'ERR-19': 'pass 1/0', 'ERR-20': 'pass 5/0' });
  });

  it('fails a body or query taken anyway, or refused with another type', () => {
    const o = observed([inputValidationJudge], [
      project({ projectData: { projektFarbe: 'blau' } }, 200, {}),
      project({ projectData: { projektBewohner: true } }, 200, {}),
      project({ projectData: { projektBaujahr: 2101 } }, 422, { status: 422, error: 'x', details: { type: 'calculation_unavailable' } }),
      project({ projectData: { bemerkungen: 'a' }, projektData: { bemerkungen: 'b' } }, 200, {}),
      list('page=0', 200, { applications: [] }),
      { path: '/reports/abcdefghi/pdf?type=invoice', token, status: 200, responseBody: { linkToDocument: 'https://site.example.test/d/1' } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'ERR-16': 'fail 1/1', 'ERR-17': 'fail 1/1', 'ERR-18': 'fail 2/2', 'ERR-19': 'fail 1/1', 'ERR-20': 'fail 1/1' });
    expect(o.rules['ERR-16']?.failures[0]?.message).toBe('PATCH /reports/abcdefghi with the unknown field(s) "projectData.projektFarbe" answered HTTP 200, not 422 validation');
  });

  it('leaves unjudged valid and doubtful inputs, the fields that may be ignored, and answers precedence explains', () => {
    const o = observed([inputValidationJudge], [
      project({ projectData: { projektName: 'cpf', projektBewohner: '12,0' } }, 200, {}),
      project({ projectData: { projektName: true, plz: 1234, projektWaermeerzeugerSolarStatus: 'ja', projektBewohner: '+3' } }, 200, {}),
      project({ projectData: { projektFarbe: 'blau' } }, 404, { status: 404, error: 'Fehlt', details: { type: 'not_found' } }),
      project({ projectData: { projektFarbe: 'blau' } }, 403, { status: 403, error: 'Lizenz', details: { type: 'authorization' } }),
      project({ projectData: { projektFarbe: 'blau' } }, 429, { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } }),
      project({ projectData: { projektFarbe: 'blau' } }, 400, { status: 400, error: 'Doppelt', details: { type: 'validation' } }),
      { method: 'PATCH', path: '/reports/abcdefghi', token, requestBody: JSON.stringify({ projectData: { projektFarbe: 'blau' } }), requestHeaders: { 'Content-Type': 'text/plain' }, status: 415, responseBody: refused },
      room({ roomData: { raumBezeichnung: 'Ok', raumBaujahr: '1234', raumEtageKuerzel: ['DG'], id: 'own-id' }, id: 'r-1', projectKey: 'abcdefghi' }, 201, { room: {} }),
      room({ roomData: { raumBezeichnung: '\u00a0', raumEtage: '2.0', raumHoehe: '2,5' } }, 201, { room: {} }),
      { method: 'POST', path: '/reports', token, requestBody: { projectData: { x: 1 } }, status: 422, responseBody: refused },
      list('page=2&limit=100', 200, { applications: [] }),
      list('page=1.0&limit=+5', 200, { applications: [] }),
      list('page=1&page=0', 200, { applications: [] }),
      list('cpfUnknown=1', 404, { status: 404, error: 'Fehlt', details: { type: 'not_found' } }),
      { path: '/reports/abcdefghi/pdf?type=Check', token, status: 200, responseBody: {} },
      { path: '/reports/abcdefghi/pdf?type=invoice', token, status: 403, responseBody: { status: 403, error: 'Lizenz', details: { type: 'authorization' } } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual(Object.fromEntries(RULES.map((r) => [r, 'not-observed 0/0'])));
  });
});
