import { describe, expect, it } from 'vitest';
import type { ObservedExchange } from './exchange.js';
import { inStartOrder, mergedByStart } from './merge-by-start.js';

const T0 = Date.parse('2026-11-28T18:00:00Z');

function x(source: string, index: number, startSeconds: number): ObservedExchange {
  return {
    source,
    index,
    startedAt: T0 + startSeconds * 1000,
    durationMs: 1,
    request: { method: 'GET', url: 'https://api.example.test/api/v2/health', httpVersion: 'HTTP/1.1', headers: [] },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], mimeType: '', bodySize: 0 },
  };
}

/** A source of exchanges starting at the given seconds, in that order; counts how many were taken from it. */
function stream(source: string, starts: number[]): AsyncIterable<ObservedExchange> & { taken: number } {
  const s = {
    taken: 0,
    async *[Symbol.asyncIterator]() {
      for (const [i, start] of starts.entries()) {
        s.taken++;
        yield x(source, i, start);
      }
    },
  };
  return s;
}

async function all(iterable: AsyncIterable<ObservedExchange>): Promise<ObservedExchange[]> {
  const out: ObservedExchange[] = [];
  for await (const e of iterable) out.push(e);
  return out;
}

const shown = (xs: ObservedExchange[]) => xs.map((e) => `${e.source}${e.index}`);

describe('mergedByStart', () => {
  it('interleaves sources by request start, ties in the order of the sources', async () => {
    const late: number[] = [];
    const merged = await all(mergedByStart([stream('a', [0, 2, 2, 7]), stream('b', [1, 2, 3])], (i) => late.push(i)));
    expect(shown(merged)).toEqual(['a0', 'b0', 'a1', 'a2', 'b1', 'b2', 'a3']);
    expect(late).toEqual([]);
  });

  it('puts each source in start order within the window, and hands on one later than the window where it comes, counted', async () => {
    const late: number[] = [];
    // b's 100 s comes after 200 s was handed on (300 s had come): beyond a 60 s window. Its 5 s and 200 s are put in place.
    const merged = await all(mergedByStart([stream('a', [0, 50, 350]), stream('b', [10, 5, 200, 300, 100, 400])], (i) => late.push(i), { windowMs: 60_000 }));
    expect(shown(merged)).toEqual(['a0', 'b1', 'b0', 'a1', 'b2', 'b4', 'b3', 'a2', 'b5']);
    expect(late).toEqual([1]);
  });

  it('reads ahead no further than the window and the cap on held exchanges', async () => {
    const source = stream('a', Array.from({ length: 1000 }, (_, i) => i));
    const iterator = inStartOrder(source, () => {}, { windowMs: 10_000, maxHeld: 100 })[Symbol.asyncIterator]();
    await iterator.next();
    // The first is handed on once one 10 s later has come.
    expect(source.taken).toBe(11);
    const capped = stream('b', Array.from({ length: 1000 }, () => 0));
    const held = inStartOrder(capped, () => {}, { windowMs: 10_000, maxHeld: 100 })[Symbol.asyncIterator]();
    await held.next();
    expect(capped.taken).toBe(101);
  });

  it('closes every source when the reading stops early', async () => {
    let closed = 0;
    const closing = (starts: number[]): AsyncIterable<ObservedExchange> => ({
      async *[Symbol.asyncIterator]() {
        try {
          for (const [i, start] of starts.entries()) yield x('c', i, start);
        } finally {
          closed++;
        }
      },
    });
    for await (const e of mergedByStart([closing([0, 1, 2]), closing([0, 1, 2])], () => {})) if (e.index === 1) break;
    expect(closed).toBe(2);
  });
});
