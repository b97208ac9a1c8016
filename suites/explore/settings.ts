import { readRunEnv } from '../../harness-core/run-env.js';
/**
 * The exploration budget the CLI hands the workers (`--explore-runs`, `--explore-seconds`,
 * `--seed`, through CPF_EXPLORE_* in cli/run.ts). The defaults fit CI: 24
 * sequences of up to 16 commands in 24 lanes side by side, each lane on its own pool customer,
 * within 30 s. Fewer find the sequence faults of the catalogue too rarely: a sequence of 16
 * commands meets a given three-step pattern (a third room with a height, a PATCH after a password
 * change, a second token's read after a PATCH) in about one case of four.
 */
export interface ExploreSettings {
  /** Sequences in all, spread over the lanes. */
  runs: number;
  /** Checks running side by side, each on its own leased customer, each with its share of the runs. */
  lanes: number;
  /** Time for generating and running sequences; commands not started by then are skipped. */
  seconds: number;
  /** Lane i runs its sequences with fast-check seed `seed + i`. */
  seed: number;
  maxCommands: number;
  /** Shrinking a failure replays shorter sequences: bounded by time and by attempts. */
  shrinkSeconds: number;
  shrinkAttempts: number;
}

export const EXPLORE_DEFAULTS = { runs: 24, seconds: 30, maxCommands: 16, shrinkAttempts: 120 } as const;
/**
 * Each lane leases two customers (owner and the one that must find nothing). One sequence per lane
 * by default: a lane's requests all go to its owner one after another, so a lane of two sequences
 * (about 40 requests, 20 s) would set the run's floor on its own.
 */
const MAX_LANES = 24;

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && value > 0 ? value : fallback;
}

export function exploreSettings(): ExploreSettings {
  const seconds = positive(readRunEnv('exploreSeconds'), EXPLORE_DEFAULTS.seconds);
  const seed = readRunEnv('exploreSeed');
  const runs = positive(readRunEnv('exploreRuns'), EXPLORE_DEFAULTS.runs);
  return {
    runs,
    lanes: Math.min(runs, MAX_LANES),
    seconds,
    // Without the CLI (a bare vitest run) the seed is drawn here; the failure message names it.
    seed: seed ?? Math.floor(Math.random() * 0x7fffffff),
    maxCommands: EXPLORE_DEFAULTS.maxCommands,
    shrinkSeconds: 3 * seconds,
    shrinkAttempts: EXPLORE_DEFAULTS.shrinkAttempts,
  };
}

/** How many of the runs lane `lane` makes: an even share, the first lanes taking the remainder. */
export function runsOfLane(settings: Pick<ExploreSettings, 'runs' | 'lanes'>, lane: number): number {
  return Math.floor(settings.runs / settings.lanes) + (lane < settings.runs % settings.lanes ? 1 : 0);
}
