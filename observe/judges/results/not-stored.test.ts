import { describe, expect, it } from 'vitest';
import { Observer } from '../../judge/observer.js';
import { exchangeOf, observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { notStoredJudge } from './not-stored.js';
import { resultsAnswer } from './results-fixture.js';

const RULES = ['RES-24', 'RES-28'];
const token = 't-not-stored';
const key = 'abcdefghi';

const detail = (projektData: Record<string, unknown>): ExchangeSpec => ({ path: `/reports/${key}`, token, status: 200, responseBody: { projektHeader: { key, link: 'https://site.example.test/p', id: 1, status: 2 }, projektData } });
const rooms = (...ids: string[]): ExchangeSpec => ({ path: `/reports/${key}/rooms`, token, status: 200, responseBody: { rooms: ids.map((id) => ({ id, projectKey: key, roomData: {} })) } });
const results = (flow?: number, spread?: number, body = resultsAnswer(key, flow, spread)): ExchangeSpec => ({
  path: `/reports/${key}/results${flow === undefined ? '' : `?flowTemperature=${flow}&spread=${spread}`}`,
  token,
  status: 200,
  responseBody: body,
});

describe('not-stored judge', () => {
  it('passes reads that stay the same around a results call with system temperatures', () => {
    const o = observed([notStoredJudge], [detail({ projektName: 'A' }), rooms('r1'), results(), results(42.5, 7.5), detail({ projektName: 'A' }), rooms('r1'), results()]);
    expect(verdictsOf(o, RULES)).toEqual({ 'RES-24': 'pass 2/0', 'RES-28': 'pass 2/0' });
  });

  it('fails a value stored in the project, a room created and results changed afterwards', () => {
    const stored = resultsAnswer(key, 42.5, 7.5);
    const o = observed([notStoredJudge], [
      detail({ projektName: 'A' }),
      rooms('r1'),
      results(),
      results(42.5, 7.5),
      detail({ projektName: 'A', bemerkungen: 'Vorlauftemperatur 42.5' }),
      rooms('r1', 'r2'),
      results(undefined, undefined, stored),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'RES-24': 'fail 2/2', 'RES-28': 'fail 2/1' });
    expect(o.rules['RES-28']?.failures[0]?.exchanges.map((e) => e.url)).toEqual([
      `https://api.example.test/api/v2/reports/${key}/rooms`,
      `https://api.example.test/api/v2/reports/${key}/results?flowTemperature=42.5&spread=7.5`,
      `https://api.example.test/api/v2/reports/${key}/rooms`,
    ]);
  });

  it('judges nothing across a write whose start, stamped to the second, may lie within the window', () => {
    const t = Date.parse('2026-11-28T12:00:00Z');
    const write: ExchangeSpec = { method: 'PATCH', path: `/reports/${key}`, token: 't-other', status: 200, requestBody: { projectData: { projektName: 'B' } }, responseBody: {} };
    // Stamped a second after the later read: to the millisecond it came after; to the second it may have run while that read did.
    const sequence = (extra: { startUnitMs?: number }) => [{ ...detail({ projektName: 'A' }), at: t }, { ...results(42.5, 7.5), at: t + 3000 }, { ...detail({ projektName: 'B' }), at: t + 6000 }, { ...write, at: t + 7000 }].map((spec) => ({ ...spec, ...extra }));
    expect(verdictsOf(observed([notStoredJudge], sequence({})), ['RES-24'])).toEqual({ 'RES-24': 'fail 1/1' });
    expect(verdictsOf(observed([notStoredJudge], sequence({ startUnitMs: 1000 })), ['RES-24'])).toEqual({ 'RES-24': 'not-observed 0/0' });
  });

  it('judges nothing across a write, a long gap, a refused call or concurrent calls', () => {
    const o = observed([notStoredJudge], [
      // A write between: whatever changed may be its doing, also when another token sent it.
      detail({ projektName: 'A' }),
      results(42.5, 7.5),
      { method: 'PATCH', path: `/reports/${key}`, token: 't-other', status: 200, requestBody: { projectData: { projektName: 'B' } }, responseBody: {} },
      detail({ projektName: 'B' }),
      // More than the horizon between.
      results(42.5, 7.5),
      { ...detail({ projektName: 'C' }), at: Date.parse('2027-01-01T00:00:00Z') },
      // A refused call stores nothing to look for.
      { ...results(20, 5), status: 422, responseBody: { status: 422, error: 'Fehler', details: { type: 'validation' } } },
      detail({ projektName: 'D' }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'RES-24': 'not-observed 0/0', 'RES-28': 'not-observed 0/0' });
  });

  it('decides once the recording has passed the later read, at an exchange it does not read', () => {
    const observer = new Observer([notStoredJudge]);
    [rooms('r1'), results(42.5, 7.5), rooms('r1')].forEach((spec, i) => observer.see(exchangeOf(spec, i)));
    expect(verdictsOf(observer.verdicts(), RULES)).toEqual({ 'RES-24': 'not-observed 0/0', 'RES-28': 'not-observed 0/0' });
    observer.see(exchangeOf({ path: '/health', status: 200, responseBody: { status: 'ok' } }, 3));
    expect(verdictsOf(observer.verdicts(), RULES)).toEqual({ 'RES-24': 'not-observed 0/0', 'RES-28': 'pass 1/0' });
  });

  it('waits for a write recorded after the later read but sent while it ran', () => {
    const t0 = Date.parse('2027-02-01T10:00:00Z');
    const o = observed([notStoredJudge], [
      { ...rooms('r1'), at: t0 },
      { ...results(42.5, 7.5), at: t0 + 1000 },
      { ...rooms('r1', 'r2'), at: t0 + 2000, durationMs: 500 },
      { method: 'POST', path: `/reports/${key}/rooms`, token, status: 201, requestBody: { roomData: { raumBezeichnung: 'Flur' } }, responseBody: { room: { id: 'r2' } }, at: t0 + 1900, durationMs: 50 },
      { ...rooms('r1', 'r2'), at: t0 + 5000 },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'RES-24': 'not-observed 0/0', 'RES-28': 'not-observed 0/0' });
  });
});
