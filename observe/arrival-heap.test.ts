import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ArrivalHeap } from './arrival-heap.js';

describe('ArrivalHeap', () => {
  it('gives the least number first, equal numbers in the order they came', () => {
    const heap = new ArrivalHeap<string>();
    heap.push('c', 3);
    heap.push('a1', 1);
    heap.push('b', 2);
    heap.push('a2', 1);
    expect(heap.leastKey).toBe(1);
    expect([heap.pop(), heap.pop(), heap.pop(), heap.pop(), heap.pop()]).toEqual(['a1', 'a2', 'b', 'c', undefined]);
    expect(heap.leastKey).toBe(Infinity);
  });

  // A naive model of the contract: items with their numbers and arrivals, searched at every step.
  const op = fc.oneof(
    fc.record({ kind: fc.constant('push' as const), key: fc.integer({ min: 0, max: 8 }) }),
    fc.record({ kind: fc.constant('pop' as const) }),
    fc.record({ kind: fc.constant('remove-first-arrived' as const) }),
    fc.record({ kind: fc.constant('drain' as const) }),
  );

  it('takes items out as a model searching all of them does, through pushes, pops, removals and drains', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const heap = new ArrivalHeap<number>();
        let model: { item: number; key: number }[] = [];
        let made = 0;
        const least = () => model.reduce<number>((at, entry, i) => (at === -1 || entry.key < (model[at] as { key: number }).key ? i : at), -1);
        for (const o of ops) {
          if (o.kind === 'push') {
            heap.push(made, o.key);
            model.push({ item: made++, key: o.key });
          } else if (o.kind === 'pop') {
            const at = least();
            expect(heap.pop()).toBe(at === -1 ? undefined : model[at]?.item);
            if (at !== -1) model.splice(at, 1);
          } else if (o.kind === 'remove-first-arrived') {
            const first = heap.firstArrived();
            expect(first).toBe(model[0]?.item);
            if (first !== undefined) heap.remove(first);
            model.shift();
          } else {
            expect(heap.drain()).toEqual(model.map((entry) => entry.item));
            model = [];
          }
          expect(heap.size).toBe(model.length);
          expect(heap.leastKey).toBe(model.length === 0 ? Infinity : Math.min(...model.map((entry) => entry.key)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
