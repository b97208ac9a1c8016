import { describe, expect, it } from 'vitest';
import { observed, verdictsOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { systemTemperatureJudge } from './parameters.js';
import { resultsAnswer } from './results-fixture.js';

const RULES = ['RES-18', 'RES-19', 'RES-20', 'RES-21', 'RES-22', 'RES-23'];
const token = 't-system-temperatures';

const ok = (query: string): ExchangeSpec => ({ path: `/reports/abcdefghi/results?${query}`, token, status: 200, responseBody: resultsAnswer('abcdefghi') });
const error = (query: string, status: number, type: string, field?: string): ExchangeSpec => ({
  path: `/reports/abcdefghi/results?${query}`,
  token,
  status,
  responseBody: { status, error: 'Fehler', details: { type, ...(field && { field }) } },
});
const judged = (specs: ExchangeSpec[]) => verdictsOf(observed([systemTemperatureJudge], specs), RULES);

describe('system temperature judge', () => {
  it('passes valid values accepted and invalid ones refused with 422 validation', () => {
    expect(
      judged([
        ok('flowTemperature=25&spread=5'),
        ok('flowTemperature=60&spread=59.5'),
        ok('vorlaufT=35&spreizung=5'),
        ok('flowTemperature=35&spread=5&vorlaufT=200'),
        error('flowTemperature=95.1&spread=10', 422, 'validation', 'flowTemperature'),
        error('flowTemperature=55&spread=0', 422, 'validation', 'spread'),
        error('vorlaufT=24.9&spreizung=5', 422, 'validation', 'vorlaufT'),
        error('vorlaufT=55&spreizung=-2', 422, 'validation', 'spreizung'),
        error('flowTemperature=warm&spread=10', 422, 'validation'),
      ]),
      // RES-23 twice: the status of the call naming both, and its answer against the one with only the alias (both 35/5).
    ).toEqual({ 'RES-18': 'pass 2/0', 'RES-19': 'pass 2/0', 'RES-20': 'pass 1/0', 'RES-21': 'pass 2/0', 'RES-22': 'pass 2/0', 'RES-23': 'pass 2/0' });
  });

  it('fails valid values refused and invalid ones accepted, under the rule of the parameter at fault', () => {
    expect(
      judged([
        error('flowTemperature=25&spread=5', 422, 'validation', 'flowTemperature'),
        ok('flowTemperature=96&spread=10'),
        ok('flowTemperature=50&spread=50'),
        error('vorlaufT=35&spreizung=5', 422, 'validation', 'flowTemperature'),
        ok('vorlaufT=55&spreizung=0'),
        error('flowTemperature=35&spread=5&vorlaufT=200', 422, 'validation', 'vorlaufT'),
      ]),
    ).toEqual({ 'RES-18': 'fail 1/1', 'RES-19': 'fail 1/1', 'RES-20': 'fail 1/1', 'RES-21': 'fail 1/1', 'RES-22': 'fail 1/1', 'RES-23': 'fail 1/1' });
  });

  it('leaves undecidable calls unjudged: other answers first, open readings, one parameter alone, unknown parameters', () => {
    expect(
      judged([
        error('flowTemperature=20&spread=5', 422, 'calculation_unavailable'),
        error('flowTemperature=20&spread=5', 403, 'authorization'),
        error('flowTemperature=20&spread=5', 404, 'not_found'),
        error('flowTemperature=20&spread=5', 429, 'rate_limit'),
        error('flowTemperature=20&spread=5', 503, 'service_unavailable'),
        error('flowTemperature=45&spread=7', 403, 'authorization'),
        error('flowTemperature=4.5e1&spread=7e0', 422, 'validation'),
        ok('flowTemperature=4.5e1&spread=7e0'),
        error('vorlaufT=40&spreizung=45', 422, 'validation'),
        ok('vorlaufT=40&spreizung=45'),
        ok('flowTemperature=20'),
        error('flowTemperature=45&spread=7&debug=1', 422, 'validation'),
      ]),
    ).toEqual({ 'RES-18': 'not-observed 0/0', 'RES-19': 'not-observed 0/0', 'RES-20': 'not-observed 0/0', 'RES-21': 'not-observed 0/0', 'RES-22': 'not-observed 0/0', 'RES-23': 'not-observed 0/0' });
  });
});
