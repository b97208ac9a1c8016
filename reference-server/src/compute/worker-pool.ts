import { ApiError } from '../http/api-error.js';
import { createFairScheduler, type FairSchedulerLimits } from './fair-scheduler.js';
import type { WorkerReply, WorkerTask } from './worker-messages.js';
import { typeScriptThread } from './typescript-thread.js';

const ENTRY = new URL('./worker-entry.ts', import.meta.url);

/** One worker thread running one job at a time; started on its first job. */
interface PoolWorker {
  run(task: WorkerTask): Promise<Uint8Array>;
  terminate(): Promise<void>;
}

function errorOf(reply: Extract<WorkerReply, { ok: false }>): Error {
  const api = reply.apiError;
  return api ? new ApiError(api.status, reply.message, api.details, api.headers) : new Error(reply.message);
}

function startWorker(onGone: () => void): PoolWorker {
  const worker = typeScriptThread(ENTRY);
  // An idle worker does not keep the process alive; one with a job does, until it answers.
  worker.unref();
  let current: { resolve: (value: Uint8Array) => void; reject: (reason: Error) => void } | undefined;
  const settle = (outcome: (job: NonNullable<typeof current>) => void) => {
    const job = current;
    current = undefined;
    worker.unref();
    if (job) outcome(job);
  };
  worker.on('message', (reply: WorkerReply) => settle((job) => (reply.ok ? job.resolve(reply.value) : job.reject(errorOf(reply)))));
  worker.on('error', (err) => {
    onGone();
    settle((job) => job.reject(err));
  });
  worker.on('exit', (code) => {
    onGone();
    settle((job) => job.reject(new Error(`compute worker exited with code ${code}`)));
  });
  return {
    run(task) {
      return new Promise((resolve, reject) => {
        current = { resolve, reject };
        worker.ref();
        worker.postMessage(task);
      });
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}

export interface WorkerPool {
  /** Runs the task on a worker when it is the owner's turn; rejects with SchedulerFullError when too many wait. */
  run(owner: number, task: WorkerTask): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** `limits.slots` worker threads, each started on its first job and again after it died. */
export function createWorkerPool(limits: FairSchedulerLimits): WorkerPool {
  const scheduler = createFairScheduler(limits);
  const workers: (PoolWorker | undefined)[] = Array.from({ length: limits.slots }, () => undefined);
  const workerAt = (slot: number): PoolWorker => {
    let worker = workers[slot];
    if (!worker) {
      const started = startWorker(() => {
        if (workers[slot] === started) workers[slot] = undefined;
      });
      worker = started;
      workers[slot] = worker;
    }
    return worker;
  };
  return {
    run: (owner, task) => scheduler.submit(owner, (slot) => workerAt(slot).run(task)),
    async close() {
      const running = workers.filter((w): w is PoolWorker => w !== undefined);
      workers.fill(undefined);
      await Promise.all(running.map((w) => w.terminate()));
    },
  };
}
