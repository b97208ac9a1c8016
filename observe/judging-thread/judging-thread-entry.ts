import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ObservedExchange } from '../exchange.js';
import { createExchangeLogWriter } from '../exchange-log/write-exchange-log.js';
import { Observer } from '../judge/observer.js';
import { JUDGES } from '../judges/index.js';
import type { FromJudgingThread, JudgingThreadData, ToJudgingThread } from './judging-messages.js';

/**
 * How much nicer (Linux nice, at most 19) the judging thread runs than the proxy's: when the cores
 * are short, forwarding goes first and judging catches up after (the backlog is bounded,
 * judging-thread.ts). Linux keeps the nice value per thread, so this thread alone is lowered;
 * elsewhere it would lower the whole process.
 */
const NICER_THAN_FORWARDING = 10;

if (process.platform === 'linux') setPriority(0, Math.min(19, getPriority(0) + NICER_THAN_FORWARDING));
const data = workerData as JudgingThreadData;
const port = parentPort;
if (port === null) throw new Error('judging-thread-entry runs as a worker thread only');
const observer = new Observer(JUDGES, data.observer);
const recorder = data.record === undefined ? undefined : createExchangeLogWriter(data.record.file, data.record.recordedBy);
const done = new Int32Array(data.done);
const send = (message: FromJudgingThread) => port.postMessage(message);
let complained = false;

/** A structured clone turns a Buffer into a plain Uint8Array; the judges read bodies as Buffers. */
function asBuffer(bytes: Uint8Array | undefined): Buffer | undefined {
  return bytes === undefined ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function seen(exchange: ObservedExchange): void {
  const { request, response } = exchange;
  if (request.bodyBinary !== undefined) request.bodyBinary = asBuffer(request.bodyBinary);
  if (response.bodyBinary !== undefined) response.bodyBinary = asBuffer(response.bodyBinary);
  try {
    observer.see(exchange);
    recorder?.write(exchange);
  } catch (error) {
    // As on the proxy's thread before: one report, and the exchanges after it are still judged.
    if (complained) return;
    complained = true;
    send({ kind: 'complaint', message: `judging an exchange threw (${error instanceof Error ? error.message : String(error)}); judging goes on, further errors are not reported` });
  }
}

port.on('message', (message: ToJudgingThread) => {
  if (message.kind === 'exchanges') {
    for (const exchange of message.exchanges) seen(exchange);
    Atomics.add(done, 0, message.exchanges.length);
    Atomics.notify(done, 0);
  } else if (message.kind === 'verdicts') {
    send({ kind: 'verdicts', id: message.id, observation: observer.verdicts(message.final) });
  } else {
    const closed = recorder?.close() ?? Promise.resolve();
    closed.then(
      () => send({ kind: 'closed', id: message.id }),
      (error: unknown) => send({ kind: 'closed', id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
});
