import { outcome } from './rate-limit-timeline.js';

/**
 * Grant times of paced requests, and the slowest answer among them: the pacer grants only when
 * the customer's sliding second has room, so however long such a request waited, the target
 * held it without needing to (a late-deciding thread pool, a slow store), never for the limit.
 * The rate-limit checks take it into their bound for queueing (probe.ts).
 */
export interface PacedAnswerTimes {
  granted(grant: number): void;
  /** `status`: the answer's, when the worker names one. */
  answered(grant: number, status: number | undefined): void;
  slowestMs(): number;
}

export function createPacedAnswerTimes(clock: () => number): PacedAnswerTimes {
  const grantedAt = new Map<number, number>();
  let slowest = 0;
  return {
    granted(grant) {
      grantedAt.set(grant, clock());
    },
    answered(grant, status) {
      const at = grantedAt.get(grant);
      grantedAt.delete(grant);
      // An admission the target decided on: neither none (0), nor a refusal, nor a gateway's or its own 5xx.
      if (at !== undefined && status !== undefined && outcome({ status }) === 'admitted') slowest = Math.max(slowest, clock() - at);
    },
    slowestMs: () => slowest,
  };
}
