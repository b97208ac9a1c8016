import { Worker } from 'node:worker_threads';
import type { ObservedExchange } from '../exchange.js';
import type { Observation, ObserverOptions } from '../judge/observer.js';
import type { FromJudgingThread, JudgingThreadData, ToJudgingThread } from './judging-messages.js';

// The reference server's worker bootstrap loads any TypeScript entry on a thread (tsx's hooks do
// not reach worker threads on Node 20); both ship in the kit.
const BOOTSTRAP = new URL('../../reference-server/src/compute/worker-bootstrap.mjs', import.meta.url);
const ENTRY = new URL('./judging-thread-entry.ts', import.meta.url).href;

/**
 * Exchanges handed over and not yet judged beyond which `see` waits for the thread: the judge
 * falling behind a flood then slows the proxy, as judging on its thread did, instead of holding
 * ever more exchanges in memory.
 */
export const MAX_BACKLOG = 20_000;
/** How long `see` waits at a time for the backlog to shrink, before it looks again. */
const BACKLOG_WAIT_MS = 50;

export interface JudgingThreadOptions extends ObserverOptions {
  /** Also write every exchange to this exchange log, on the judging thread. */
  record?: { file: string; recordedBy: string };
  /** A judge or the log writer threw: said once. */
  complain?: (message: string) => void;
}

export interface JudgingThread {
  /** Hands an exchange over; they are sent to the thread together after the current turn of the event loop. */
  see(exchange: ObservedExchange): void;
  /** The verdicts over every exchange handed over before the call. */
  verdicts(final?: boolean): Promise<Observation>;
  /** Exchanges the thread is done with (judged, and logged with `record`). */
  judged(): number;
  /** Ends the exchange log (if any) and the thread; rejects with the log's write error. */
  close(): Promise<void>;
}

/**
 * The judges of the recording proxy on a worker thread of their own: what a judge costs then
 * weighs on no answer the proxy forwards (issue 42: at most 1 ms added to the p99). Exchanges are
 * judged in the order handed over, by the same Observer as a file's.
 */
export function startJudgingThread(options: JudgingThreadOptions = {}): JudgingThread {
  const { record, complain, ...observer } = options;
  const done = new SharedArrayBuffer(4);
  const judged = new Int32Array(done);
  const data: JudgingThreadData = { entry: ENTRY, observer, done, ...(record && { record }) };
  const worker = new Worker(BOOTSTRAP, { workerData: data });
  const waiting = new Map<number, { resolve: (message: FromJudgingThread) => void; reject: (error: Error) => void }>();
  let gone: Error | undefined;
  let nextId = 0;
  let pending: ObservedExchange[] = [];
  let handedOver = 0;

  worker.on('message', (message: FromJudgingThread) => {
    if (message.kind === 'complaint') {
      complain?.(message.message);
      return;
    }
    waiting.get(message.id)?.resolve(message);
    waiting.delete(message.id);
  });
  const fail = (error: Error) => {
    gone ??= error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('error', (error) => fail(new Error(`the judging thread failed: ${error.message}`)));
  worker.on('exit', (code) => fail(new Error(`the judging thread ended (exit code ${code})`)));

  const post = (message: ToJudgingThread) => worker.postMessage(message);
  const flush = () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    handedOver += batch.length;
    post({ kind: 'exchanges', exchanges: batch });
    for (let done = Atomics.load(judged, 0); handedOver - done > MAX_BACKLOG && gone === undefined; done = Atomics.load(judged, 0)) {
      Atomics.wait(judged, 0, done, BACKLOG_WAIT_MS);
    }
  };
  const ask = (message: ToJudgingThread & { id: number }) =>
    new Promise<FromJudgingThread>((resolve, reject) => {
      if (gone) {
        reject(gone);
        return;
      }
      flush();
      waiting.set(message.id, { resolve, reject });
      post(message);
    });

  return {
    see(exchange) {
      if (gone) return;
      if (pending.push(exchange) === 1) setImmediate(flush);
    },
    async verdicts(final = false) {
      const answer = await ask({ kind: 'verdicts', id: nextId++, final });
      if (answer.kind !== 'verdicts') throw new Error(`the judging thread answered ${answer.kind} to verdicts`);
      return answer.observation;
    },
    judged: () => Atomics.load(judged, 0),
    async close() {
      const answer = await ask({ kind: 'close', id: nextId++ });
      await worker.terminate();
      if (answer.kind === 'closed' && answer.error !== undefined) throw new Error(answer.error);
    },
  };
}
