import { describe, expect, it } from 'vitest';
import { judgeErrorAnswer, routeShape } from './error-answer-judge.js';
import type { Exchange } from './exchange.js';

const BASE = 'http://127.0.0.1:1/api/v2';
const answer = (method: string, path: string, status: number, body: string, base = BASE): Exchange => ({
  customer: 'primary',
  request: { method, url: `${base}${path}`, headers: {} },
  response: { status, headers: {}, body },
  sentAt: 0,
  receivedAt: 1,
});
const envelope = (status: number, type: string) => JSON.stringify({ status, error: 'Fehler', details: { type } });

describe('ERR-1 and ERR-5 on every error answer', () => {
  it('charges a details.type outside the error table to ERR-5, once per status, method and route', () => {
    const [failure, ...rest] = judgeErrorAnswer(answer('DELETE', '/reports/abcdefghi', 405, envelope(405, 'method_not_allowed')), BASE);
    expect(rest).toEqual([]);
    expect(failure).toMatchObject({ rule: 'ERR-5', kind: '405 to DELETE /reports/{projectKey}', message: expect.stringContaining('method_not_allowed') });
    expect(judgeErrorAnswer(answer('DELETE', '/reports/zyxwvutsr', 405, envelope(405, 'method_not_allowed')), BASE)[0]?.kind).toBe(failure?.kind);
  });

  it('charges an answer without the envelope to ERR-1', () => {
    expect(judgeErrorAnswer(answer('GET', '/reports/abc', 404, '<html>Not Found</html>'), BASE)).toMatchObject([{ rule: 'ERR-1', kind: '404 to GET /reports/{projectKey}' }]);
    expect(judgeErrorAnswer(answer('POST', '/reports', 422, JSON.stringify({ error: 'x' })), BASE)).toMatchObject([{ rule: 'ERR-1' }]);
  });

  it('leaves alone what is no error answer of the API', () => {
    expect(judgeErrorAnswer(answer('GET', '/reports', 404, envelope(404, 'not_found')), BASE)).toEqual([]);
    expect(judgeErrorAnswer(answer('GET', '/reports', 200, '{}'), BASE)).toEqual([]);
    expect(judgeErrorAnswer(answer('GET', '/reports', 502, '<html>Bad Gateway</html>'), BASE)).toEqual([]);
    expect(judgeErrorAnswer(answer('HEAD', '/reports', 404, ''), BASE)).toEqual([]);
    expect(judgeErrorAnswer(answer('GET', '/files/x.pdf', 403, 'expired', 'http://127.0.0.1:1'), BASE)).toEqual([]);
    // A protocol layer may refuse a request-target that is no valid URI before the API sees it.
    expect(judgeErrorAnswer(answer('GET', '/reports/abcdefg%E0%A4%A', 400, 'Bad Request'), BASE)).toEqual([]);
  });

  it('names routes without their values', () => {
    expect(routeShape('/reports/with-data')).toBe('/reports/with-data');
    expect(routeShape('/reports/AbCdEfGhI/rooms/r-17?x=1')).toBe('/reports/{projectKey}/rooms/{roomId}');
    expect(routeShape('/funding/applications/00042')).toBe('/funding/applications/{applicationId}');
  });
});
