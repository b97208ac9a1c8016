import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('forgets the least recently written entry beyond its size; reading renews nothing', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 2, 3]);
    map.set('b', 4);
    map.set('d', 5);
    expect([map.get('b'), map.get('c'), map.get('d'), map.size]).toEqual([4, undefined, 5, 2]);
  });

  it('with forgetAfterMs, forgets what was written longer ago than that before the latest write', () => {
    const map = new BoundedMap<string, number>(100, 1000);
    map.set('a', 1, 0);
    map.set('b', 2, 500);
    map.set('a', 3, 900);
    map.set('c', 4, 1600);
    // b was written 1100 ms before c: beyond the horizon; a was renewed at 900.
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([3, undefined, 4, 2]);
    map.upsert('d', () => 5, 5000);
    expect([map.get('a'), map.get('c'), map.get('d'), map.size]).toEqual([undefined, undefined, 5, 1]);
    map.delete('d');
    expect(map.size).toBe(0);
  });

  it('writing the newest entry again renews it as writing any other does', () => {
    const map = new BoundedMap<string, number>(2, 1000);
    map.set('a', 1, 0);
    map.set('a', 2, 900);
    map.set('b', 3, 1600);
    expect([map.get('a'), map.get('b')]).toEqual([2, 3]);
    map.set('b', 4);
    map.set('b', 5, 1700);
    map.set('c', 6, 1800);
    // The size forgets a, the least recently written; b was renewed at 1700.
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([undefined, 5, 6, 2]);
  });

  it('a key read or written last reads as the map holds it after it is forgotten or written again', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    expect(map.get('a')).toBe(1);
    map.set('b', 2);
    map.set('c', 3);
    expect([map.get('a'), map.get('c')]).toEqual([undefined, 3]);
    map.delete('c');
    expect(map.get('c')).toBeUndefined();
    map.set('c', 4);
    expect(map.get('c')).toBe(4);
    const timed = new BoundedMap<string, number>(10, 1000);
    timed.set('a', 1, 0);
    expect(timed.get('a')).toBe(1);
    timed.set('a', 2, 100);
    expect(timed.get('a')).toBe(2);
    timed.set('b', 3, 1200);
    expect([timed.get('a'), timed.get('b')]).toEqual([undefined, 3]);
  });
});

/** The map as its contract reads, kept naively: keys in the order of their last write, each with its time. */
class NaiveBoundedMap {
  entries: { key: string; value: number; at: number }[] = [];
  constructor(
    readonly max: number,
    readonly forgetAfterMs?: number,
  ) {}
  set(key: string, value: number, at?: number): void {
    const held = this.entries.find((e) => e.key === key);
    const newest = this.entries.at(-1);
    this.entries = this.entries.filter((e) => e.key !== key);
    this.entries.push({ key, value, at: at ?? held?.at ?? newest?.at ?? -Infinity });
    if (this.entries.length > this.max) this.entries.shift();
    if (at !== undefined && this.forgetAfterMs !== undefined) this.entries = this.entries.filter((e) => e.at >= at - this.forgetAfterMs!);
  }
  delete(key: string): void {
    this.entries = this.entries.filter((e) => e.key !== key);
  }
  get(key: string): number | undefined {
    return this.entries.find((e) => e.key === key)?.value;
  }
}

describe('BoundedMap against its contract', () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 12 }), step: fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }) }),
    fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 12 }) }),
  );

  it('forgets and keeps what a naive map of the last writes does, through thousands of evictions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.boolean(), fc.array(op, { maxLength: 300 }), (max, timed, ops) => {
        const map = new BoundedMap<string, number>(max, timed ? 1000 : undefined);
        const naive = new NaiveBoundedMap(max, timed ? 1000 : undefined);
        let now = 0;
        ops.forEach((o, i) => {
          const key = `k${o.key}`;
          if (o.kind === 'delete') {
            map.delete(key);
            naive.delete(key);
          } else {
            // A timed map's judges write with the exchange's time (a write without one is the first test's).
            const at = o.step === undefined && !timed ? undefined : (now += o.step ?? 0);
            map.set(key, i, at);
            naive.set(key, i, at);
          }
          for (let k = 0; k <= 12; k++) expect(map.get(`k${k}`)).toBe(naive.get(`k${k}`));
          expect(map.size).toBe(naive.entries.length);
        });
        expect([...map.values()]).toEqual(naive.entries.map((e) => e.value));
      }),
      { numRuns: 300 },
    );
  });
});
