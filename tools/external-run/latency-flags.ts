import { type FlagTable, type FlagValues } from '../../cli/command-line/flags.js';
import { UsageError } from '../../cli/command-line/usage.js';
import { parseRunOptions } from '../../cli/options.js';

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

export const LATENCY_FLAGS = {
  'latency-ms': {
    type: 'string',
    placeholder: 'N',
    description: 'put a loopback proxy between the CLI and the server that delays each leg (request and\nresponse data) by N ms on average, keeping byte order (a round trip pays two legs)',
  },
  'jitter-ms': { type: 'string', placeholder: 'J', description: "each leg's delay is drawn uniformly from N ± J ms (0 <= J <= N; default 0)" },
  'max-floor-ratio': { type: 'string', placeholder: 'R', description: 'with --latency-ms: exit 3 when the wall time exceeds R times the pacing floor' },
} as const satisfies FlagTable;

function number(flag: string, value: string, fix: string): number {
  const parsed = value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new UsageError(`${flag} '${value}' is not a non-negative number. Fix: ${fix}`);
  return parsed;
}

/** The proxy's settings from the flags, or undefined without --latency-ms (no proxy). */
export function latencyOptions(values: FlagValues<typeof LATENCY_FLAGS>): LatencyFlags | undefined {
  const { 'latency-ms': latency, 'jitter-ms': jitter, 'max-floor-ratio': ratioValue } = values;
  if (latency === undefined) {
    const stray = jitter !== undefined ? '--jitter-ms' : ratioValue !== undefined ? '--max-floor-ratio' : undefined;
    if (stray) throw new UsageError(`${stray} needs --latency-ms. Fix: add --latency-ms N, e.g. --latency-ms 40 --jitter-ms 30`);
    return undefined;
  }
  const delayMs = number('--latency-ms', latency, 'the mean delay per leg in ms, e.g. --latency-ms 40');
  const jitterMs = jitter === undefined ? 0 : number('--jitter-ms', jitter, 'the jitter in ms, e.g. --jitter-ms 30');
  if (jitterMs > delayMs) throw new UsageError(`--jitter-ms ${jitterMs} exceeds --latency-ms ${delayMs}: a leg cannot take less than 0 ms. Fix: a jitter of at most ${delayMs}`);
  const flags: LatencyFlags = { delayMs, jitterMs };
  if (ratioValue !== undefined) {
    const ratio = number('--max-floor-ratio', ratioValue, 'a ratio of at least 1, e.g. --max-floor-ratio 1.3');
    if (ratio < 1) throw new UsageError(`--max-floor-ratio ${ratio} is below 1: no run is faster than its pacing floor. Fix: a ratio of at least 1, e.g. 1.3`);
    flags.maxFloorRatio = ratio;
  }
  return flags;
}

/** The CLI's report directory among its arguments (its default is `reports`), to read the run's summary. */
export function reportDirOf(cliArgs: readonly string[]): string {
  return parseRunOptions(cliArgs).reportDir;
}
