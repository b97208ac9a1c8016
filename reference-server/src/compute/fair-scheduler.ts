/**
 * Hands jobs to a fixed set of slots (one per worker thread) so that no owner (customer) gets more
 * than its share: each owner's jobs wait in its own FIFO queue, a free slot goes to the owner
 * served longest ago (round robin), an owner runs at most `runningPerOwner` jobs at once, and both the waiting jobs of one
 * owner and those of all owners are bounded, so a busy server refuses early instead of answering
 * ever later.
 */
export interface FairSchedulerLimits {
  /** Jobs running at once. */
  slots: number;
  /** Jobs one owner may run at once: the rest of the slots stay free for the others. */
  runningPerOwner: number;
  /** Jobs one owner may have waiting; one more is refused. */
  waitingPerOwner: number;
  /** Jobs all owners together may have waiting; one more is refused. */
  waiting: number;
}

/** Thrown (as a rejection) by `submit` when a bound of the waiting jobs is reached. */
export class SchedulerFullError extends Error {
  constructor(readonly bound: 'owner' | 'all') {
    super(bound === 'owner' ? 'too many jobs of this owner are waiting' : 'too many jobs are waiting');
    this.name = 'SchedulerFullError';
  }
}

interface Waiting {
  run: (slot: number) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export interface FairScheduler {
  /** Runs `run` on a free slot once it is the owner's turn. */
  submit<T>(owner: number, run: (slot: number) => Promise<T>): Promise<T>;
  /** Jobs waiting and running now. */
  load(): { waiting: number; running: number };
}

export function createFairScheduler(limits: FairSchedulerLimits): FairScheduler {
  const free = Array.from({ length: limits.slots }, (_, slot) => slot);
  const queues = new Map<number, Waiting[]>();
  const runningOf = new Map<number, number>();
  // The turn in which each busy owner last got a slot: the owner served longest ago goes next, and
  // one that was idle (no entry) before all that were served. Forgotten when the owner is idle again.
  const servedIn = new Map<number, number>();
  let turn = 0;
  let waiting = 0;

  const nextOwner = (): number | undefined => {
    let next: number | undefined;
    let nextTurn = Number.POSITIVE_INFINITY;
    for (const owner of queues.keys()) {
      const served = servedIn.get(owner) ?? -1;
      if ((runningOf.get(owner) ?? 0) < limits.runningPerOwner && served < nextTurn) [next, nextTurn] = [owner, served];
    }
    return next;
  };

  const release = (owner: number, slot: number): void => {
    free.push(slot);
    const running = (runningOf.get(owner) ?? 1) - 1;
    if (running > 0) runningOf.set(owner, running);
    else {
      runningOf.delete(owner);
      if (!queues.has(owner)) servedIn.delete(owner);
    }
    dispatch();
  };

  const dispatch = (): void => {
    for (let owner = nextOwner(); owner !== undefined && free.length > 0; owner = nextOwner()) {
      const queue = queues.get(owner) as Waiting[];
      const job = queue.shift() as Waiting;
      if (queue.length === 0) queues.delete(owner);
      waiting -= 1;
      const slot = free.pop() as number;
      runningOf.set(owner, (runningOf.get(owner) ?? 0) + 1);
      servedIn.set(owner, ++turn);
      new Promise((resolve) => resolve(job.run(slot))).then(
        (value) => {
          release(owner, slot);
          job.resolve(value);
        },
        (reason: unknown) => {
          release(owner, slot);
          job.reject(reason);
        },
      );
    }
  };

  return {
    submit<T>(owner: number, run: (slot: number) => Promise<T>): Promise<T> {
      const queue = queues.get(owner) ?? [];
      if (queue.length >= limits.waitingPerOwner) return Promise.reject(new SchedulerFullError('owner'));
      if (waiting >= limits.waiting) return Promise.reject(new SchedulerFullError('all'));
      return new Promise<T>((resolve, reject) => {
        queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
        queues.set(owner, queue);
        waiting += 1;
        dispatch();
      });
    },
    load: () => ({ waiting, running: limits.slots - free.length }),
  };
}
