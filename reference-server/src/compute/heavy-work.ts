import { availableParallelism } from 'node:os';
import { errors } from '../http/api-error.js';
import { readsAsStored, type Store } from '../store/store.js';
import { SchedulerFullError, type FairSchedulerLimits } from './fair-scheduler.js';
import { runHeavyJob, type HeavyJob } from './heavy-jobs.js';
import { readProjectSnapshot } from './project-snapshot.js';
import { createWorkerPool } from './worker-pool.js';
import type { WorkerTask } from './worker-messages.js';

/** Runs the results and PDF jobs of a customer (`owner`); the app's seam for them (AppDeps.heavyWork). */
export interface HeavyWork {
  /** Runs `job` on its project as `store` holds it; the answer's bytes (results JSON or PDF). */
  run(owner: number, job: HeavyJob, store: Store): Promise<Uint8Array>;
  /** Stops the worker threads, if any; jobs still running fail. */
  close(): Promise<void>;
}

/** Every job on the event loop: for tests and faults that want no threads. */
export const inlineHeavyWork: HeavyWork = {
  run: async (_owner, job, store) => runHeavyJob(job, readProjectSnapshot(store, job.project)),
  close: async () => {},
};

/**
 * What a worker reads the job's project from: the database file, through a connection of its own,
 * so the event loop neither reads nor copies a large project's rows. An in-memory database (tests)
 * exists on the event loop's connection only, and a store whose reads a fault or variation wrapped
 * answers other than the file: there the rows are read here and handed over.
 */
function taskOf(job: HeavyJob, store: Store): WorkerTask {
  return store.db.memory || !readsAsStored(store) ? { job, snapshot: readProjectSnapshot(store, job.project) } : { job, database: store.db.name };
}

/**
 * Below this weight (rooms plus their components, radiators and surfaces) a job runs on
 * the event loop: a house of a few dozen rooms costs less there than the trip to a worker and back,
 * and stays unaffected by another customer's queue of large jobs.
 */
export const INLINE_WEIGHT_LIMIT = 200;

/** Jobs of one customer waiting for a worker; the next one is answered 503. */
export const WAITING_PER_CUSTOMER = 4;
/** Jobs of all customers waiting for a worker; the next one is answered 503. */
export const WAITING_OVERALL = 64;

/** One worker per core the event loop leaves free, at least one. */
export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** A customer runs on at most half of the workers (at least one), so the other half stays free for the others. */
export function poolLimits(workers: number): FairSchedulerLimits {
  return { slots: workers, runningPerOwner: Math.max(1, Math.ceil(workers / 2)), waitingPerOwner: WAITING_PER_CUSTOMER, waiting: WAITING_OVERALL };
}

/** Large jobs go to a pool of worker threads, shared fairly between customers; small ones run inline. */
export function createHeavyWork(options: { workers?: number; inlineWeightLimit?: number } = {}): HeavyWork {
  const pool = createWorkerPool(poolLimits(options.workers ?? defaultWorkerCount()));
  const inlineLimit = options.inlineWeightLimit ?? INLINE_WEIGHT_LIMIT;
  return {
    async run(owner, job, store) {
      if (store.building.weightUpTo(job.project.id, inlineLimit) < inlineLimit) return inlineHeavyWork.run(owner, job, store);
      return pool.run(owner, taskOf(job, store)).catch((err: unknown) => {
        throw err instanceof SchedulerFullError ? errors.heavyWorkBusy() : err;
      });
    },
    close: () => pool.close(),
  };
}
