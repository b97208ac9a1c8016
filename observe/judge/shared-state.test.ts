import { describe, expect, it } from 'vitest';
import { ExchangeView } from './exchange-view.js';
import { exchangeOf } from '../judges/testing/exchange-builder.js';
import { HandedOver, sharedState, sharedStore } from './shared-state.js';

describe('sharedStore', () => {
  const counter = sharedState(() => ({ count: 0 }));

  it('hands every asker of one store the same instance, made once', () => {
    const shared = sharedStore();
    shared(counter).count++;
    expect(shared(counter).count).toBe(1);
  });

  it('keeps the instances of two stores apart', () => {
    const one = sharedStore();
    const other = sharedStore();
    one(counter).count++;
    expect(other(counter).count).toBe(0);
  });
});

describe('HandedOver', () => {
  it('does the work once per exchange, whoever hands it over', () => {
    const handedOver = new HandedOver<number>();
    const [a, b] = [0, 1].map((seq) => new ExchangeView(exchangeOf({ path: '/reports', status: 200 }, seq), seq)) as [ExchangeView, ExchangeView];
    let done = 0;
    const work = (x: ExchangeView) => (done++, x.seq);
    expect([handedOver.last, handedOver.isLast(a)]).toEqual([undefined, false]);
    expect([handedOver.of(a, work), handedOver.of(a, work), done]).toEqual([0, 0, 1]);
    expect([handedOver.of(b, work), handedOver.last, handedOver.isLast(b), handedOver.isLast(a), done]).toEqual([1, 1, true, false, 2]);
  });
});
