import { describe, expect, it } from 'vitest';
import { exchangeOf } from '../judges/testing/exchange-builder.js';
import type { ExchangeView } from './exchange-view.js';
import type { Judge, JudgeFactory } from './judge.js';
import { Observer } from './observer.js';
import { sharedState } from './shared-state.js';

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

  it('judges in batches: each judge gets the exchanges in order, judges sharing state take their turns at each one together, and the verdicts equal those of one exchange at a time', () => {
    const shared = sharedState(() => ({ last: -1 }));
    const calls: string[] = [];
    // Each of the pair reads what the other wrote at the same exchange: judged apart, they would see another exchange's.
    const pair = (name: string, rule: string): JudgeFactory => (context) => {
      const state = context.shared(shared);
      return { rules: [rule], see: (x, ledger) => (calls.push(`${name} ${x.seq}`), ledger.judge(rule, x, state.last === -1 || state.last === x.seq || state.last === x.seq - 1, () => `${name} saw ${state.last} at ${x.seq}`), (state.last = x.seq)) };
    };
    const alone: JudgeFactory = () => ({ rules: ['RATE-2'], see: (x, ledger) => (calls.push(`alone ${x.seq}`), ledger.held('RATE-2', x)) });
    const judged = (batchSize: number) => {
      calls.length = 0;
      const observer = new Observer([pair('a', 'RATE-1'), alone, pair('b', 'RATE-3')], { batchSize });
      for (let i = 0; i < 5; i++) observer.see(exchangeOf({ path: '/reports', status: 200, token: 't' }, i));
      return { verdicts: observer.verdicts(true).rules, calls: [...calls] };
    };
    const batched = judged(3);
    expect(batched.calls).toEqual(['a 0', 'b 0', 'a 1', 'b 1', 'a 2', 'b 2', 'alone 0', 'alone 1', 'alone 2', 'a 3', 'b 3', 'a 4', 'b 4', 'alone 3', 'alone 4']);
    expect([batched.verdicts['RATE-1'], batched.verdicts['RATE-3']]).toMatchObject([{ verdict: 'pass', judged: 5 }, { verdict: 'pass', judged: 5 }]);
    expect(batched.verdicts).toEqual(judged(1).verdicts);
  });

  it('judges a whole batch when a judge throws, then throws its first error', () => {
    const judged: number[] = [];
    const observer = new Observer(
      [
        () => ({ rules: ['RATE-1'], see: (x) => { if (x.seq === 0) throw new Error('judge broke'); } }),
        () => ({ rules: ['RATE-2'], see: (x) => void judged.push(x.seq) }),
      ],
      { batchSize: 2 },
    );
    observer.see(exchangeOf({ path: '/reports', status: 200, token: 't' }, 0));
    expect(() => observer.see(exchangeOf({ path: '/reports', status: 200, token: 't' }, 1))).toThrow('judge broke');
    observer.see(exchangeOf({ path: '/reports', status: 200, token: 't' }, 2));
    expect(observer.verdicts(true).exchanges).toBe(3);
    expect(judged).toEqual([0, 1, 2]);
  });
});

