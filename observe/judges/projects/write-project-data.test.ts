import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { projectDataWriteJudge } from './write-project-data.js';

const T = 't1-abcdefgh';
const KEY = 'abcdefghi';
const patch = (requestBody: unknown, status: number, extra: Partial<ExchangeSpec> = {}): ExchangeSpec => ({
  method: 'PATCH',
  path: `/reports/${KEY}`,
  token: T,
  requestBody,
  status,
  responseBody: status === 422 ? { status: 422, error: 'Ungültig', details: { type: 'validation' } } : {},
  ...extra,
});
const withData = (requestBody: unknown, status: number): ExchangeSpec => ({ ...patch(requestBody, status), method: 'POST', path: '/reports/with-data' });

describe('project data writes', () => {
  it('passes valid writes taken and invalid writes refused with 422 validation', () => {
    const o = observed([projectDataWriteJudge], [
      patch({ projectData: { bemerkungen: 'Notiz' } }, 200),
      patch({ projektData: { projektBewohner: '3', projektArtHeizung: 2 } }, 200),
      withData({ projectData: { projektName: 'Haus', projektJahresverbrauch: '12000,5' } }, 201),
      patch({ projectData: { projektBewohner: 10001 } }, 422),
      patch({ projectData: { ort: 'a' }, projektData: { ort: 'b' } }, 422),
      withData({ projectData: { projektWaermeerzeugerSolarStatus: 'yes' } }, 422),
      patch({}, 422),
    ]);
    expect(verdictsOf(o, ['PROJ-5', 'PROJ-6', 'PROJ-15', 'PROJ-62', 'PROJ-31', 'PROJ-32', 'PROJ-25', 'PROJ-35', 'PROJ-7', 'PROJ-69', 'PROJ-86', 'PROJ-9', 'PROJ-104'])).toEqual({
      'PROJ-5': 'pass 2/0', 'PROJ-6': 'pass 1/0', 'PROJ-15': 'pass 1/0', 'PROJ-62': 'pass 1/0', 'PROJ-31': 'pass 1/0', 'PROJ-32': 'pass 1/0', 'PROJ-25': 'pass 1/0',
      'PROJ-35': 'pass 1/0', 'PROJ-7': 'pass 1/0', 'PROJ-69': 'pass 1/0', 'PROJ-86': 'pass 1/0', 'PROJ-9': 'pass 1/0', 'PROJ-104': 'pass 1/0',
    });
  });

  it('fails invalid writes taken, valid writes refused, and bodies required but omitted taken', () => {
    const o = observed([projectDataWriteJudge], [
      patch({ projectData: { projektArtHeizung: 7 } }, 200),
      withData({ projectData: { projektName: 'x', projektBaujahr: 999 } }, 201),
      patch({ projectData: { plz: '123' } }, 400, { responseBody: { status: 400, error: 'x', details: { type: 'validation' } } }),
      patch({ projectData: { plz: '12345' } }, 422, { responseBody: { status: 422, error: 'x', details: { type: 'not_found' } } }),
      patch({ projectData: { email: 'a@example.org' } }, 422),
      { method: 'POST', path: '/reports/with-data', token: T, status: 201 },
      patch({ ort: 'Dessau' }, 200),
      // Several valid fields refused: the refusal cannot be pinned on a field, only on the envelope.
      patch({ projektData: { hausnummer: '7', projektArtHeizung: 2 } }, 422),
      patch({ projectData: { projektName: 'Haus' } }, 422),
    ]);
    expect(verdictsOf(o, ['PROJ-25', 'PROJ-37', 'PROJ-86', 'PROJ-65', 'PROJ-59', 'PROJ-5', 'PROJ-15', 'PROJ-6', 'PROJ-62', 'PROJ-85', 'PROJ-9', 'PROJ-104'])).toEqual({
      'PROJ-25': 'fail 1/1', 'PROJ-37': 'fail 1/1', 'PROJ-86': 'fail 1/1', 'PROJ-65': 'fail 2/2', 'PROJ-59': 'fail 1/1', 'PROJ-5': 'fail 3/3', 'PROJ-15': 'fail 3/3',
      'PROJ-6': 'fail 1/1', 'PROJ-62': 'not-observed 0/0', 'PROJ-85': 'fail 1/1', 'PROJ-9': 'fail 1/1', 'PROJ-104': 'fail 1/1',
    });
    expect(o.rules['PROJ-65']?.failures[0]?.message).toBe('PATCH /reports/{projectKey} with `plz` "123": "123" is not 4 to 5 digits answered 400, not 422 validation');
  });

  it('clears a refused valid write of the rules whose kind of write the same endpoint took', () => {
    const o = observed([projectDataWriteJudge], [
      patch({ projectData: { ort: 'Celle' } }, 422),
      // Later the envelope and the value "Celle" are taken, one field alone never: PROJ-15 is charged.
      patch({ projectData: { ort: 'Celle', bemerkungen: 'x' } }, 200),
      withData({ projectData: { projektName: 'Haus' } }, 201),
    ]);
    expect(verdictsOf(o, ['PROJ-5', 'PROJ-62', 'PROJ-15'])).toEqual({ 'PROJ-5': 'pass 2/0', 'PROJ-62': 'pass 1/0', 'PROJ-15': 'fail 2/1' });
  });

  it('leaves unjudged what the answer or the body cannot decide', () => {
    const invalid = { projectData: { projektBewohner: 10001 } };
    const o = observed([projectDataWriteJudge], [
      patch(invalid, 429),
      patch(invalid, 500),
      patch(invalid, 404),
      patch(invalid, 401),
      withData(invalid, 403),
      // Not JSON of the right type, or ambiguous JSON: 400, 415 may answer it.
      patch('{"projectData":{"projektBewohner":10001}', 200, { requestHeaders: { 'Content-Type': 'application/json' } }),
      patch(JSON.stringify(invalid), 200, { requestHeaders: { 'Content-Type': 'text/plain' } }),
      patch('{"projectData":{"projektBewohner":10001,"projektBewohner":1}}', 200, { requestHeaders: { 'Content-Type': 'application/json' } }),
      // The body was not recorded.
      { method: 'PATCH', path: `/reports/${KEY}`, token: T, status: 200, requestHeaders: { 'Content-Length': '40' } },
      // projektPostleitzahl may be missing from the climate data; 4.0 may be no integer to the target.
      patch({ projectData: { projektName: 'x', projektPostleitzahl: '10178' } }, 422),
      patch('{"projectData":{"projektBewohner":4.0}}', 422, { requestHeaders: { 'Content-Type': 'application/json' } }),
      // A valid body answered neither with success nor 422.
      patch({ projectData: { ort: 'x' } }, 400),
    ]);
    expect(verdictsOf(o, ['PROJ-31', 'PROJ-5', 'PROJ-15', 'PROJ-62', 'PROJ-86', 'PROJ-104'])).toEqual({
      'PROJ-31': 'not-observed 0/0', 'PROJ-5': 'not-observed 0/0', 'PROJ-15': 'not-observed 0/0', 'PROJ-62': 'not-observed 0/0', 'PROJ-86': 'not-observed 0/0', 'PROJ-104': 'not-observed 0/0',
    });
  });
});
