import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ObservedExchange } from '../exchange.js';
import { createExchangeLogWriter } from '../exchange-log/write-exchange-log.js';
import { Observer, type Observation } from '../judge/observer.js';
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
    // Recorded first: a judge's error, thrown once its batch is judged, costs the recording nothing.
    recorder?.write(exchange);
    observer.see(exchange);
  } catch (error) {
    complain(error);
  }
}

/** As on the proxy's thread before: one report, and the exchanges after it are still judged (the observer judges the rest of a batch before it throws). */
function complain(error: unknown): void {
  if (complained) return;
  complained = true;
  send({ kind: 'complaint', message: `judging an exchange threw (${error instanceof Error ? error.message : String(error)}); judging goes on, further errors are not reported` });
}

/** The verdicts, the exchanges still waiting for their batch judged first: a judge's error there is reported as one in `seen`. */
function verdicts(final: boolean): Observation {
  try {
    return observer.verdicts(final);
  } catch (error) {
    complain(error);
    return observer.verdicts(final);
  }
}

port.on('message', (message: ToJudgingThread) => {
  if (message.kind === 'exchanges') {
    for (const exchange of message.exchanges) seen(exchange);
    Atomics.add(done, 0, message.exchanges.length);
    Atomics.notify(done, 0);
  } else if (message.kind === 'verdicts') {
    send({ kind: 'verdicts', id: message.id, observation: verdicts(message.final) });
  } else {
    const closed = recorder?.close() ?? Promise.resolve();
    closed.then(
      () => send({ kind: 'closed', id: message.id }),
      (error: unknown) => send({ kind: 'closed', id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
});
