import type { HeaderField, ObservedExchange } from '../../exchange.js';
import { customerOf } from '../../customer-hash.js';
import type { JudgeFactory } from '../../judge/judge.js';
import { Observer, type Observation } from '../../judge/observer.js';

export const BASE = 'https://api.example.test/api/v2';

export interface ExchangeSpec {
  method?: string;
  /** Below /api/v2, with its query; or a full URL. */
  path: string;
  status: number;
  /** The token whose hash names the customer; sent as `Authorization: Bearer customer:<hash>` as a recording would have it. */
  token?: string;
  requestHeaders?: Record<string, string>;
  /** An object is sent as JSON with Content-Type application/json; a string as is. */
  requestBody?: unknown;
  responseHeaders?: Record<string, string>;
  /** An object is answered as JSON with Content-Type application/json; a string as is. */
  responseBody?: unknown;
  /** Request start, ms since the epoch; default: 1 s after the previous built exchange. */
  at?: number;
  durationMs?: number;
  /** The start as a coarser recorder stamps it (ObservedExchange.startUnitMs: 1000 for one without a fraction); absent, to the millisecond. */
  startUnitMs?: number;
}

let clock = Date.parse('2026-11-28T10:00:00.250Z');

/** An exchange as a reader would hand it over (credentials already hashed), for the judges' unit tests. */
export function exchangeOf(spec: ExchangeSpec, index = 0): ObservedExchange {
  const at = spec.at ?? (clock += 1000);
  const jsonRequest = spec.requestBody !== undefined && typeof spec.requestBody !== 'string';
  const jsonResponse = spec.responseBody !== undefined && typeof spec.responseBody !== 'string';
  const requestHeaders: HeaderField[] = [
    ...(spec.token !== undefined ? [{ name: 'Authorization', value: `Bearer ${customerOf(spec.token)}` }] : []),
    ...(jsonRequest ? [{ name: 'Content-Type', value: 'application/json' }] : []),
    ...Object.entries(spec.requestHeaders ?? {}).map(([name, value]) => ({ name, value })),
  ];
  const responseHeaders: HeaderField[] = [
    ...(jsonResponse ? [{ name: 'Content-Type', value: 'application/json; charset=utf-8' }] : []),
    ...Object.entries(spec.responseHeaders ?? {}).map(([name, value]) => ({ name, value })),
  ];
  const requestText = spec.requestBody === undefined ? undefined : typeof spec.requestBody === 'string' ? spec.requestBody : JSON.stringify(spec.requestBody);
  const responseText = spec.responseBody === undefined ? '' : typeof spec.responseBody === 'string' ? spec.responseBody : JSON.stringify(spec.responseBody);
  return {
    source: 'test',
    index,
    startedAt: at,
    durationMs: spec.durationMs ?? 5,
    ...(spec.startUnitMs !== undefined && { startUnitMs: spec.startUnitMs }),
    request: {
      method: spec.method ?? 'GET',
      url: /^https?:/.test(spec.path) ? spec.path : `${BASE}${spec.path}`,
      httpVersion: 'HTTP/1.1',
      headers: requestHeaders,
      ...(requestText !== undefined && { bodyText: requestText }),
    },
    response: { status: spec.status, statusText: '', httpVersion: 'HTTP/1.1', headers: responseHeaders, mimeType: responseHeaders.find((h) => h.name === 'Content-Type')?.value ?? '', bodySize: Buffer.byteLength(responseText), bodyText: responseText },
    ...(spec.token !== undefined && { customer: customerOf(spec.token), token: { jwtShaped: false, echoedInAnswer: false } }),
  };
}

/** The observation of the given exchanges by the given judges, to its end. */
export function observed(factories: readonly JudgeFactory[], specs: readonly ExchangeSpec[]): Observation {
  const observer = new Observer(factories);
  specs.forEach((spec, i) => observer.see(exchangeOf(spec, i)));
  return observer.verdicts(true);
}

/** Each rule's verdict with its counts, compact for `expect(...).toEqual(...)`. */
export function verdictsOf(observation: Observation, rules: readonly string[]): Record<string, string> {
  return Object.fromEntries(rules.map((id) => {
    const r = observation.rules[id];
    return [id, r ? `${r.verdict} ${r.judged}/${r.failed}` : 'unknown rule'];
  }));
}
