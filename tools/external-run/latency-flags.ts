/**
 * The options of `npm run conformance:external` that put the latency proxy between the CLI and
 * the server; everything else goes to the CLI unchanged.
 */
export interface LatencyFlags {
  /** Mean delay per leg (request data and response data are each delayed). */
  delayMs: number;
  jitterMs: number;
  /** Fail the run (exit 3) when its wall time exceeds this multiple of the pacing floor. */
  maxFloorRatio?: number;
}

export class LatencyFlagError extends Error {}

export const LATENCY_USAGE = `  --latency-ms N       put a loopback proxy between the CLI and the server that delays each leg (request and
                       response data) by N ms on average, keeping byte order (a round trip pays two legs)
  --jitter-ms J        each leg's delay is drawn uniformly from N ± J ms (0 <= J <= N; default 0)
  --max-floor-ratio R  with --latency-ms: exit 3 when the wall time exceeds R times the pacing floor`;

const FLAGS = ['--latency-ms', '--jitter-ms', '--max-floor-ratio'] as const;
type Flag = (typeof FLAGS)[number];

function number(flag: Flag, value: string | undefined, fix: string): number {
  const parsed = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new LatencyFlagError(`${flag} ${value === undefined ? 'needs a value' : `'${value}' is not a non-negative number`}. Fix: ${fix}`);
  return parsed;
}

/** Takes the latency options out of `argv` (as `--flag value` or `--flag=value`); the rest is for the CLI. */
export function takeLatencyFlags(argv: readonly string[]): { latency?: LatencyFlags; rest: string[] } {
  const rest: string[] = [];
  const given = new Map<Flag, string | undefined>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const name = (eq > 0 ? arg.slice(0, eq) : arg) as Flag;
    if (!FLAGS.includes(name)) {
      rest.push(arg);
      continue;
    }
    given.set(name, eq > 0 ? arg.slice(eq + 1) : argv[++i]);
  }
  if (!given.has('--latency-ms')) {
    const stray = [...given.keys()][0];
    if (stray) throw new LatencyFlagError(`${stray} needs --latency-ms. Fix: add --latency-ms N, e.g. --latency-ms 40 --jitter-ms 30`);
    return { rest };
  }
  const delayMs = number('--latency-ms', given.get('--latency-ms'), 'the mean delay per leg in ms, e.g. --latency-ms 40');
  const jitterMs = given.has('--jitter-ms') ? number('--jitter-ms', given.get('--jitter-ms'), 'the jitter in ms, e.g. --jitter-ms 30') : 0;
  if (jitterMs > delayMs) throw new LatencyFlagError(`--jitter-ms ${jitterMs} exceeds --latency-ms ${delayMs}: a leg cannot take less than 0 ms. Fix: a jitter of at most ${delayMs}`);
  const latency: LatencyFlags = { delayMs, jitterMs };
  if (given.has('--max-floor-ratio')) {
    const ratio = number('--max-floor-ratio', given.get('--max-floor-ratio'), 'a ratio of at least 1, e.g. --max-floor-ratio 1.3');
    if (ratio < 1) throw new LatencyFlagError(`--max-floor-ratio ${ratio} is below 1: no run is faster than its pacing floor. Fix: a ratio of at least 1, e.g. 1.3`);
    latency.maxFloorRatio = ratio;
  }
  return { latency, rest };
}

/** The CLI's report directory among its arguments (its default is `reports`), to read the run's summary. */
export function reportDirOf(cliArgs: readonly string[]): string {
  let dir = 'reports';
  cliArgs.forEach((arg, i) => {
    if (arg === '--report-dir' && cliArgs[i + 1] !== undefined) dir = cliArgs[i + 1] as string;
    else if (arg.startsWith('--report-dir=')) dir = arg.slice('--report-dir='.length);
  });
  return dir;
}
