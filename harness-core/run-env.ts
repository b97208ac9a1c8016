/**
 * Every CPF_* variable the kit and its tooling read, in one typed place: what the CLI hands a
 * run's vitest workers (and its global setup and reporters), written by cli and read by the
 * harness, and the operator's switches of the developer checks. A variable cannot be renamed on
 * one side only.
 */
export interface RunEnv {
  /** The target profile the CLI validated. */
  profilePath: string;
  /** The API base (the flag wins over the profile's baseUrl). */
  baseUrl: string;
  /** Under `--record`: the origin the recording proxy at the base URL's stands in for (PreparedTarget.recordedUpstream). */
  recordedUpstream: string | undefined;
  readOnly: boolean;
  reportDir: string;
  /** Where the global setup writes the pacer's figures for the summary. */
  statsFile: string;
  /** Names the projects the run creates. */
  runId: string;
  /** `i/n` of --shard, or empty. */
  shard: string;
  /** Per role customer, when the preflight's request got its answer (epoch ms): the pacer counts them. */
  preflightSent: Record<string, number>;
  /** The loopback control side of the webhook capture (receiver or nock capture), when there is one. */
  webhookControlUrl: string | undefined;
  /** Stateful exploration: the seed of its sequences, how many, and the seconds they may take. */
  exploreSeed: number;
  exploreRuns: number;
  exploreSeconds: number;
  /** Per role customer, the requests the run's checks are expected to send as it (the pacer's lease choice). */
  expectedRoleRequests: Record<string, number>;
  /** How long a check may wait for its first granted request (from the expected pacing floor). */
  waitLimitSeconds: number;
  /** Areas holding the role work of the role customer expected to set the floor, most first: their files start first. */
  leadAreas: string[];
  /** The invalid-token lane is expected to set the run's length: the checks that open it register first in their file. */
  laneLeads: boolean;
  /** package:check, test:container, report:check: a missing registry, Docker engine or Chromium fails instead of skipping. */
  requirePack: boolean;
  requireDocker: boolean;
  requireChromium: boolean;
  /** report:check: the Chromium binary to take instead of searching PATH. */
  chromium: string;
  /** The start turn a conformance worker was started in (suites/harness/threads-in-turns.ts), which its setup file gives back. */
  startupTurn: number;
}

const NAMES: Readonly<Record<keyof RunEnv, string>> = {
  profilePath: 'CPF_PROFILE',
  baseUrl: 'CPF_BASE_URL',
  recordedUpstream: 'CPF_RECORDED_UPSTREAM',
  readOnly: 'CPF_READ_ONLY',
  reportDir: 'CPF_REPORT_DIR',
  statsFile: 'CPF_STATS_FILE',
  runId: 'CPF_RUN_ID',
  shard: 'CPF_SHARD',
  preflightSent: 'CPF_PREFLIGHT_SENT',
  webhookControlUrl: 'CPF_WEBHOOK_RECEIVER_URL',
  exploreSeed: 'CPF_EXPLORE_SEED',
  exploreRuns: 'CPF_EXPLORE_RUNS',
  exploreSeconds: 'CPF_EXPLORE_SECONDS',
  expectedRoleRequests: 'CPF_EXPECTED_ROLE_REQUESTS',
  waitLimitSeconds: 'CPF_WAIT_LIMIT_SECONDS',
  leadAreas: 'CPF_LEAD_AREAS',
  laneLeads: 'CPF_LANE_LEADS',
  requirePack: 'CPF_REQUIRE_PACK',
  requireDocker: 'CPF_REQUIRE_DOCKER',
  requireChromium: 'CPF_REQUIRE_CHROMIUM',
  chromium: 'CPF_CHROMIUM',
  startupTurn: 'CPF_STARTUP_TURN',
};

/** The switches are on with `1` only, as their documentation says. */
const BOOLEANS = new Set<keyof RunEnv>(['readOnly', 'laneLeads', 'requirePack', 'requireDocker', 'requireChromium']);

const NUMBERS = new Set<keyof RunEnv>(['exploreSeed', 'exploreRuns', 'exploreSeconds', 'startupTurn']);
const JSON_VALUES = new Set<keyof RunEnv>(['preflightSent', 'expectedRoleRequests', 'leadAreas']);

function encode(key: keyof RunEnv, value: RunEnv[keyof RunEnv]): string | undefined {
  if (value === undefined) return undefined;
  if (BOOLEANS.has(key)) return value ? '1' : '0';
  if (JSON_VALUES.has(key)) return JSON.stringify(value);
  return String(value);
}

/**
 * Sets the given entries; `undefined` removes one (a long-lived fault-runner process runs many CLI
 * calls). `env`: another environment than the process's (a worker thread's before its start).
 */
export function writeRunEnv(values: Partial<RunEnv>, env: Record<string, string | undefined> = process.env): void {
  for (const [key, value] of Object.entries(values) as [keyof RunEnv, RunEnv[keyof RunEnv]][]) {
    const text = encode(key, value);
    if (text === undefined) delete env[NAMES[key]];
    else env[NAMES[key]] = text;
  }
}

/** One entry as the CLI (or the operator) set it, or undefined when it is not set; `env` for tests. */
export function readRunEnv<K extends keyof RunEnv>(key: K, env: Readonly<Record<string, string | undefined>> = process.env): RunEnv[K] | undefined {
  const text = env[NAMES[key]];
  if (text === undefined || text === '') return undefined;
  if (BOOLEANS.has(key)) return (text === '1') as RunEnv[K];
  if (JSON_VALUES.has(key)) return JSON.parse(text) as RunEnv[K];
  if (key === 'waitLimitSeconds') return Number(text) as RunEnv[K];
  if (NUMBERS.has(key)) {
    const n = Number(text);
    return (Number.isInteger(n) ? n : undefined) as RunEnv[K] | undefined;
  }
  return text as RunEnv[K];
}
