import { describe, expect, it } from 'vitest';
import { exchangeOf } from '../judges/testing/exchange-builder.js';
import { ExchangeView } from './exchange-view.js';
import { Ledger } from './ledger.js';

describe('Ledger', () => {
  it('counts each rule\'s customers once, however many rules judge their exchanges (more rules than the catalogue has)', () => {
    const ledger = new Ledger();
    const rules = Array.from({ length: 500 }, (_, i) => `RULE-${i}`);
    const views = ['a', 'b', 'a', 'c', undefined, undefined].map((token, seq) => new ExchangeView(exchangeOf({ path: '/reports', status: 200, ...(token !== undefined && { token }) }), seq));
    for (const x of views) for (const rule of rules) ledger.held(rule, x);
    ledger.broke('RULE-499', views[0] as ExchangeView, 'broken');
    const tallies = ledger.tallies();
    for (const rule of rules) expect(tallies.get(rule)).toMatchObject({ judged: rule === 'RULE-499' ? 7 : 6, customers: 4 });
    expect(tallies.get('RULE-499')).toMatchObject({ failed: 1, failures: [{ message: 'broken' }] });
  });

  it('keeps the bits of every customer when the table grows for more customers and widens for more rules', () => {
    const ledger = new Ledger();
    const views = Array.from({ length: 3000 }, (_, seq) => new ExchangeView(exchangeOf({ path: '/reports', status: 200, token: `token-${seq % 2500}` }), seq));
    for (const x of views) ledger.held('FIRST', x);
    // A rule first judged after thousands of customers: its slot may lie beyond the rows' words.
    const late = Array.from({ length: 1000 }, (_, i) => `LATE-${i}`);
    for (const rule of late) ledger.held(rule, views[0] as ExchangeView);
    for (const x of views) ledger.held('FIRST', x);
    for (const x of views.slice(0, 10)) ledger.held('LATE-999', x);
    const tallies = ledger.tallies();
    expect(tallies.get('FIRST')).toMatchObject({ judged: 6000, customers: 2500 });
    expect(tallies.get('LATE-0')).toMatchObject({ judged: 1, customers: 1 });
    expect(tallies.get('LATE-999')).toMatchObject({ judged: 11, customers: 10 });
  });
});
