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
});
