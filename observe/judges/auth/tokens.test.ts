import { describe, expect, it } from 'vitest';
import type { TokenFacts } from '../../exchange.js';
import { Observer } from '../../judge/observer.js';
import { exchangeOf, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { tokenJudge } from './tokens.js';

type Spec = ExchangeSpec & { facts?: Partial<TokenFacts> };

function observedWithFacts(specs: readonly Spec[]) {
  const observer = new Observer([tokenJudge]);
  specs.forEach(({ facts, ...spec }, i) => {
    const x = exchangeOf(spec, i);
    observer.see(x.token ? { ...x, token: { ...x.token, ...facts } } : x);
  });
  return observer.verdicts(true);
}

const list = { projekte: [], leads: [], api: [], archiv: [] };

describe('token judge', () => {
  it('judges the form of each admitted token once and every answer to it', () => {
    const o = observedWithFacts([
      { path: '/reports', token: 'tok-a-0123456789', status: 200, responseBody: list },
      { path: '/reports/abcdefghi', token: 'tok-a-0123456789', status: 404, responseBody: { status: 404, error: 'Fehlt', details: { type: 'not_found' } } },
      { path: '/reports/abcdefghi', token: 'tok-b-0123456789', status: 403, responseBody: { status: 403, error: 'Nein', details: { type: 'authorization' } } },
    ]);
    expect(verdictsOf(o, ['AUTH-6', 'AUTH-12'])).toEqual({ 'AUTH-6': 'pass 2/0', 'AUTH-12': 'pass 3/0' });
  });

  it('fails an admitted JWT and an answer that gives the token back', () => {
    const o = observedWithFacts([
      { path: '/reports', token: 'tok-jwt-0123456789', status: 200, responseBody: list, facts: { jwtShaped: true } },
      { path: '/reports/abcdefghi/pdf', token: 'tok-c-0123456789', status: 200, responseBody: { linkToDocument: 'https://site.example.test/d?token=customer:x' }, facts: { echoedInAnswer: true } },
      // Once admitted, the token's later answers are searched too, whatever their status.
      { path: '/reports', token: 'tok-c-0123456789', status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } }, facts: { echoedInAnswer: true } },
    ]);
    expect(verdictsOf(o, ['AUTH-6', 'AUTH-12'])).toEqual({ 'AUTH-6': 'fail 2/1', 'AUTH-12': 'fail 3/2' });
  });

  it('leaves unjudged the tokens the target did not admit', () => {
    const o = observedWithFacts([
      { path: '/reports', token: 'tok-d-0123456789', status: 401, responseBody: { status: 401, error: 'tok-d', details: { type: 'authentication' } }, facts: { jwtShaped: true, echoedInAnswer: true } },
      { path: '/reports', token: 'tok-e-0123456789', status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } }, facts: { jwtShaped: true } },
      { path: '/reports', token: 'tok-f-0123456789', status: 503, responseBody: { status: 503, error: 'Weg', details: { type: 'service_unavailable' } }, facts: { jwtShaped: true } },
      { path: '/health', token: 'tok-g-0123456789', status: 200, responseBody: { status: 'ok' }, facts: { jwtShaped: true } },
      { path: '/reports', token: 'tok-h-0123456789', requestHeaders: { Authorization: 'Bearer customer:other' }, status: 200, responseBody: list, facts: { jwtShaped: true } },
    ]);
    expect(verdictsOf(o, ['AUTH-6', 'AUTH-12'])).toEqual({ 'AUTH-6': 'not-observed 0/0', 'AUTH-12': 'not-observed 0/0' });
  });

  it('forgets a token refused since', () => {
    const o = observedWithFacts([
      { path: '/reports', token: 'tok-i-0123456789', status: 200, responseBody: list },
      { path: '/reports', token: 'tok-i-0123456789', status: 401, responseBody: { status: 401, error: 'Gesperrt', details: { type: 'authentication' } } },
      { path: '/reports', token: 'tok-i-0123456789', status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } }, facts: { echoedInAnswer: true } },
    ]);
    expect(verdictsOf(o, ['AUTH-12'])).toEqual({ 'AUTH-12': 'pass 1/0' });
  });
});
