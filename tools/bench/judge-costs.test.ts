import { describe, expect, it } from 'vitest';
import { ExchangeView } from '../../observe/judge/exchange-view.js';
import { Observer } from '../../observe/judge/observer.js';
import { JUDGES } from '../../observe/judges/index.js';
import { exchangeOf, type ExchangeSpec } from '../../observe/judges/testing/exchange-builder.js';
import { costLines, JudgeClock } from './judge-costs.js';

const at = Date.parse('2026-12-03T09:00:00.000Z');
const traffic: ExchangeSpec[] = [
  { path: '/reports', status: 200, token: 'tok-a', responseBody: { reports: [] }, at },
  { path: '/reports', status: 429, token: 'tok-a', responseBody: { error: { type: 'rate_limit' } }, at: at + 100 },
  { path: '/reports/abcdefghi', status: 404, token: 'tok-b', responseBody: { error: { type: 'not_found' } }, at: at + 200 },
  { path: '/health', status: 200, responseBody: { status: 'ok' }, at: at + 300 },
];

function observe(clock?: JudgeClock) {
  const observer = new Observer(clock ? clock.timed(JUDGES) : JUDGES);
  clock?.start();
  traffic.forEach((spec, i) => {
    const exchange = exchangeOf(spec, i);
    clock?.count(new ExchangeView(exchange, 0));
    observer.see(exchange);
  });
  return observer.verdicts(true);
}

describe('JudgeClock', () => {
  it('leaves the verdicts as every judge gives them untimed: each keeps its reads, ticks and end', () => {
    expect(observe(new JudgeClock())).toEqual(observe());
  });

  it('charges each judge its turns per kind of exchange (endpoint row and status), and lists the kinds seen', () => {
    const clock = new JudgeClock();
    observe(clock);
    const table = clock.table();
    const kinds = table.map((k) => k.kind);
    expect(kinds).toEqual(expect.arrayContaining(['reports.list 200', 'reports.list 429', 'reports.detail 404']));
    const list = table.find((k) => k.kind === 'reports.list 200');
    expect(list?.exchanges).toBe(1);
    // The rate limit's timeline reads every exchange, so it has a turn at each kind.
    expect(list?.judges.map((j) => j.judge)).toContain('RATE-1 +8');
    for (const k of table) expect(k.microsecondsEach).toBeCloseTo(k.judges.reduce((sum, j) => sum + j.microsecondsEach, 0), 6);
    expect(costLines(table, 2).every((line) => / % of the judging, \d+ exchanges, [\d.]+ µs each: /.test(line))).toBe(true);
  });

  it('times nothing before it is started', () => {
    const clock = new JudgeClock();
    const observer = new Observer(clock.timed(JUDGES));
    observer.see(exchangeOf(traffic[0] as ExchangeSpec, 0));
    observer.verdicts(true);
    expect(clock.table()).toEqual([]);
  });
});
