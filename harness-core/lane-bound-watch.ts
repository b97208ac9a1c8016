import { monotonicNow } from './monotonic-clock.js';
import type { QuietPhase } from './quiet-phase.js';

/** No customer's request for this long while the lane waits: the run waits on the lane alone. */
export const LANE_BOUND_IDLE_MS = 2000;
/** A lane wait shorter than this ends before the quiet phase would have begun anyway (a documented limit of a few seconds' window). */
export const LANE_BOUND_WAIT_MS = 5000;
const LOOK_EVERY_MS = 250;

/**
 * Opens the quiet phase while the run waits on the per-address limit alone (harness-core/quiet-phase.ts
 * `laneBound`): requests wait for the invalid-token lane's window for seconds to come, every file
 * still running has a check among them, and no customer's request has been granted for a while. Against a target whose documented window is a
 * minute, the lane's batches are a minute apart and the rest of the run ends long before; the
 * timing probes need only that the run's own load is not in their samples, and a lane paced at its
 * window sends a few requests a minute.
 */
export function watchLaneBound(options: {
  quiet: QuietPhase;
  /** How long the first waiting request of the invalid-token lane still waits (0 when none waits). */
  laneWaitMs(): number;
  /** The files of the checks waiting in the invalid-token lane: every file still running must be one (a lull of the customers' requests is no proof). */
  laneWaitingFiles(): ReadonlySet<string>;
  now?: () => number;
}): { customerGranted(): void; stop(): void } {
  const now = options.now ?? monotonicNow;
  let lastCustomerGrant = now();
  const timer = setInterval(() => {
    if (options.quiet.quietSince() !== undefined) return;
    if (now() - lastCustomerGrant < LANE_BOUND_IDLE_MS || options.laneWaitMs() < LANE_BOUND_WAIT_MS) return;
    if (options.quiet.onlyPendingAmong(options.laneWaitingFiles())) options.quiet.laneBound();
  }, LOOK_EVERY_MS);
  timer.unref();
  return {
    customerGranted: () => (lastCustomerGrant = now()),
    stop: () => clearInterval(timer),
  };
}
