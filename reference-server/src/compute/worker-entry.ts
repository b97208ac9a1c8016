import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../http/api-error.js';
import { runHeavyJob, type HeavyJob } from './heavy-jobs.js';

/**
 * The reply to one job; the pool sends the next job only after it. An answer the job chose (an
 * ApiError such as 422 `calculation_unavailable`) crosses as its parts, since a structured clone
 * keeps only a plain Error.
 */
export type WorkerReply =
  | { ok: true; value: string | Uint8Array }
  | { ok: false; message: string; apiError?: { status: number; details: ApiError['details']; headers: Record<string, string> } };

/**
 * How much nicer (Linux nice, at most 19) a worker runs than the event loop: when the cores are
 * short, the event loop's short answers go first and the long jobs wait. Linux keeps the nice
 * value per thread, so this thread alone is lowered; elsewhere it would lower the whole process.
 */
const NICER_THAN_EVENT_LOOP = 10;

const port = parentPort;
if (!port) throw new Error('worker-entry.ts runs in a worker thread (worker-pool.ts)');
if (process.platform === 'linux') setPriority(0, Math.min(19, getPriority(0) + NICER_THAN_EVENT_LOOP));
port.on('message', (job: HeavyJob) => {
  runHeavyJob(job).then(
    (value) => port.postMessage({ ok: true, value } satisfies WorkerReply),
    (err: unknown) =>
      port.postMessage({
        ok: false,
        message: err instanceof Error ? err.message : String(err),
        ...(err instanceof ApiError ? { apiError: { status: err.status, details: err.details, headers: err.headers } } : {}),
      } satisfies WorkerReply),
  );
});
