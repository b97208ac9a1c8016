import { parseShard, type Shard } from '../../harness-core/shard.js';
import { HelpRequested, UsageError } from '../../cli/options.js';
import { CONFIDENCE } from './flood-comparison.js';
import { PHASE_REQUESTS } from './plan.js';
import { DEFAULT_WEIGHTS, OPERATIONS, parseWeights, type Operation, type Weights } from './operations.js';

/** What a run must meet; exit 1 when one is missed. */
export interface Thresholds {
  maxFalseRefusals: number;
  /** Share of the paced customers' requests with an unexpected answer or none (0..1). */
  maxErrorRate: number;
  /** p99 per endpoint, ms. */
  maxP99Ms: Record<Operation, number>;
  /** The paced customers' p99 while the flood is on, over their p99 while it is off. */
  maxFloodRatio: number;
  /** p99 of the scheduler's lag beyond which the load side, not the target, limited the run (exit 3). */
  maxLagMs: number;
}

export interface SimulateOptions {
  command: 'run' | 'merge';
  /** merge: the shards' result files. */
  files: string[];
  baseUrl?: string;
  profile?: string;
  tokens?: string;
  bare: boolean;
  fault?: string;
  customers?: number;
  flooders: number;
  durationSeconds: number;
  /** Mean requests per second of an ordinary customer (Poisson arrivals). */
  rate: number;
  /** Share of customers that use their whole budget, steadily. */
  busyShare: number;
  marginMs: number;
  floodRate: number;
  floodPhaseSeconds: number;
  /** Seconds at the start excluded from the flood comparison (cold caches, the setup's requests). */
  warmUpSeconds: number;
  weights: Weights;
  connections: number;
  floodConnections: number;
  timeoutSeconds: number;
  maxInFlight: number;
  readOnly: boolean;
  shard?: Shard;
  seed: number;
  intervalSeconds: number;
  reportDir: string;
  allure: boolean;
  postalCode?: string;
  thresholds: Thresholds;
  /** The option keys given on the command line (the others are defaults the plan may fit to the population). */
  given: string[];
}

export const DEFAULT_CUSTOMERS = 10_000;

export const USAGE = `Usage: npm run load:simulate -- [options]              a population against one target
       npm run load:simulate -- merge [--report-dir DIR] FILE...   shards' result.json files into one report
Target (default: the bundled reference server with --customers customers created for the run)
  --base-url URL         API base of a running target; its customers come from --tokens or the profile's pool
  --profile FILE         target profile: baseUrl and customers.pool (and postalCodes.valid for project creation)
  --tokens FILE          one customer per line: TOKEN [PROJECT_KEY [WRITE_PROJECT_KEY]]
  --read-only            no PATCH and no room creation; projects are looked up, not created
  --shard i/n            this process's part of the customers (customer k: shard (k mod n)+1); merge the results
Population
  --customers N          customers (bundled: created, default ${DEFAULT_CUSTOMERS}; otherwise at most N of the list)
  --rate R               mean requests per second of an ordinary customer, Poisson arrivals (default 0.02, raised for a small population until the flood comparison gets its samples, within the budget; at most 2)
  --busy SHARE           share of customers using their whole budget steadily (default 0.005)
  --margin MS            budget margin: a customer's third request leaves >= 1 s + MS after its first (default 50)
  --mix OP=W,...         weights of ${OPERATIONS.join(', ')} (default ${Object.entries(DEFAULT_WEIGHTS).map(([k, v]) => `${k}=${v}`).join(',')})
  --flooders K           customers flooding on top, taken from the end of the list (default 1)
  --flood-rate R         requests per second of each flooding customer while its phase is on (default 200)
  --flood-phase S        the flood's cycle on the wall clock: S seconds on, S to recover, S quiet (default: the shortest multiple
                         of 0.5 s that gives a phase ${PHASE_REQUESTS} customer requests, 0.5 s for the default population)
  --warm-up S            seconds at the start left out of the flood comparison (default 10, at most a sixth of --duration)
Run
  --duration S           seconds of arrivals (default 60)
  --connections N        pooled keep-alive connections of the customers (default 64); the flood has --flood-connections (16)
  --timeout S            per request (default 10)
  --max-in-flight N      arrivals beyond this many open requests are dropped and counted (default 10000)
  --seed N               seed of arrivals and mix (default random, printed)
  --interval S           width of the timeline's intervals (default 1)
  --report-dir DIR       result.json, report.html, allure-results/ (default reports/load/simulate)
  --no-allure            skip the Allure results and HTML
Verdicts (exit 1 when missed)
  --max-false-refusals N  429s proven wrong for customers within their budget (default 0)
  --max-error-rate PCT    unexpected answers or none, percent of the customers' requests (default 0.1)
  --max-p99 [OP=]MS       p99 per endpoint (default 1000; repeatable, e.g. --max-p99 results=400)
  --max-flood-ratio X     customers' p99 in a flood phase / in the quiet phase before it, median over the pairs of
                          phases after the warm-up (default 2): met when its ${CONFIDENCE * 100} % interval lies below X, missed
                          when above, else undecided
  --max-lag MS            p99 of the scheduler's lag; beyond it the load side was the limit: exit 3 (default 100)
Exit codes: 0 all verdicts met, 1 one missed (whatever else was undecided), 2 usage error, 3 target unreachable, harness error, or a verdict undecided (load side saturated, too few samples, an interval across the threshold) and none missed.`;

type Numeric = { key: keyof SimulateOptions; min: number; max?: number; integer?: boolean };

const NUMERIC: Record<string, Numeric> = {
  '--customers': { key: 'customers', min: 1, integer: true },
  '--flooders': { key: 'flooders', min: 0, integer: true },
  '--duration': { key: 'durationSeconds', min: 1 },
  '--rate': { key: 'rate', min: 0, max: 2 },
  '--busy': { key: 'busyShare', min: 0, max: 1 },
  '--margin': { key: 'marginMs', min: 0 },
  '--flood-rate': { key: 'floodRate', min: 0.1 },
  '--flood-phase': { key: 'floodPhaseSeconds', min: 0.5 },
  '--warm-up': { key: 'warmUpSeconds', min: 0 },
  '--connections': { key: 'connections', min: 1, integer: true },
  '--flood-connections': { key: 'floodConnections', min: 1, integer: true },
  '--timeout': { key: 'timeoutSeconds', min: 0.1 },
  '--max-in-flight': { key: 'maxInFlight', min: 1, integer: true },
  '--seed': { key: 'seed', min: 0, integer: true },
  '--interval': { key: 'intervalSeconds', min: 0.1 },
};

function number(flag: string, raw: string, spec: Pick<Numeric, 'min' | 'max' | 'integer'>): number {
  const n = Number(raw);
  const range = spec.max === undefined ? `>= ${spec.min}` : `from ${spec.min} to ${spec.max}`;
  if (raw.trim() === '' || !Number.isFinite(n) || n < spec.min || (spec.max !== undefined && n > spec.max) || (spec.integer && !Number.isInteger(n))) {
    throw new UsageError(`${flag} '${raw}' is invalid. Fix: ${spec.integer ? 'an integer' : 'a number'} ${range}`);
  }
  return n;
}

export function defaultOptions(): SimulateOptions {
  return {
    command: 'run',
    files: [],
    bare: false,
    flooders: 1,
    durationSeconds: 60,
    rate: 0.02,
    busyShare: 0.005,
    marginMs: 50,
    floodRate: 200,
    floodPhaseSeconds: 0.5,
    warmUpSeconds: 10,
    weights: { ...DEFAULT_WEIGHTS },
    connections: 64,
    floodConnections: 16,
    timeoutSeconds: 10,
    maxInFlight: 10_000,
    readOnly: false,
    seed: Math.floor(Math.random() * 2 ** 31),
    intervalSeconds: 1,
    reportDir: 'reports/load/simulate',
    allure: true,
    given: [],
    thresholds: {
      maxFalseRefusals: 0,
      maxErrorRate: 0.001,
      maxP99Ms: Object.fromEntries(OPERATIONS.map((op) => [op, 1000])) as Record<Operation, number>,
      maxFloodRatio: 2,
      maxLagMs: 100,
    },
  };
}

export function parseSimulateOptions(argv: readonly string[]): SimulateOptions {
  const o = defaultOptions();
  const args = [...argv];
  if (args[0] === 'merge') {
    o.command = 'merge';
    args.shift();
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = () => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value (see --help)`);
      return v;
    };
    const numeric = NUMERIC[arg];
    if (numeric) {
      (o as unknown as Record<string, number>)[numeric.key] = number(arg, value(), numeric);
      o.given.push(numeric.key);
      continue;
    }
    switch (arg) {
      case '--help':
      case '-h':
        throw new HelpRequested(USAGE);
      case '--base-url':
        o.baseUrl = value();
        break;
      case '--profile':
        o.profile = value();
        break;
      case '--tokens':
        o.tokens = value();
        break;
      case '--bare':
        o.bare = true;
        break;
      case '--fault':
        o.fault = value();
        break;
      case '--mix':
        o.weights = parseWeights(value(), o.weights);
        break;
      case '--read-only':
        o.readOnly = true;
        break;
      case '--shard': {
        const raw = value();
        const shard = parseShard(raw);
        if (!shard) throw new UsageError(`--shard '${raw}' is invalid. Fix: i/n with 1 <= i <= n, e.g. 1/3`);
        o.shard = shard;
        break;
      }
      case '--report-dir':
        o.reportDir = value();
        break;
      case '--no-allure':
        o.allure = false;
        break;
      case '--postal-code':
        o.postalCode = value();
        break;
      case '--max-false-refusals':
        o.thresholds.maxFalseRefusals = number(arg, value(), { min: 0, integer: true });
        break;
      case '--max-error-rate':
        o.thresholds.maxErrorRate = number(arg, value(), { min: 0, max: 100 }) / 100;
        break;
      case '--max-flood-ratio':
        o.thresholds.maxFloodRatio = number(arg, value(), { min: 1 });
        break;
      case '--max-lag':
        o.thresholds.maxLagMs = number(arg, value(), { min: 0 });
        break;
      case '--max-p99': {
        const raw = value();
        const m = /^(?:([A-Za-z]+)=)?(.+)$/.exec(raw) as RegExpExecArray;
        const op = m[1] as Operation | undefined;
        if (op !== undefined && !OPERATIONS.includes(op)) throw new UsageError(`--max-p99 '${raw}': unknown operation ${op}. Fix: one of ${OPERATIONS.join(', ')}, or a bare number for all`);
        const ms = number(arg, m[2] as string, { min: 0 });
        for (const each of op ? [op] : OPERATIONS) o.thresholds.maxP99Ms[each] = ms;
        break;
      }
      default:
        if (o.command === 'merge' && !arg.startsWith('-')) o.files.push(arg);
        else throw new UsageError(`unknown option '${arg}'. Fix: see npm run load:simulate -- --help`);
    }
  }
  return validate(o);
}

function validate(o: SimulateOptions): SimulateOptions {
  if (o.command === 'merge') {
    if (o.files.length === 0) throw new UsageError('merge needs the result.json files of the shards. Fix: npm run load:simulate -- merge shard-1/result.json shard-2/result.json');
    return o;
  }
  const external = o.baseUrl !== undefined || o.profile !== undefined || o.tokens !== undefined;
  if (o.bare && (external || o.fault)) throw new UsageError('--bare starts its own bare server. Fix: leave out --base-url, --profile, --tokens and --fault');
  if (o.fault && external) throw new UsageError('--fault only works with the bundled server. Fix: leave out --base-url, --profile and --tokens');
  if (external && !o.tokens && !o.profile) throw new UsageError('--base-url needs its customers. Fix: --tokens FILE (one token per line) or --profile FILE with customers.pool');
  if (o.shard && !external) throw new UsageError('--shard splits the customers of one shared target. Fix: start the target once (e.g. npm run server) and give every shard --base-url and the same --tokens FILE');
  return o;
}
