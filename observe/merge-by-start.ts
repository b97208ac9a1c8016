import { ArrivalHeap } from './arrival-heap.js';
import type { ObservedExchange } from './exchange.js';

/**
 * Several recordings of the same period (two browsers' HARs, two proxies' logs) read as one
 * traffic: the judges need the target's exchanges in the order they were sent, whichever file
 * holds them. Each file is assumed in request start order or nearly: a HAR lists entries as their
 * requests started, an exchange log as their answers ended, so a request may come after others
 * that started while it was under way. Each file is put in start order within a window, and the
 * files are merged (k-way) by request start; nothing is read ahead beyond the window, so memory
 * stays bounded whatever the files' lengths.
 */

/** How much later in recorded time an exchange may come than one that started after it, and still be put in place. */
export const REORDER_WINDOW_MS = 60_000;
/** At most this many exchanges are held per file while waiting for the window: a busy recording reorders within fewer seconds. */
export const REORDER_MAX_HELD = 10_000;

export interface ReorderOptions {
  windowMs?: number;
  maxHeld?: number;
}

/**
 * The exchanges of all `sources` by request start (ties in the order of the sources, then of each
 * source). One that comes later than the window allows is handed on at once, out of order, and
 * counted by `late(source)`.
 */
export async function* mergedByStart(sources: readonly AsyncIterable<ObservedExchange>[], late: (source: number) => void, options: ReorderOptions = {}): AsyncGenerator<ObservedExchange, void, undefined> {
  const streams = sources.map((source, i) => inStartOrder(source, () => late(i), options)[Symbol.asyncIterator]());
  const heads: (ObservedExchange | undefined)[] = [];
  try {
    for (const stream of streams) heads.push(await next(stream));
    for (;;) {
      let pick = -1;
      for (let i = 0; i < heads.length; i++) {
        const head = heads[i];
        if (head !== undefined && (pick === -1 || head.startedAt < (heads[pick] as ObservedExchange).startedAt)) pick = i;
      }
      if (pick === -1) return;
      yield heads[pick] as ObservedExchange;
      heads[pick] = await next(streams[pick] as AsyncIterator<ObservedExchange>);
    }
  } finally {
    // A reading ended early (an error, the consumer stopping) closes every file it opened.
    await Promise.allSettled(streams.map((stream) => stream.return?.()));
  }
}

async function next(stream: AsyncIterator<ObservedExchange>): Promise<ObservedExchange | undefined> {
  const step = await stream.next();
  return step.done ? undefined : step.value;
}

/**
 * One source in request start order, as far as its disorder stays within the window: an exchange
 * is held until one that started `windowMs` after it has come (or `maxHeld` are held, or the
 * source ends).
 */
export async function* inStartOrder(source: AsyncIterable<ObservedExchange>, late: () => void, options: ReorderOptions = {}): AsyncGenerator<ObservedExchange, void, undefined> {
  const windowMs = options.windowMs ?? REORDER_WINDOW_MS;
  const maxHeld = options.maxHeld ?? REORDER_MAX_HELD;
  // By request start, ties by arrival, so equal starts keep the source's order.
  const held = new ArrivalHeap<ObservedExchange>();
  let latestStart = -Infinity;
  let lastOut = -Infinity;
  for await (const x of source) {
    if (x.startedAt < lastOut) {
      late();
      yield x;
      continue;
    }
    held.push(x, x.startedAt);
    latestStart = Math.max(latestStart, x.startedAt);
    while (held.size > maxHeld || held.leastKey <= latestStart - windowMs) {
      const out = held.pop() as ObservedExchange;
      lastOut = out.startedAt;
      yield out;
    }
  }
  while (held.size > 0) yield held.pop() as ObservedExchange;
}
