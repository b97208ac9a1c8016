import { describe, expect, it } from 'vitest';
import { Observer } from '../../judge/observer.js';
import { exchangeOf, observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { influenceJudge } from './influence.js';
import { systemTemperatureJudge } from './parameters.js';
import { resultsAnswer } from './results-fixture.js';

const token = 't-influence';
const key = 'abcdefghi';

const results = (query: string, body: unknown): ExchangeSpec => ({ path: `/reports/${key}/results?${query}`, token, status: 200, responseBody: body });
const at = (flow: number, spread: number) => results(`flowTemperature=${flow}&spread=${spread}`, resultsAnswer(key, flow, spread));

describe('influence judge', () => {
  it('passes two calls with clearly other system temperatures that calculate differently', () => {
    expect(verdictsOf(observed([influenceJudge], [at(35, 5), at(75, 10), at(95, 10)]), ['RES-25'])).toEqual({ 'RES-25': 'pass 2/0' });
  });

  it('fails system temperatures that change neither radiators nor the hydraulic balance', () => {
    const ignored = resultsAnswer(key);
    const o = observed([influenceJudge], [results('flowTemperature=35&spread=5', ignored), results('flowTemperature=75&spread=10', ignored)]);
    expect(verdictsOf(o, ['RES-25'])).toEqual({ 'RES-25': 'fail 1/1' });
    expect(o.rules['RES-25']?.failures[0]?.message).toContain('radiators and hydraulicBalance stayed the same for 35/5 and 75/10');
  });

  it('compares calls that overlap, with no write while either ran', () => {
    const ignored = resultsAnswer(key);
    const start = Date.parse('2027-03-01T10:00:00Z');
    const o = observed([influenceJudge], [
      { ...results('flowTemperature=35&spread=5', ignored), at: start, durationMs: 120 },
      { ...results('flowTemperature=75&spread=10', ignored), at: start + 1, durationMs: 120 },
    ]);
    expect(verdictsOf(o, ['RES-25'])).toEqual({ 'RES-25': 'fail 1/1' });
  });

  it('fails the alias rules where the same numbers, once named in a way a target may misread, calculate differently', () => {
    const o = observed([systemTemperatureJudge], [
      // The alias won over the current name.
      results('flowTemperature=35&spread=5&vorlaufT=75&spreizung=10', resultsAnswer(key, 75, 10)),
      at(35, 5),
      // An exponent read as its mantissa (0.7e1 as 0.7): either alias may be the one misread.
      results('vorlaufT=45e0&spreizung=0.7e1', resultsAnswer(key, 45, 0.7)),
      at(45, 7),
    ]);
    expect(verdictsOf(o, ['RES-21', 'RES-22', 'RES-23'])).toEqual({ 'RES-21': 'fail 1/1', 'RES-22': 'fail 1/1', 'RES-23': 'fail 1/1' });
    expect(o.rules['RES-22']?.failures[0]?.message).toContain('which both denote 45/7');
  });

  it('passes aliases and exponents read as the numbers they denote', () => {
    const o = observed([systemTemperatureJudge], [
      results('flowTemperature=35&spread=5&vorlaufT=75&spreizung=10', resultsAnswer(key, 35, 5)),
      at(35, 5),
      results('vorlaufT=4.5e1&spreizung=0.7e1', resultsAnswer(key, 45, 7)),
      at(45, 7),
    ]);
    expect(verdictsOf(o, ['RES-21', 'RES-22', 'RES-23'])).toEqual({ 'RES-21': 'pass 1/0', 'RES-22': 'pass 1/0', 'RES-23': 'pass 1/0' });
  });

  it('decides once the recording has passed both calls, at an exchange neither judge reads', () => {
    const observer = new Observer([influenceJudge, systemTemperatureJudge]);
    const rules = ['RES-23', 'RES-25'];
    [at(75, 10), results('flowTemperature=35&spread=5&vorlaufT=75&spreizung=10', resultsAnswer(key, 35, 5)), at(35, 5)].forEach((spec, i) => observer.see(exchangeOf(spec, i)));
    expect(verdictsOf(observer.verdicts(), rules)).toEqual({ 'RES-23': 'not-observed 0/0', 'RES-25': 'not-observed 0/0' });
    observer.see(exchangeOf({ path: '/health', status: 200, responseBody: { status: 'ok' } }, 3));
    expect(verdictsOf(observer.verdicts(), rules)).toEqual({ 'RES-23': 'pass 1/0', 'RES-25': 'pass 1/0' });
  });

  it('compares only calls every target reads alike and every model tells apart, with no write between', () => {
    const same = resultsAnswer(key);
    const withoutRadiators = { ...same, results: { ...same.results, radiators: [] } };
    const cases: ExchangeSpec[][] = [
      // Close temperatures may round to the same figures.
      [results('flowTemperature=55&spread=10', same), results('flowTemperature=60&spread=10', same)],
      // An exponent may be read or refused; an alias next to the current name is for RES-23.
      [results('flowTemperature=3.5e1&spread=5', same), results('flowTemperature=75&spread=10', same)],
      [results('flowTemperature=35&spread=5', same), results('flowTemperature=75&spread=10&vorlaufT=35', same)],
      // A project without radiators shows nothing to influence.
      [results('flowTemperature=35&spread=5', withoutRadiators), results('flowTemperature=75&spread=10', withoutRadiators)],
      // A write between the calls.
      [
        results('flowTemperature=35&spread=5', same),
        { method: 'PATCH', path: `/reports/${key}/rooms/r1`, token, status: 200, requestBody: { roomData: { raumFlaeche: 12 } }, responseBody: { room: { id: 'r1' } } },
        results('flowTemperature=75&spread=10', same),
      ],
      // Calls more than the horizon apart.
      [results('flowTemperature=35&spread=5', same), { ...results('flowTemperature=75&spread=10', same), at: Date.parse('2027-03-01T00:00:00Z') }],
    ];
    for (const specs of cases) expect(verdictsOf(observed([influenceJudge], specs), ['RES-25']), specs.map((s) => s.path).join(' ')).toEqual({ 'RES-25': 'not-observed 0/0' });
  });
});
