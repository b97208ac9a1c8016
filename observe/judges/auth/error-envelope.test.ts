import { describe, expect, it } from 'vitest';
import { Observer } from '../../judge/observer.js';
import { exchangeOf, observed, verdictsOf } from '../testing/exchange-builder.js';
import { errorEnvelopeJudge } from './error-envelope.js';

const RULES = ['ERR-1', 'ERR-2', 'ERR-3', 'ERR-5', 'ERR-6', 'ERR-10', 'ERR-11', 'ERR-21'];
const envelope = (status: number, type: string, details: Record<string, unknown> = {}) => ({ status, error: 'Fehler', details: { type, ...details } });
const token = 'tok-envelope-01';

describe('error envelope judge', () => {
  it('passes envelopes of every status, with further members and detail keys', () => {
    const o = observed([errorEnvelopeJudge], [
      { path: '/reports/abcdefghi', token, status: 404, responseBody: { ...envelope(404, 'not_found', { resource: '/reports/abcdefghi' }), requestId: 'r-1' } },
      { path: '/reports', token, status: 403, responseBody: envelope(403, 'authorization') },
      { method: 'PATCH', path: '/reports/abcdefghi', token, requestBody: { projectData: { x: 1 } }, status: 422, responseBody: envelope(422, 'validation', { field: 'projectData.x' }) },
      { path: '/reports/abcdefghi/results', token, status: 422, responseBody: envelope(422, 'calculation_unavailable', { calculationStatus: 'unavailable' }) },
      { method: 'CONNECT', path: '/reports', status: 405, responseBody: envelope(405, 'validation') },
      { path: '/reports', token, status: 429, responseBody: envelope(429, 'rate_limit', { limit: 2, windowSeconds: 1, retryAfter: 1 }) },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({
      'ERR-1': 'pass 6/0', 'ERR-2': 'pass 6/0', 'ERR-3': 'pass 6/0', 'ERR-5': 'pass 6/0', 'ERR-6': 'pass 1/0', 'ERR-10': 'pass 1/0', 'ERR-11': 'pass 1/0', 'ERR-21': 'pass 1/0',
    });
  });

  it('fails what an error answer breaks of the envelope and of its row', () => {
    const o = observed([errorEnvelopeJudge], [
      { path: '/reports/abc', token, status: 404, responseBody: '<html>Not Found</html>', responseHeaders: { 'Content-Type': 'text/html' } },
      { path: '/reports', token, status: 403, responseBody: JSON.stringify(envelope(403, 'authorization')), responseHeaders: { 'Content-Type': 'text/plain' } },
      { path: '/reports/abcdefghi', token, status: 404, responseBody: { status: '404', error: ' ', details: { type: 'validation', field: 1 } } },
      { method: 'DELETE', path: '/reports/abcdefghi', token, status: 405, responseBody: envelope(405, 'method_not_allowed') },
      { path: '/reports/abcdefghi', token, status: 403, responseBody: envelope(403, 'forbidden') },
      { path: '/reports/abcdefghi/results', token, status: 422, responseBody: envelope(422, 'calculation_unavailable', { calculationStatus: 'incomplete' }) },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({
      'ERR-1': 'fail 6/2', 'ERR-2': 'fail 5/1', 'ERR-3': 'fail 5/1', 'ERR-5': 'fail 5/2', 'ERR-6': 'fail 1/1', 'ERR-10': 'fail 2/1', 'ERR-11': 'fail 1/1', 'ERR-21': 'fail 1/1',
    });
    expect(o.rules['ERR-5']?.failures.map((f) => f.message)).toEqual([
      'the 405 envelope carries details.type "method_not_allowed", which the error table does not have',
      'the 403 envelope carries details.type "forbidden", which the error table does not have',
    ]);
    // The HTML 404 gives no type: ERR-1 fails it, ERR-11 judges the types given.
    expect(o.rules['ERR-11']?.failures[0]?.message).toBe('a 404 carries details.type "validation", not "not_found"');
  });

  it('leaves alone what is no error answer of the API or cannot be read', () => {
    const observer = new Observer([errorEnvelopeJudge]);
    const notRecorded = exchangeOf({ path: '/reports/abcdefghi', token, status: 404 });
    delete notRecorded.response.bodyText;
    observer.see(notRecorded);
    const specs = [
      { path: '/reports', status: 502, responseBody: '<html>Bad Gateway</html>' },
      { path: '/reports', status: 504, responseBody: '' },
      { method: 'HEAD', path: '/reports/abcdefghi', token, status: 404 },
      { path: '/reports/abcdefg%E0%A4%A', token, status: 400, responseBody: 'Bad Request' },
      { path: 'https://site.example.test/files/x.pdf', status: 403, responseBody: 'expired' },
      { path: '/reports', token, status: 200, responseBody: { projekte: [] } },
    ];
    specs.forEach((spec, i) => observer.see(exchangeOf(spec, i + 1)));
    expect(verdictsOf(observer.verdicts(true), RULES)).toEqual(Object.fromEntries(RULES.map((r) => [r, 'not-observed 0/0'])));
  });
});
