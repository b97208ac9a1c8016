import { availableParallelism } from 'node:os';
import { errors } from '../http/api-error.js';
import { SchedulerFullError, type FairSchedulerLimits } from './fair-scheduler.js';
import { jobWeight, runHeavyJob, type HeavyJob, type HeavyOutput } from './heavy-jobs.js';
import { createWorkerPool } from './worker-pool.js';

/** Runs the results and PDF jobs of a customer (`owner`); the app's seam for them (AppDeps.heavyWork). */
export interface HeavyWork {
  run<J extends HeavyJob>(owner: number, job: J): Promise<HeavyOutput<J>>;
  /** Stops the worker threads, if any; jobs still running fail. */
  close(): Promise<void>;
}

/** Every job on the event loop: for tests and faults that want no threads. */
export const inlineHeavyWork: HeavyWork = {
  run: (_owner, job) => runHeavyJob(job),
  close: async () => {},
};

/**
 * Below this weight (jobWeight: rooms plus their components, radiators and surfaces) a job runs on
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
    run(owner, job) {
      if (jobWeight(job) < inlineLimit) return runHeavyJob(job);
      return pool.run(owner, job).catch((err: unknown) => {
        throw err instanceof SchedulerFullError ? errors.heavyWorkBusy() : err;
      });
    },
    close: () => pool.close(),
  };
}
