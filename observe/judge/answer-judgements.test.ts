import { describe, expect, it } from 'vitest';
import { observed, type ExchangeSpec } from '../judges/testing/exchange-builder.js';
import { judgedPerAnswer } from './answer-judgements.js';
import type { Judge } from './judge.js';

/** A judge of answers alone that counts how often it worked one out: RES-4 holds where the body's `n` is 1. */
function countingJudge(): { judge: () => Judge; worked: () => number } {
  let worked = 0;
  const see = judgedPerAnswer((x, verdicts) => {
    worked++;
    const n = (x.responseJson as { n?: unknown } | undefined)?.n;
    verdicts.judge('RES-4', x, n === 1, () => `${x.method} ${x.apiPath}: n is ${String(n)}`);
  });
  return { judge: () => ({ rules: ['RES-4'], see }), worked: () => worked };
}

const answer = (token: string, n: number, status = 200, path = '/reports/ABCDEFGHI/results'): ExchangeSpec => ({ path, status, token, responseBody: { n } });

describe('judgedPerAnswer', () => {
  it('works an answer out once for every exchange that got it to the same request line, and judges each of them', () => {
    const { judge, worked } = countingJudge();
    const observation = observed([judge], [answer('t1', 1), answer('t2', 1), answer('t3', 1)]);
    expect(worked()).toBe(1);
    expect(observation.rules['RES-4']).toMatchObject({ verdict: 'pass', judged: 3, customers: 3 });
  });

  it('charges a failure to each exchange that got the failing answer, with its own exchange and the message', () => {
    const { judge, worked } = countingJudge();
    const observation = observed([judge], [answer('t1', 2), answer('t2', 2)]);
    expect(worked()).toBe(1);
    const rule = observation.rules['RES-4'];
    expect(rule).toMatchObject({ verdict: 'fail', judged: 2, failed: 2, customers: 2 });
    expect(rule?.failures.map((f) => f.message)).toEqual(['GET /reports/ABCDEFGHI/results: n is 2', 'GET /reports/ABCDEFGHI/results: n is 2']);
    expect(new Set(rule?.failures.map((f) => f.exchanges[0]?.customer)).size).toBe(2);
  });

  it('works an answer out anew for another text, another status or another request line', () => {
    const { judge, worked } = countingJudge();
    observed([judge], [answer('t1', 1), answer('t1', 2), answer('t1', 2, 201), answer('t1', 2, 201, '/reports/ABCDEFGHJ/results'), answer('t1', 2, 201)]);
    expect(worked()).toBe(4);
  });
});
