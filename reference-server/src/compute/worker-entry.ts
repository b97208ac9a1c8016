import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ApiError } from '../http/api-error.js';
import { openDatabaseReadOnly } from '../store/database.js';
import { createStore, type Store } from '../store/store.js';
import { runHeavyJob } from './heavy-jobs.js';
import { readProjectSnapshot } from './project-snapshot.js';
import { transferableOf, type WorkerReply, type WorkerTask } from './worker-messages.js';

/**
 * How much nicer (Linux nice, at most 19) a worker runs than the event loop: when the cores are
 * short, the event loop's short answers go first and the long jobs wait. Linux keeps the nice
 * value per thread, so this thread alone is lowered; elsewhere it would lower the whole process.
 */
const NICER_THAN_EVENT_LOOP = 10;

const port = parentPort;
if (!port) throw new Error('worker-entry.ts runs in a worker thread (worker-pool.ts)');
if (process.platform === 'linux') setPriority(0, Math.min(19, getPriority(0) + NICER_THAN_EVENT_LOOP));

// One server's database per worker: kept open between jobs, replaced when a job names another file
// (tests start several servers beside one pool).
let reader: { path: string; store: Store } | undefined;
function readerOf(path: string): Store {
  if (reader?.path !== path) {
    reader?.store.db.close();
    reader = { path, store: createStore(openDatabaseReadOnly(path)) };
  }
  return reader.store;
}

port.on('message', (task: WorkerTask) => {
  Promise.resolve()
    .then(() => runHeavyJob(task.job, 'snapshot' in task ? task.snapshot : readProjectSnapshot(readerOf(task.database), task.job.project)))
    .then(
      (value) => port.postMessage({ ok: true, value } satisfies WorkerReply, transferableOf(value)),
      (err: unknown) =>
        port.postMessage({
          ok: false,
          message: err instanceof Error ? err.message : String(err),
          ...(err instanceof ApiError ? { apiError: { status: err.status, details: err.details, headers: err.headers } } : {}),
        } satisfies WorkerReply),
    );
});
