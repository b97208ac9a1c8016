import { DueHeap } from './due-heap.js';
import { newHistogram, recordMs, type Histogram } from './histograms.js';
import { exponentialGap } from '../seeded-random.js';
import type { SendBudget } from './send-budget.js';

/**
 * How a customer's arrivals are spaced. Open model: each arrival is planned from the previous
 * one's planned time, never from an answer, so a slow target shows as latency, not as less load.
 *
 * - poisson: random gaps with this mean (a customer's software reacting to its users);
 * - steady: one request every `periodMs` (a sync job using its whole budget);
 * - flood: random gaps with this mean, with no regard to the budget, only while `active(wallMs)`.
 */
export type ArrivalPlan = { kind: 'poisson'; meanGapMs: number } | { kind: 'steady'; periodMs: number } | { kind: 'flood'; meanGapMs: number; active: (wallMs: number) => boolean };

export interface SchedulerStats {
  /** Requests handed to `fire`. */
  fired: number;
  /** Arrivals moved later because the customer's budget would have been exceeded. */
  deferred: number;
  /** Flood arrivals that fell into a quiet phase. */
  quiet: number;
  /** How late requests left against their due time (µs histogram). */
  lag: Histogram;
  /** Time spent in the scheduler's own bookkeeping (heap, budget, planning), ms. */
  ownMs: number;
  /** Time spent in `fire` (the engine's synchronous part of sending), ms. */
  fireMs: number;
}

export interface SchedulerOptions {
  plans: readonly ArrivalPlan[];
  budget: SendBudget;
  /** The randomness of plan `id`'s gaps (a stream per customer: simulation.ts). */
  randomOf(id: number): () => number;
  /** Monotonic start and end of the arrivals (performance.now() scale). */
  startAt: number;
  endAt: number;
  fire(id: number, sentAt: number): void;
  now?: () => number;
  wallNow?: () => number;
}

/**
 * Owns the per-customer timing: one heap of next due times, one timer for the earliest. Every
 * send time it hands out respects the customer's budget (flooders excepted); `sentAt` is read
 * once per request and is the time the budget was checked against.
 */
export function runScheduler(o: SchedulerOptions): { done: Promise<SchedulerStats>; stop(): void } {
  const now = o.now ?? (() => performance.now());
  const wallNow = o.wallNow ?? (() => performance.timeOrigin + now());
  const heap = new DueHeap();
  const stats: SchedulerStats = { fired: 0, deferred: 0, quiet: 0, lag: newHistogram(), ownMs: 0, fireMs: 0 };
  const nextDue = (id: number, plan: ArrivalPlan, due: number) => due + (plan.kind === 'steady' ? plan.periodMs : exponentialGap(o.randomOf(id), plan.meanGapMs));
  // Each customer's pending arrival as planned; the heap holds it later while the budget defers it.
  const planned = new Float64Array(o.plans.length);
  o.plans.forEach((plan, id) => {
    const first = plan.kind === 'steady' ? o.startAt + o.randomOf(id)() * plan.periodMs : nextDue(id, plan, o.startAt);
    planned[id] = first;
    if (first < o.endAt) heap.push(id, first);
  });

  let timer: NodeJS.Timeout | undefined;
  let finish: (s: SchedulerStats) => void = () => {};
  const done = new Promise<SchedulerStats>((resolve) => (finish = resolve));

  const tick = () => {
    timer = undefined;
    const started = now();
    let firing = 0;
    for (;;) {
      const t = now();
      if (heap.peekDue() > t) break;
      const { id, due } = heap.pop();
      const plan = o.plans[id] as ArrivalPlan;
      if (plan.kind === 'flood') {
        if (plan.active(wallNow())) {
          recordMs(stats.lag, t - due);
          const f = now();
          o.fire(id, t);
          firing += now() - f;
          stats.fired += 1;
        } else stats.quiet += 1;
      } else {
        const earliest = o.budget.earliest(id);
        if (t < earliest) {
          // Pushed back, not dropped: the arrival still happens, as late as the budget needs.
          heap.push(id, earliest);
          stats.deferred += 1;
          continue;
        }
        recordMs(stats.lag, t - due);
        o.budget.note(id, t);
        const f = now();
        o.fire(id, t);
        firing += now() - f;
        stats.fired += 1;
      }
      // From the planned time, not the deferred one: a deferral hangs on the machine's timing, and
      // must not move the customer's later arrivals (shards plan what one process plans).
      const next = nextDue(id, plan, planned[id] as number);
      planned[id] = next;
      if (next < o.endAt) heap.push(id, next);
    }
    stats.fireMs += firing;
    stats.ownMs += now() - started - firing;
    if (heap.size === 0) finish(stats);
    else timer = setTimeout(tick, Math.max(0, heap.peekDue() - now()));
  };
  timer = setTimeout(tick, Math.max(0, o.startAt - now()));
  return {
    done,
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      finish(stats);
    },
  };
}
