import { describe, expect, it } from 'vitest';
import { exchangeOf, type ExchangeSpec } from '../judges/testing/exchange-builder.js';
import { ExchangeView } from './exchange-view.js';
import type { Judge, Reads } from './judge.js';
import { Observer } from './observer.js';
import { ReaderTable, readingEverything, type Turn } from './reader-table.js';

const judge = (name: string, reads?: Reads): Judge => ({ rules: [name], ...(reads && { reads }), see() {} });
const view = (spec: ExchangeSpec) => new ExchangeView(exchangeOf(spec), 0);
const names = (turns: readonly Turn[]) => turns.filter((t) => t.reads).map((t) => t.judge.rules[0]);

describe('ReaderTable', () => {
  const all = judge('all');
  const lists = judge('lists', { endpoints: ['reports.list'] });
  const limited = judge('limited', { endpoints: ['reports.list'], tooManyRequests: true });
  const stray = judge('stray', { endpoints: ['reports.detail'], unmatched: true });
  const table = new ReaderTable([all, lists, limited, stray]);

  it('hands an exchange of a row to the judges that read that row, in the order given', () => {
    expect(names(table.of(view({ path: '/reports', status: 200, token: 't' })))).toEqual(['all', 'lists', 'limited']);
    expect(names(table.of(view({ path: '/reports/ABCDEFGHK', status: 200, token: 't' })))).toEqual(['all', 'stray']);
  });

  it('hands a 429 only to the judges that read refusals for the limit', () => {
    expect(names(table.of(view({ path: '/reports', status: 429, token: 't' })))).toEqual(['all', 'limited']);
  });

  it('hands exchanges of no row (another method, an unknown path, outside the API) only to the judges that read them', () => {
    expect(names(table.of(view({ method: 'DELETE', path: '/reports', status: 405, token: 't' })))).toEqual(['all', 'stray']);
    expect(names(table.of(view({ path: '/nothing', status: 404, token: 't' })))).toEqual(['all', 'stray']);
    expect(names(table.of(view({ path: 'https://api.example.test/files/x.pdf', status: 200 })))).toEqual(['all', 'stray']);
  });

  it('tells a judge with a clock the time of the exchanges it does not read, in the judges\' order', () => {
    const ticks: string[] = [];
    const clocked: Judge = { rules: ['clocked'], reads: { endpoints: ['reports.detail'] }, see: () => ticks.push('see'), tick: (sentAt) => ticks.push(`tick ${sentAt}`) };
    const observer = new Observer([() => all, () => clocked, () => lists]);
    observer.see(exchangeOf({ path: '/reports', status: 200, token: 't', at: 1_000 }, 0));
    observer.see(exchangeOf({ path: '/reports/ABCDEFGHK', status: 200, token: 't', at: 2_000 }, 1));
    observer.verdicts();
    const turns = new ReaderTable([all, clocked, lists]).of(view({ path: '/reports', status: 200, token: 't' }));
    expect(turns.map((t) => [t.judge.rules[0], t.reads])).toEqual([['all', true], ['clocked', false], ['lists', true]]);
    expect(ticks).toEqual(['tick 1000', 'see']);
  });

  it('readingEverything hands every exchange to judges that declare fewer, so a declaration too narrow shows', () => {
    // Counts every exchange it is handed, yet declares only the project list.
    const counting = (): Judge => ({ rules: ['PROJ-89'], reads: { endpoints: ['reports.list'] }, see: (x, ledger) => ledger.held('PROJ-89', x) });
    const specs: ExchangeSpec[] = [{ path: '/reports', status: 200, token: 't' }, { path: '/health', status: 200 }];
    const judged = (factories: Parameters<typeof readingEverything>[0]) => {
      const observer = new Observer(factories);
      specs.forEach((spec, i) => observer.see(exchangeOf(spec, i)));
      return observer.verdicts(true).rules['PROJ-89']?.judged;
    };
    expect(judged([counting])).toBe(1);
    expect(judged(readingEverything([counting]))).toBe(2);
  });
});
