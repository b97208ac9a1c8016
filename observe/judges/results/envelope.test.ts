import { describe, expect, it } from 'vitest';
import { Observer } from '../../judge/observer.js';
import { exchangeOf, observed, verdictsOf } from '../testing/exchange-builder.js';
import { resultsEnvelopeJudge } from './envelope.js';
import { resultsAnswer } from './results-fixture.js';

const RULES = ['RES-1', 'RES-2', 'RES-3', 'RES-4', 'RES-5', 'RES-33'];
const token = 't-results-envelope';
const path = '/reports/abcdefghi/results';

describe('results envelope judge', () => {
  it('passes a conforming answer, also to a key spelt in capitals', () => {
    const o = observed([resultsEnvelopeJudge], [
      { path, token, status: 200, responseBody: resultsAnswer('abcdefghi') },
      { path: '/reports/ABCDEFGHI/results', token, status: 200, responseBody: { ...resultsAnswer('abcdefghi'), meta: { engine: 'x' } } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'RES-1': 'pass 2/0', 'RES-2': 'pass 2/0', 'RES-3': 'pass 2/0', 'RES-4': 'pass 2/0', 'RES-5': 'pass 2/0', 'RES-33': 'pass 2/0' });
  });

  it('fails what the answer breaks, one rule each', () => {
    const answer = resultsAnswer('abcdefghi');
    const { heatpump: _dropped, ...withoutHeatpump } = answer.results;
    const o = observed([resultsEnvelopeJudge], [
      { path, token, status: 203, responseBody: answer },
      { path, token, status: 200, responseBody: { ...answer, action: 'results' } },
      { path, token, status: 200, responseBody: { ...answer, project: { key: 'ihgfedcba' } } },
      { path, token, status: 200, responseBody: { ...answer, results: withoutHeatpump } },
      { path, token, status: 200, responseBody: { ...answer, results: { ...answer.results, status: 'ok' } } },
      { path, token, status: 200, responseBody: { ...answer, projekt: {} } },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'RES-1': 'fail 6/1', 'RES-2': 'fail 5/1', 'RES-3': 'fail 5/1', 'RES-4': 'fail 5/1', 'RES-5': 'fail 5/1', 'RES-33': 'fail 5/1' });
  });

  it('leaves errors, 429, 5xx, empty objects and unrecorded bodies unjudged', () => {
    const o = observed([resultsEnvelopeJudge], [
      { path, token, status: 422, responseBody: { status: 422, error: 'Daten fehlen', details: { type: 'calculation_unavailable', calculationStatus: 'unavailable' } } },
      { path, token, status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } } },
      { path, token, status: 503, responseBody: resultsAnswer('abcdefghi') },
      // Served to a token the target should have refused (invisible here): nothing of an answer to judge.
      { path, token: 't-invalid', status: 200, responseBody: {} },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'RES-1': 'not-observed 0/0', 'RES-2': 'not-observed 0/0', 'RES-3': 'not-observed 0/0', 'RES-4': 'not-observed 0/0', 'RES-5': 'not-observed 0/0', 'RES-33': 'not-observed 0/0' });
    // A recording without the answer's body (a HAR may leave it out).
    const observer = new Observer([resultsEnvelopeJudge]);
    const bare = exchangeOf({ path, token, status: 200 });
    delete bare.response.bodyText;
    observer.see(bare);
    expect(verdictsOf(observer.verdicts(true), RULES)).toEqual({ 'RES-1': 'not-observed 0/0', 'RES-2': 'not-observed 0/0', 'RES-3': 'not-observed 0/0', 'RES-4': 'not-observed 0/0', 'RES-5': 'not-observed 0/0', 'RES-33': 'not-observed 0/0' });
  });
});
