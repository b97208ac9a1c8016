/**
 * The floor the target's limits set on a run: no schedule of the run's requests ends sooner,
 * whatever the harness plans. Two limits bind, each on its own requests:
 *
 * - every customer's: "2 protected requests per sliding second";
 * - the requests without a valid token, per source address: "a fixed limit per source IP applies;
 *   its value: not shown", so the profile's documented value (without one nothing is known, and
 *   the lane bounds nothing).
 *
 * And the waits a rule cannot do without: RATE-12's window without requests of the lane before
 * its probe (below), and AUTH-23's quiet phase, whose timing probes cannot share the target with
 * the customers' requests (harness-core/quiet-phase.ts): the requests sent once it began are paced
 * after those sent before, the lane's apart (the phase may run while the lane waits).
 *
 * Only what these force counts: not the harness's start, its pacing margin, the answers' own time,
 * the wait between the phases. The plan's estimate (floor-estimate.ts) is another figure, printed
 * beside this one.
 */

import { INVALID_TOKEN_LANE } from '../harness-core/invalid-token-lane.js';

/** "2 protected requests per sliding second" per customer. */
export const CUSTOMER_LIMIT = { requests: 2, windowSeconds: 1 } as const;

export interface WindowLimit {
  requests: number;
  windowSeconds: number;
}

/**
 * The shortest time from the first to the last of `requests` under at most `limit.requests` in any
 * window of `limit.windowSeconds`: each further batch of `limit.requests` a window after the one
 * before (the first goes at once).
 */
export function pacedSeconds(requests: number, limit: WindowLimit): number {
  if (requests <= 0) return 0;
  return (Math.ceil(requests / limit.requests) - 1) * limit.windowSeconds;
}

/**
 * The lane of requests without a valid token. With RATE-12's probe, the limit is filled at once
 * (its first `requests` must all be answered 401 after a window without such requests, and the
 * ones after them meet the exhausted limit): a window with no other request of the lane lies before
 * it and, under a sliding window, one after it. The probe first or last costs one window beside
 * the other requests' batches; anywhere else, two.
 */
export function laneSeconds(otherRequests: number, limit: WindowLimit, probe: boolean): number {
  if (!probe) return pacedSeconds(otherRequests, limit);
  return otherRequests <= 0 ? 0 : Math.ceil(otherRequests / limit.requests) * limit.windowSeconds;
}

/** The lane's requests besides RATE-12's probe, and whether the probe ran, from demand per kind (`role:` and `hold:` of the lane, pacer-statistics.ts). */
export function laneDemandOf(demand: Readonly<Record<string, number>>): { laneRequests: number; laneProbe: boolean } {
  return { laneRequests: demand[`role:${INVALID_TOKEN_LANE}`] ?? 0, laneProbe: (demand[`hold:${INVALID_TOKEN_LANE}`] ?? 0) > 0 };
}

export interface LimitsFloor {
  seconds: number;
  /** Who sets it: a customer (before the quiet phase, when there was one), or the invalid-token lane. */
  busiest: string;
  busiestRequests: number;
  /** The quiet phase's part: its busiest customer's requests in it at 2 per sliding second. */
  quietSeconds?: number;
  /** The lane's own floor, when the profile documents the per-address limit and the run sent in the lane. */
  laneSeconds?: number;
}

export interface FloorInput {
  /** Requests per customer (the run's, or the plan's expected ones); names starting with `#` are lanes, not customers. */
  requestsByCustomer: Readonly<Record<string, number>>;
  /** Of those, the requests sent once the quiet phase had begun. */
  quietRequestsByCustomer?: Readonly<Record<string, number>>;
  /** Requests of the invalid-token lane besides RATE-12's probe. */
  laneRequests: number;
  /** Whether RATE-12's probe filled the lane's limit. */
  laneProbe: boolean;
  /** The documented per-address limit (profile `limits.invalidTokenPerIp`). */
  invalidTokenLimit: WindowLimit | undefined;
}

export function limitsFloor(input: FloorInput): LimitsFloor {
  const quiet = input.quietRequestsByCustomer ?? {};
  const customers = Object.entries(input.requestsByCustomer).filter(([customer]) => !customer.startsWith('#'));
  const busiestOf = (requests: (customer: string, all: number) => number) =>
    customers.reduce<[string, number]>((best, [customer, all]) => (requests(customer, all) > best[1] ? [customer, requests(customer, all)] : best), ['primary', 0]);
  const [before, beforeRequests] = busiestOf((customer, all) => all - (quiet[customer] ?? 0));
  const [, inQuiet] = busiestOf((customer) => quiet[customer] ?? 0);
  const [whole, wholeRequests] = busiestOf((_, all) => all);
  const phases = pacedSeconds(beforeRequests, CUSTOMER_LIMIT) + pacedSeconds(inQuiet, CUSTOMER_LIMIT);
  // A customer busy in both phases may need more than the phases' busiest apart.
  let floor: LimitsFloor =
    pacedSeconds(wholeRequests, CUSTOMER_LIMIT) > phases
      ? { seconds: pacedSeconds(wholeRequests, CUSTOMER_LIMIT), busiest: whole, busiestRequests: wholeRequests }
      : { seconds: phases, busiest: before, busiestRequests: beforeRequests, ...(inQuiet > 0 ? { quietSeconds: pacedSeconds(inQuiet, CUSTOMER_LIMIT) } : {}) };
  if (!input.invalidTokenLimit || (input.laneRequests <= 0 && !input.laneProbe)) return floor;
  const lane = laneSeconds(input.laneRequests, input.invalidTokenLimit, input.laneProbe);
  floor = { ...floor, laneSeconds: lane };
  return lane > floor.seconds ? { seconds: lane, busiest: INVALID_TOKEN_LANE, busiestRequests: input.laneRequests, laneSeconds: lane } : floor;
}
