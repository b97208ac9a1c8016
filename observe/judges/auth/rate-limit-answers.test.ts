import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { rateLimitAnswerJudge } from './rate-limit-answers.js';

const token = 'tok-limit-01';
const customerLimit = { status: 429, error: 'Zu viele Anfragen', details: { type: 'rate_limit', limit: 2, windowSeconds: 1, retryAfter: 1 } };
const admitted: ExchangeSpec = { path: '/reports', token, status: 200, responseBody: { projekte: [] } };
const throttled = (responseBody: unknown, retryAfter = '1', at?: number): ExchangeSpec => ({ path: '/reports', token, status: 429, responseBody, responseHeaders: { 'Retry-After': retryAfter }, ...(at !== undefined && { at }) });

describe('rate limit answer judge', () => {
  it('passes the customer limit 429 to a token seen admitted', () => {
    const o = observed([rateLimitAnswerJudge], [admitted, throttled(customerLimit), throttled({ ...customerLimit, requestId: 'r-1' }, ' 1')]);
    expect(verdictsOf(o, ['ERR-22', 'ERR-23'])).toEqual({ 'ERR-22': 'pass 2/0', 'ERR-23': 'pass 2/0' });
  });

  it('fails other details or another Retry-After, with the admission as proof', () => {
    const o = observed([rateLimitAnswerJudge], [
      admitted,
      throttled({ ...customerLimit, details: { type: 'too_many_requests', limit: 2, windowSeconds: 1, retryAfter: 1 } }),
      throttled({ ...customerLimit, details: { type: 'rate_limit', limit: 60, windowSeconds: 5, retryAfter: 5 } }, '5'),
    ]);
    expect(verdictsOf(o, ['ERR-22', 'ERR-23'])).toEqual({ 'ERR-22': 'fail 2/2', 'ERR-23': 'fail 2/1' });
    expect(o.rules['ERR-23']?.failures[0]?.exchanges).toHaveLength(2);
  });

  it('leaves unjudged 429s to tokens not seen admitted, refused since, or admitted long before', () => {
    const start = Date.parse('2026-12-01T10:00:00Z');
    const o = observed([rateLimitAnswerJudge], [
      { path: '/reports', token: 'tok-never', status: 429, responseBody: { ...customerLimit, details: { type: 'rate_limit', limit: 24, windowSeconds: 3, retryAfter: 3 } }, responseHeaders: { 'Retry-After': '3' } },
      { path: '/reports', token: 'tok-blocked', status: 200, responseBody: {} },
      { path: '/reports', token: 'tok-blocked', status: 401, responseBody: { status: 401, error: 'Gesperrt', details: { type: 'authentication' } } },
      { path: '/reports', token: 'tok-blocked', status: 429, responseBody: {}, responseHeaders: { 'Retry-After': '3' } },
      { ...admitted, at: start },
      throttled({}, '3', start + 61_000),
      { path: '/health', token, status: 429, responseBody: {}, responseHeaders: { 'Retry-After': '9' } },
      { path: '/reports', requestHeaders: { Authorization: 'Basic customer:0123456789abcdef' }, status: 429, responseBody: {} },
    ]);
    expect(verdictsOf(o, ['ERR-22', 'ERR-23'])).toEqual({ 'ERR-22': 'not-observed 0/0', 'ERR-23': 'not-observed 0/0' });
  });
});
