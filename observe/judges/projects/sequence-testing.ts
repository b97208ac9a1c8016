/** Exchanges of project sequences for the unit tests of the sequence and status judges. */
import type { JudgeFactory } from '../../judge/judge.js';
import { Observer } from '../../judge/observer.js';
import { exchangeOf, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';

export const TOKEN = 't1-sequence';
export const KEY = 'abcdefghi';

/** A moment `s` seconds into a test's sequence. */
export const at = (s: number) => Date.parse('2026-11-28T12:00:00.250Z') + s * 1000;

export const headerOf = (key = KEY, status = 1, id = 7) => ({ key, link: `https://site.example.test/projekt/${key}`, id, status });

export function creation(s: number, options: { key?: string; id?: number; status?: number; data?: Record<string, unknown>; sent?: Record<string, unknown>; token?: string } = {}): ExchangeSpec {
  const withData = options.sent !== undefined;
  return {
    method: 'POST',
    path: withData ? '/reports/with-data' : '/reports',
    token: options.token ?? TOKEN,
    at: at(s),
    status: 201,
    ...(withData && { requestBody: { projectData: options.sent } }),
    responseBody: { status: 200, action: 'createReport', projektHeader: headerOf(options.key, options.status ?? 1, options.id), projektData: options.data ?? {} },
  };
}

export function detail(s: number, options: { key?: string; status?: number; data?: Record<string, unknown>; answer?: number; token?: string; id?: number } = {}): ExchangeSpec {
  const key = options.key ?? KEY;
  const answer = options.answer ?? 200;
  return {
    path: `/reports/${key}`,
    token: options.token ?? TOKEN,
    at: at(s),
    status: answer,
    responseBody: answer === 200 ? { projektHeader: headerOf(key.toLowerCase(), options.status ?? 1, options.id), projektData: options.data ?? {} } : { status: answer, error: 'Fehler', details: { type: answer === 404 ? 'not_found' : 'validation' } },
  };
}

export function patch(s: number, fields: Record<string, unknown>, options: { key?: string; answer?: number; token?: string } = {}): ExchangeSpec {
  return { method: 'PATCH', path: `/reports/${options.key ?? KEY}`, token: options.token ?? TOKEN, at: at(s), status: options.answer ?? 200, requestBody: { projectData: fields }, responseBody: { status: options.answer ?? 200 } };
}

export function roomCreation(s: number, answer = 201, token = TOKEN): ExchangeSpec {
  return { method: 'POST', path: `/reports/${KEY}/rooms`, token, at: at(s), status: answer, requestBody: { roomData: { raumBezeichnung: 'Bad' } }, responseBody: answer === 201 ? { room: { id: 'r1', projectKey: KEY, roomData: {} } } : { status: answer, error: 'Fehler', details: { type: 'validation' } } };
}

/** An exchange of no project: a judge of project sequences does not read it, only learns its time. */
export const health = (s: number): ExchangeSpec => ({ path: '/health', at: at(s), status: 200, responseBody: { status: 'ok' } });

/** The verdicts of the judgements `factory` settled by the last of `specs`, the observation not ended. */
export function settledBy(factory: JudgeFactory, specs: readonly ExchangeSpec[], rules: readonly string[]): Record<string, string> {
  const observer = new Observer([factory]);
  specs.forEach((spec, i) => observer.see(exchangeOf(spec, i)));
  return verdictsOf(observer.verdicts(), rules);
}
