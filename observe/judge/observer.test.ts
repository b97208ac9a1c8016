import { describe, expect, it } from 'vitest';
import { exchangeOf } from '../judges/testing/exchange-builder.js';
import type { ExchangeView } from './exchange-view.js';
import type { Judge } from './judge.js';
import { Observer } from './observer.js';

/** A judge that notes what it was given, by path and seq. */
function noting(withUnanswered: boolean): { judge: () => Judge; seen: string[]; unanswered: string[] } {
  const seen: string[] = [];
  const unanswered: string[] = [];
  const shown = (x: ExchangeView) => `${x.apiPath} ${x.seq}`;
  return {
    seen,
    unanswered,
    judge: () => ({
      rules: ['RATE-1'],
      see: (x) => void seen.push(shown(x)),
      ...(withUnanswered && { seeUnanswered: (x: ExchangeView) => void unanswered.push(shown(x)) }),
    }),
  };
}

describe('Observer', () => {
  const traffic = [
    exchangeOf({ path: '/reports', status: 200, token: 't' }),
    { ...exchangeOf({ path: '/reports/K1', status: 0, token: 't' }), unanswered: 'status 0' },
    { ...exchangeOf({ path: '/reports/K2', status: 502, token: 't' }), proxyFailure: 'upstream unreachable' },
    exchangeOf({ path: '/health', status: 200 }),
  ];

  it('gives a request without an answer only to the judges that take one (seeUnanswered), never to see', () => {
    const timeline = noting(true);
    const answers = noting(false);
    const observer = new Observer([timeline.judge, answers.judge]);
    for (const x of traffic) observer.see(x);
    const observation = observer.verdicts(true);
    expect(timeline.seen).toEqual(['/reports 0', '/health 1']);
    expect(timeline.unanswered).toEqual(['/reports/K1 1', '/reports/K2 1']);
    expect(answers.seen).toEqual(['/reports 0', '/health 1']);
    expect(observation).toMatchObject({ exchanges: 2, ignored: { outsideApi: 0, proxyFailures: 1, unanswered: 1 } });
  });

  it('counts the exchanges whose start the recorder stamped coarser than a millisecond, and the coarsest unit', () => {
    const observer = new Observer([noting(false).judge]);
    for (const x of traffic) observer.see(x);
    expect(observer.verdicts(true)).not.toHaveProperty('coarseStarts');
    observer.see({ ...exchangeOf({ path: '/reports', status: 200, token: 't' }), startUnitMs: 10 });
    observer.see({ ...exchangeOf({ path: '/reports', status: 200, token: 't' }), startUnitMs: 1000 });
    expect(observer.verdicts(true).coarseStarts).toEqual({ exchanges: 2, unitMs: 1000 });
  });

  it('counts them the same without a judge that takes them', () => {
    const answers = noting(false);
    const observer = new Observer([answers.judge]);
    for (const x of traffic) observer.see(x);
    expect(observer.verdicts(true).ignored).toEqual({ outsideApi: 0, proxyFailures: 1, unanswered: 1 });
  });
});
