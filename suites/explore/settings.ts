/**
 * The exploration budget the CLI hands the workers (`--explore-runs`, `--explore-seconds`,
 * `--seed`, through CPF_EXPLORE_* in scripts/conformance/run.ts). The defaults fit CI: eight
 * sequences of up to twelve commands, run side by side on their own pool customers, within 30 s.
 */
export interface ExploreSettings {
  /** Sequences, each its own check on its own leased customer. */
  runs: number;
  /** Time for generating and running sequences; commands not started by then are skipped. */
  seconds: number;
  /** Sequence i runs with fast-check seed `seed + i`. */
  seed: number;
  maxCommands: number;
  /** Shrinking a failure replays shorter sequences: bounded by time and by attempts. */
  shrinkSeconds: number;
  shrinkAttempts: number;
}

export const EXPLORE_DEFAULTS = { runs: 8, seconds: 30, maxCommands: 12, shrinkAttempts: 120 } as const;

function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function exploreSettings(env: NodeJS.ProcessEnv = process.env): ExploreSettings {
  const seconds = positiveInteger(env.CPF_EXPLORE_SECONDS, EXPLORE_DEFAULTS.seconds);
  const seed = Number(env.CPF_EXPLORE_SEED);
  return {
    runs: positiveInteger(env.CPF_EXPLORE_RUNS, EXPLORE_DEFAULTS.runs),
    seconds,
    // Without the CLI (a bare vitest run) the seed is drawn here; the failure message names it.
    seed: env.CPF_EXPLORE_SEED && Number.isInteger(seed) ? seed : Math.floor(Math.random() * 0x7fffffff),
    maxCommands: EXPLORE_DEFAULTS.maxCommands,
    shrinkSeconds: 2 * seconds,
    shrinkAttempts: EXPLORE_DEFAULTS.shrinkAttempts,
  };
}
