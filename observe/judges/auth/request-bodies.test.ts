import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { requestBodyJudge } from './request-bodies.js';

const RULES = ['ERR-8', 'ERR-13', 'ERR-14', 'ERR-15', 'ERR-27'];
const token = 'tok-bodies-01';
const validation = (status: number) => ({ status, error: 'Fehler', details: { type: 'validation' } });
const JSON_TYPE = { 'Content-Type': 'application/json' };

/** `value` as JSON padded with spaces to exactly `bytes` bytes. */
function padded(value: unknown, bytes: number): string {
  const json = JSON.stringify(value);
  return json + ' '.repeat(bytes - Buffer.byteLength(json));
}

const patch = (spec: Partial<ExchangeSpec> & { status: number }): ExchangeSpec => ({ method: 'PATCH', path: '/reports/abcdefghi', token, ...spec });
const body = { projectData: { projektName: 'cpf' } };

describe('request body judge', () => {
  it('passes 400, 413 and 415 where the body meets their row alone, and JSON bodies not refused for type or size', () => {
    const o = observed([requestBodyJudge], [
      patch({ requestBody: '{"projectData":', requestHeaders: JSON_TYPE, status: 400, responseBody: validation(400) }),
      patch({ requestBody: padded(body, 65537), requestHeaders: JSON_TYPE, status: 413, responseBody: validation(413) }),
      patch({ requestBody: padded(body, 65536), requestHeaders: JSON_TYPE, status: 200, responseBody: {} }),
      patch({ requestBody: JSON.stringify(body), requestHeaders: { 'Content-Type': 'text/plain' }, status: 415, responseBody: validation(415) }),
      patch({ requestBody: JSON.stringify(body), status: 415, responseBody: validation(415) }),
      patch({ requestBody: JSON.stringify(body), requestHeaders: { 'Content-Type': 'application/json; charset=utf-8' }, status: 200, responseBody: {} }),
      { method: 'POST', path: '/reports', token, requestBody: 'projectData%5BprojektName%5D=cpf', requestHeaders: { 'Content-Type': 'application/x-www-form-urlencoded' }, status: 415, responseBody: validation(415) },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'ERR-8': 'pass 1/0', 'ERR-13': 'pass 1/0', 'ERR-14': 'pass 1/0', 'ERR-15': 'pass 3/0', 'ERR-27': 'pass 4/0' });
  });

  it('fails other answers to those bodies', () => {
    const o = observed([requestBodyJudge], [
      patch({ requestBody: "{'projectData':{}}", requestHeaders: JSON_TYPE, status: 422, responseBody: validation(422) }),
      patch({ requestBody: padded(body, 65537), requestHeaders: JSON_TYPE, status: 422, responseBody: validation(422) }),
      patch({ requestBody: padded(body, 65536), requestHeaders: JSON_TYPE, status: 413, responseBody: validation(413) }),
      patch({ requestBody: JSON.stringify(body), requestHeaders: { 'Content-Type': 'text/plain' }, status: 400, responseBody: validation(400) }),
      patch({ requestBody: JSON.stringify(body), status: 200, responseBody: {} }),
      patch({ requestBody: JSON.stringify(body), requestHeaders: { 'Content-Type': 'application/json; charset=utf-8' }, status: 415, responseBody: validation(415) }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'ERR-8': 'fail 1/1', 'ERR-13': 'fail 1/1', 'ERR-14': 'fail 1/1', 'ERR-15': 'fail 2/2', 'ERR-27': 'fail 4/1' });
  });

  it('leaves unjudged what precedence, two rows or a doubtful type explain', () => {
    const o = observed([requestBodyJudge], [
      patch({ requestBody: '{"projectData":', requestHeaders: JSON_TYPE, status: 404, responseBody: { status: 404, error: 'Fehlt', details: { type: 'not_found' } } }),
      patch({ requestBody: '{"projectData":', requestHeaders: JSON_TYPE, status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } } }),
      // Too large and not JSON: 400 and 413 both conform.
      patch({ requestBody: `{${' '.repeat(65537)}`, requestHeaders: JSON_TYPE, status: 400, responseBody: validation(400) }),
      // A JSON body under another type read anyway and found invalid.
      patch({ requestBody: JSON.stringify({ projectData: { x: 1 } }), requestHeaders: { 'Content-Type': 'text/plain' }, status: 422, responseBody: validation(422) }),
      patch({ requestBody: '{"projectData":', requestHeaders: { 'Content-Type': 'application/json; charset=latin1' }, status: 415, responseBody: validation(415) }),
      patch({ requestBody: '   ', requestHeaders: JSON_TYPE, status: 500, responseBody: { status: 500, error: 'Fehler', details: { type: 'server_error' } } }),
      patch({ requestBody: JSON.stringify(body), requestHeaders: { ...JSON_TYPE, 'Content-Length': '5' }, status: 415, responseBody: validation(415) }),
      { method: 'GET', path: '/reports', token, status: 200, responseBody: {} },
      { method: 'PUT', path: '/reports', token, requestBody: '{', requestHeaders: JSON_TYPE, status: 404, responseBody: { status: 404, error: 'Fehlt', details: { type: 'not_found' } } },
    ]);
    // No 415 answers the JSON bodies of the 404 and the oversized 400, whatever else does.
    expect(verdictsOf(o, RULES)).toEqual({ 'ERR-8': 'not-observed 0/0', 'ERR-13': 'not-observed 0/0', 'ERR-14': 'not-observed 0/0', 'ERR-15': 'not-observed 0/0', 'ERR-27': 'pass 2/0' });
  });
});
