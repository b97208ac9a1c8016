import type { ExchangeSpec } from '../testing/exchange-builder.js';

/** Times in the rate-limit tests are milliseconds after this instant. */
export const T0 = Date.parse('2026-11-28T10:00:00.137Z');

export const A = 'token-a-1234567890';
export const B = 'token-b-1234567890';

/** The customer limit's 429 as the error table gives it. */
export const RATE_LIMITED = { status: 429, error: 'Zu viele Anfragen.', details: { type: 'rate_limit', limit: 2, windowSeconds: 1, retryAfter: 1 } };

type Extra = Partial<ExchangeSpec>;

/** A protected request of `token` at `at` ms, answered `status` 5 ms later. */
export function req(at: number, status: number, token: string = A, extra: Extra = {}): ExchangeSpec {
  const body = status === 429 ? RATE_LIMITED : status < 300 ? { projekte: [] } : { status, error: 'Fehler.', details: { type: 'x' } };
  return { path: '/reports', token, status, at: T0 + at, durationMs: 5, responseBody: body, ...(status === 429 && { responseHeaders: { 'Retry-After': '1' } }), ...extra };
}

/** GET /health at `at` ms with `token`, answered 200. */
export function health(at: number, token: string = A, status = 200): ExchangeSpec {
  return { path: '/health', token, status, at: T0 + at, durationMs: 5, responseBody: status === 429 ? RATE_LIMITED : { status: 'ok', api: 'cpf', version: '2.5.0', timestamp: '2026-11-28T10:00:00Z' } };
}
