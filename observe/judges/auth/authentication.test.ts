import { describe, expect, it } from 'vitest';
import { authenticationJudge } from './authentication.js';
import { Observer } from '../../judge/observer.js';
import { exchangeOf, observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';

const RULES = ['AUTH-1', 'AUTH-4', 'AUTH-5', 'AUTH-14', 'ERR-9'];
const unauthenticated = { status: 401, error: 'Nicht angemeldet.', details: { type: 'authentication' } };

describe('authentication judge', () => {
  it('passes refusals of requests without a Bearer token and public endpoints open to all', () => {
    const o = observed([authenticationJudge], [
      { path: '/reports', status: 401, responseBody: unauthenticated },
      { path: '/reports?token=customer:0123456789abcdef', status: 401, responseBody: unauthenticated },
      { path: '/reports', requestHeaders: { Authorization: 'Basic customer:0123456789abcdef' }, status: 401, responseBody: unauthenticated },
      { path: '/health', status: 200, responseBody: { status: 'ok' } },
      { method: 'OPTIONS', path: '/reports', status: 204 },
      { path: '/reports', token: 'tok-invalid-1', status: 401, responseBody: unauthenticated },
      // Without a type the status alone is judged: a missing type is ERR-5's.
      { path: '/reports/abcdefghi', status: 401, responseBody: { status: 401, error: 'Nicht angemeldet.', details: {} } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'AUTH-1': 'pass 2/0', 'AUTH-4': 'pass 1/0', 'AUTH-5': 'pass 1/0', 'AUTH-14': 'pass 2/0', 'ERR-9': 'pass 5/0' });
  });

  it('fails a token-free request let in or refused otherwise, and a public endpoint that asks for a token', () => {
    const o = observed([authenticationJudge], [
      { path: '/reports', status: 403, responseBody: { status: 403, error: 'Fehler', details: { type: 'authorization' } } },
      { path: '/reports?access_token=customer:0123456789abcdef', status: 200, responseBody: { projekte: [] } },
      { path: '/reports', requestHeaders: { Authorization: 'customer:0123456789abcdef' }, status: 200, responseBody: { projekte: [] } },
      { path: '/health', status: 401, responseBody: unauthenticated },
      { path: '/reports', token: 'tok-invalid-2', status: 401, responseBody: { status: 401, error: 'Fehler', details: { type: 'not_found' } } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'AUTH-1': 'fail 1/1', 'AUTH-4': 'fail 1/1', 'AUTH-5': 'fail 1/1', 'AUTH-14': 'fail 1/1', 'ERR-9': 'fail 3/2' });
    expect(o.rules['AUTH-1']?.failures[0]?.message).toBe('GET /reports without an Authorization header answered HTTP 403');
  });

  it('leaves unjudged what the limit, a failure, the HTTP layer or a doubtful request explains', () => {
    const o = observed([authenticationJudge], [
      { path: '/reports', status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } } },
      { path: '/reports', status: 503, responseBody: { status: 503, error: 'Weg', details: { type: 'service_unavailable' } } },
      { path: '/reports/abcdefg%E0%A4%A', status: 400, responseBody: 'Bad Request' },
      { method: 'HEAD', path: '/health', status: 200 },
      { method: 'POST', path: '/health', status: 405, responseBody: { status: 405, error: 'Nein', details: { type: 'validation' } } },
      { method: 'TRACE', path: '/reports', status: 405 },
      { method: 'HEAD', path: '/reports', status: 401 },
      { path: '/health', token: 'tok-any', status: 200, responseBody: { status: 'ok' } },
      { path: '/health', status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } } },
      { path: '/reports', token: 'tok-valid', status: 200, responseBody: { projekte: [] } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'AUTH-1': 'not-observed 0/0', 'AUTH-4': 'not-observed 0/0', 'AUTH-5': 'not-observed 0/0', 'AUTH-14': 'not-observed 0/0', 'ERR-9': 'not-observed 0/0' });
  });

  it('judges no missing token in a recording whose credentials were stripped (a sanitized HAR export)', () => {
    const specs: ExchangeSpec[] = [
      { path: '/reports', status: 200, responseBody: { projekte: [] } },
      { path: '/reports?token=customer:0123456789abcdef', status: 200, responseBody: { projekte: [] } },
      { path: '/health', status: 401, responseBody: unauthenticated },
      { path: '/reports/abcdefghi', status: 401, responseBody: { status: 401, error: 'Fehler', details: { type: 'not_found' } } },
    ];
    const observer = new Observer([authenticationJudge]);
    specs.forEach((spec, i) => observer.see({ ...exchangeOf(spec, i), credentialsStripped: true }));
    // Only what needs no knowledge of the token stays judged: the type every 401 gives.
    expect(verdictsOf(observer.verdicts(true), RULES)).toEqual({ 'AUTH-1': 'not-observed 0/0', 'AUTH-4': 'not-observed 0/0', 'AUTH-5': 'not-observed 0/0', 'AUTH-14': 'not-observed 0/0', 'ERR-9': 'fail 2/1' });
  });

  it("takes a fetch in an area of no endpoint for a link's once an answer that may have handed links out went unrecorded", () => {
    const forbidden = { status: 403, error: 'Verboten', details: { type: 'authorization' } };
    const linkRefused: ExchangeSpec = { path: '/weak-files/pictures/p1', status: 403, responseBody: forbidden };
    const seeing = new Observer([authenticationJudge]);
    // A file the recorder cut at its cap, at a path of no endpoint: no answer that hands links out.
    const picture = exchangeOf({ path: '/weak-files/pictures/p0', status: 200, responseHeaders: { 'Content-Type': 'image/png' }, responseBody: 'PNG...' }, 0);
    seeing.see({ ...picture, bodyTruncated: { response: true } });
    seeing.see(exchangeOf(linkRefused, 1));
    // Every answer of the API seen: links lie only where they were handed out, and this was none.
    expect(verdictsOf(seeing.verdicts(true), ['AUTH-1'])).toEqual({ 'AUTH-1': 'fail 1/1' });

    const observer = new Observer([authenticationJudge]);
    const list = exchangeOf({ path: '/reports/abcdefghi/pictures', token: 'tok-links', status: 200, responseBody: { pictures: [] } }, 0);
    // The recorder left the picture list's body out: which links it handed out is unknown.
    observer.see({ ...list, response: { ...list.response, bodyText: undefined } });
    observer.see(exchangeOf(linkRefused, 1));
    observer.see(exchangeOf({ path: '/reports', status: 403, responseBody: forbidden }, 2));
    expect(verdictsOf(observer.verdicts(true), ['AUTH-1'])).toEqual({ 'AUTH-1': 'fail 1/1' });
    expect(observer.verdicts(true).rules['AUTH-1']?.failures[0]?.message).toBe('GET /reports without an Authorization header answered HTTP 403');
  });
});
