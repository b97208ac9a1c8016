import { describe, expect, it } from 'vitest';
import { createFairScheduler, SchedulerFullError, type FairSchedulerLimits } from './fair-scheduler.js';

/** Jobs that finish only when the test says so, recording the order they started in. */
function gatedJobs() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      gates.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    gates.get(name)?.();
    // Lets the scheduler's settle callbacks run and dispatch the next job.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, job, finish };
}

const limits = (over: Partial<FairSchedulerLimits> = {}): FairSchedulerLimits => ({ slots: 1, runningPerOwner: 1, waitingPerOwner: 10, waiting: 100, ...over });

describe('fair scheduler', () => {
  it('serves the owners in turn, not in arrival order', async () => {
    const scheduler = createFairScheduler(limits());
    const { started, job, finish } = gatedJobs();
    const done = ['a1', 'a2', 'a3'].map((name) => scheduler.submit(1, job(name)));
    done.push(scheduler.submit(2, job('b1')), scheduler.submit(2, job('b2')), scheduler.submit(3, job('c1')));
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3']) await finish(name);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(await Promise.all(done)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'c1']);
    expect(scheduler.load()).toEqual({ waiting: 0, running: 0 });
  });

  it('runs at most runningPerOwner jobs of one owner and keeps the other slots for the others', async () => {
    const scheduler = createFairScheduler(limits({ slots: 4, runningPerOwner: 2 }));
    const { started, job, finish } = gatedJobs();
    for (const name of ['a1', 'a2', 'a3', 'a4']) void scheduler.submit(1, job(name));
    await finish('none');
    expect(started).toEqual(['a1', 'a2']);
    void scheduler.submit(2, job('b1'));
    await finish('none');
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('a1');
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(scheduler.load()).toEqual({ waiting: 1, running: 3 });
  });

  it('refuses a job beyond the waiting bound of its owner, then of all owners', async () => {
    const scheduler = createFairScheduler(limits({ waitingPerOwner: 2, waiting: 3 }));
    const { job } = gatedJobs();
    void scheduler.submit(1, job('a1'));
    await Promise.resolve();
    void scheduler.submit(1, job('a2'));
    void scheduler.submit(1, job('a3'));
    await expect(scheduler.submit(1, job('a4'))).rejects.toEqual(new SchedulerFullError('owner'));
    void scheduler.submit(2, job('b1'));
    await expect(scheduler.submit(3, job('c1'))).rejects.toEqual(new SchedulerFullError('all'));
    expect(scheduler.load()).toEqual({ waiting: 3, running: 1 });
  });

  it('frees the slot of a failed job and hands each job a slot of its own', async () => {
    const scheduler = createFairScheduler(limits({ slots: 2, runningPerOwner: 2 }));
    const slots: number[] = [];
    const failing = scheduler.submit(1, (slot) => {
      slots.push(slot);
      throw new Error('kaputt');
    });
    const other = scheduler.submit(1, async (slot) => {
      slots.push(slot);
      return slot;
    });
    await expect(failing).rejects.toThrow('kaputt');
    await other;
    expect(new Set(slots).size).toBe(2);
    expect(await scheduler.submit(2, async (slot) => slot)).toBeGreaterThanOrEqual(0);
    expect(scheduler.load()).toEqual({ waiting: 0, running: 0 });
  });
});
