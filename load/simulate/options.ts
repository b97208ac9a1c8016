import { parseShard, type Shard } from '../../harness-core/shard.js';
import { parseStartAt } from './start-at.js';
import { helpText, parseCommandLine, type FlagTable } from '../../cli/command-line/flags.js';
import { UsageError } from '../../cli/command-line/usage.js';
import { numberFlag, type NumberRange } from '../../cli/command-line/number-flag.js';
import { randomSeed } from '../seeded-random.js';
import { parseSourceAddresses } from '../source-addresses.js';
import { CONFIDENCE } from './flood-comparison.js';
import { PHASE_REQUESTS } from './plan.js';
import { parseInvalidTokenLimit, type InvalidTokenLimit } from './invalid-token-limit.js';
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
  /** `--start-at`: when the arrivals begin, ms since the epoch (every shard waits for it). */
  startAt?: number;
  /** `--source-addresses`: customer i (flooders after the paced ones) sends from address i mod n. */
  sourceAddresses?: string[];
  /** `--invalid-rate`: requests per second without a valid token over the whole run, spread over the source addresses (0: no such lane). */
  invalidRate: number;
  /** `--invalid-burst`: more than twice the documented limit at once from the lane's first address. */
  invalidBurst: boolean;
  /** `--invalid-token-limit N/S`: the target's documented limit per source address, over the profile's. */
  invalidTokenLimit?: InvalidTokenLimit;
  seed: number;
  intervalSeconds: number;
  reportDir: string;
  allure: boolean;
  postalCode?: string;
  /** Every request goes through the recording proxy into this exchange log, which the passive judge then judges. */
  record?: string;
  thresholds: Thresholds;
  /** The option keys given on the command line (the others are defaults the plan may fit to the population). */
  given: string[];
}

export const DEFAULT_CUSTOMERS = 10_000;

/** Where a shard finds its part when no flag names it: swarm templates reach only env vars. */
export const SHARD_ENV = 'CPF_SHARD';

const FLAGS = {
  // Target (default: the bundled reference server with --customers customers created for the run)
  'base-url': { type: 'string', placeholder: 'URL', description: "API base of a running target; its customers come from --tokens or the profile's pool" },
  profile: { type: 'string', placeholder: 'FILE', description: 'target profile: baseUrl and customers.pool (and postalCodes.valid for project creation)' },
  tokens: { type: 'string', placeholder: 'FILE', description: 'one customer per line: TOKEN [PROJECT_KEY [WRITE_PROJECT_KEY]]' },
  'read-only': { type: 'boolean', description: 'no PATCH and no room creation; projects are looked up, not created' },
  shard: {
    type: 'string',
    placeholder: 'i/n',
    description: `this process's part of the customers (customer k: shard (k mod n)+1); merge the results. Also read from\nthe env var ${SHARD_ENV} (Docker Swarm: --env ${SHARD_ENV}={{.Task.Slot}}/n); report dir default reports/load/simulate/shard-i-of-n`,
  },
  'shard-index': { type: 'string', placeholder: 'k/n', description: 'the same counted from 0: shard k+1 of n (Kubernetes Indexed Job: $(JOB_COMPLETION_INDEX)/n)' },
  'start-at': { type: 'string', placeholder: 'TIME', description: 'begin the arrivals at this moment (ISO 8601 with Z or an offset, or +S seconds from now), after the preparation:\nevery shard waits for the same moment; refused when it has passed' },
  bare: { type: 'boolean', description: "against a bare node:http server instead of the bundled one: the load side's own ceiling" },
  fault: { type: 'string', placeholder: 'ID', description: 'bundled server only: inject this fault of the catalogue or of load/simulate/faults.ts' },
  'postal-code': { type: 'string', placeholder: 'CODE', description: "postal code of the projects created on an external target (default: the profile's first valid one, else 10178)" },
  // Population
  customers: { type: 'string', placeholder: 'N', description: `customers (bundled: created, default ${DEFAULT_CUSTOMERS}; otherwise at most N of the list)` },
  rate: {
    type: 'string',
    placeholder: 'R',
    description: 'mean requests per second of an ordinary customer, Poisson arrivals (default 0.02, raised for a small\npopulation until the flood comparison gets its samples, within the budget; at most 2)',
  },
  busy: { type: 'string', placeholder: 'SHARE', description: 'share of customers using their whole budget steadily (default 0.005)' },
  margin: { type: 'string', placeholder: 'MS', description: "budget margin: a customer's third request leaves >= 1 s + MS after its first (default 50)" },
  mix: {
    type: 'string',
    multiple: true,
    placeholder: 'OP=W,...',
    description: `weights of ${OPERATIONS.join(', ')}\n(default ${Object.entries(DEFAULT_WEIGHTS).map(([k, v]) => `${k}=${v}`).join(',')})`,
  },
  flooders: { type: 'string', placeholder: 'K', description: 'customers flooding on top, taken from the end of the list (default 1)' },
  'flood-rate': { type: 'string', placeholder: 'R', description: 'requests per second of each flooding customer while its phase is on (default 200)' },
  'flood-phase': {
    type: 'string',
    placeholder: 'S',
    description: `the flood's cycle on the wall clock: S seconds on, S to recover, S quiet (default: the shortest multiple\nof 0.5 s that gives a phase ${PHASE_REQUESTS} customer requests, 0.5 s for the default population)`,
  },
  'warm-up': { type: 'string', placeholder: 'S', description: 'seconds at the start left out of the flood comparison (default 10, at most a sixth of --duration)' },
  // Run
  duration: { type: 'string', placeholder: 'S', description: 'seconds of arrivals (default 60)' },
  connections: { type: 'string', placeholder: 'N', description: 'pooled keep-alive connections of the customers (default 64)' },
  'flood-connections': { type: 'string', placeholder: 'N', description: 'connections of the flood (default 16)' },
  timeout: { type: 'string', placeholder: 'S', description: 'per request (default 10)' },
  'max-in-flight': { type: 'string', placeholder: 'N', description: 'arrivals beyond this many open requests are dropped and counted (default 10000)' },
  'source-addresses': {
    type: 'string',
    placeholder: 'SPEC',
    description: 'local addresses the customers send from, customer i from address i mod n: a comma list of\naddresses and IPv4 ranges A-B, e.g. 127.0.1.1-127.0.1.64 (on Linux all of 127.0.0.0/8 is local);\nthe connections are split over them, at least one each',
  },
  'invalid-rate': {
    type: 'string',
    placeholder: 'R',
    description: 'requests per second without a valid token (GET /reports, a random bearer token) over the whole run,\nspread over the source addresses, each its own Poisson stream; judged per address against the\ndocumented limit (default 0: none)',
  },
  'invalid-token-limit': {
    type: 'string',
    placeholder: 'N/S',
    description: "the target's documented limit on requests without a valid token per source address: N per S seconds\n(default: the profile's limits.invalidTokenPerIp; the bundled server's own; else not judged)",
  },
  'invalid-burst': { type: 'boolean', description: 'halfway through, 2N+1 requests without a valid token at once from the first address: the limit must refuse one' },
  seed: { type: 'string', placeholder: 'N', description: 'seed of arrivals and mix (default random, printed)' },
  interval: { type: 'string', placeholder: 'S', description: "width of the timeline's intervals (default 1)" },
  'report-dir': { type: 'string', placeholder: 'DIR', description: 'result.json, report.html, allure-results/ (default reports/load/simulate)' },
  record: {
    type: 'string',
    placeholder: 'FILE',
    description: "send every request through the recording proxy and write every exchange to FILE (an exchange log,\ntokens hashed); the passive judge's RATE verdicts on it are printed beside the simulator's",
  },
  'no-allure': { type: 'boolean', description: 'skip the Allure results and HTML' },
  // Verdicts (exit 1 when missed)
  'max-false-refusals': { type: 'string', placeholder: 'N', description: '429s proven wrong for customers within their budget (default 0)' },
  'max-error-rate': { type: 'string', placeholder: 'PCT', description: "unexpected answers or none, percent of the customers' requests (default 0.1)" },
  'max-p99': { type: 'string', multiple: true, placeholder: '[OP=]MS', description: 'p99 per endpoint (default 1000; repeatable, e.g. --max-p99 results=400)' },
  'max-flood-ratio': {
    type: 'string',
    placeholder: 'X',
    description: `customers' p99 in a flood phase / in the quiet phase before it, median over the pairs of phases\nafter the warm-up (default 2): met when its ${CONFIDENCE * 100} % interval lies below X, missed when above, else undecided`,
  },
  'max-lag': { type: 'string', placeholder: 'MS', description: "p99 of the scheduler's lag; beyond it the load side was the limit: exit 3 (default 100)" },
} as const satisfies FlagTable;

export const SIMULATE_COMMAND = {
  usage: `Usage: npm run load:simulate -- [options]              a population against one target
       npm run load:simulate -- merge [--report-dir DIR] FILE...   shards' result.json files into one report
       npm run load:simulate -- serve --tokens FILE [options]     the bundled server with a population, for shards started elsewhere (serve --help)`,
  flags: FLAGS,
  notes:
    'Exit codes: 0 all verdicts met, 1 one missed (whatever else was undecided), 2 usage error, 3 target unreachable, harness error, or a verdict undecided (load side saturated, too few samples, an interval across the threshold) and none missed.',
} as const;

/** The --help text. */
export const USAGE = helpText(SIMULATE_COMMAND);

type NumericKey = 'customers' | 'flooders' | 'durationSeconds' | 'rate' | 'busyShare' | 'marginMs' | 'floodRate' | 'floodPhaseSeconds' | 'warmUpSeconds' | 'connections' | 'floodConnections' | 'timeoutSeconds' | 'maxInFlight' | 'seed' | 'intervalSeconds' | 'invalidRate';

/** The numeric knobs of the run: which option each flag sets, and its range. */
const NUMERIC: Partial<Record<keyof typeof FLAGS, NumberRange & { key: NumericKey }>> = {
  customers: { key: 'customers', min: 1, integer: true },
  flooders: { key: 'flooders', min: 0, integer: true },
  duration: { key: 'durationSeconds', min: 1 },
  rate: { key: 'rate', min: 0, max: 2 },
  busy: { key: 'busyShare', min: 0, max: 1 },
  margin: { key: 'marginMs', min: 0 },
  'flood-rate': { key: 'floodRate', min: 0.1 },
  'flood-phase': { key: 'floodPhaseSeconds', min: 0.5 },
  'warm-up': { key: 'warmUpSeconds', min: 0 },
  connections: { key: 'connections', min: 1, integer: true },
  'flood-connections': { key: 'floodConnections', min: 1, integer: true },
  timeout: { key: 'timeoutSeconds', min: 0.1 },
  'max-in-flight': { key: 'maxInFlight', min: 1, integer: true },
  seed: { key: 'seed', min: 0, integer: true },
  interval: { key: 'intervalSeconds', min: 0.1 },
  'invalid-rate': { key: 'invalidRate', min: 0 },
};

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
    invalidRate: 0,
    invalidBurst: false,
    seed: randomSeed(),
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

export function parseSimulateOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): SimulateOptions {
  const o = defaultOptions();
  if (argv[0] === 'merge') o.command = 'merge';
  const { values, positionals } = parseCommandLine(o.command === 'merge' ? argv.slice(1) : argv, { ...SIMULATE_COMMAND, ...(o.command === 'merge' ? { positionals: { name: 'FILE...' } } : {}) });
  o.files = positionals;
  for (const [flag, numeric] of Object.entries(NUMERIC)) {
    const raw = values[flag as keyof typeof FLAGS];
    if (typeof raw !== 'string') continue;
    o[numeric.key] = numberFlag(`--${flag}`, raw, numeric);
    o.given.push(numeric.key);
  }
  o.baseUrl = values['base-url'];
  o.profile = values.profile;
  o.tokens = values.tokens;
  o.bare = values.bare === true;
  o.fault = values.fault;
  o.readOnly = values['read-only'] === true;
  o.postalCode = values['postal-code'];
  o.record = values.record;
  if (values['source-addresses'] !== undefined) o.sourceAddresses = parseSourceAddresses(values['source-addresses']);
  o.invalidBurst = values['invalid-burst'] === true;
  if (values['invalid-token-limit'] !== undefined) o.invalidTokenLimit = parseInvalidTokenLimit(values['invalid-token-limit']);
  if (values['start-at'] !== undefined) o.startAt = parseStartAt(values['start-at'], Date.now());
  if (values['report-dir'] !== undefined) o.reportDir = values['report-dir'];
  o.allure = values['no-allure'] !== true;
  for (const mix of values.mix ?? []) o.weights = parseWeights(mix, o.weights);
  const shard = shardOf(values.shard, values['shard-index'], o.command === 'run' ? env : {});
  if (shard) {
    o.shard = shard;
    // Shards sharing a volume must not write over each other's results.
    if (values['report-dir'] === undefined && o.command === 'run') o.reportDir = `${o.reportDir}/shard-${shard.index}-of-${shard.count}`;
  }
  const thresholds = o.thresholds;
  if (values['max-false-refusals'] !== undefined) thresholds.maxFalseRefusals = numberFlag('--max-false-refusals', values['max-false-refusals'], { min: 0, integer: true });
  if (values['max-error-rate'] !== undefined) thresholds.maxErrorRate = numberFlag('--max-error-rate', values['max-error-rate'], { min: 0, max: 100 }) / 100;
  if (values['max-flood-ratio'] !== undefined) thresholds.maxFloodRatio = numberFlag('--max-flood-ratio', values['max-flood-ratio'], { min: 1 });
  if (values['max-lag'] !== undefined) thresholds.maxLagMs = numberFlag('--max-lag', values['max-lag'], { min: 0 });
  for (const raw of values['max-p99'] ?? []) {
    const m = /^(?:([A-Za-z]+)=)?(.+)$/.exec(raw) as RegExpExecArray;
    const op = m[1] as Operation | undefined;
    if (op !== undefined && !OPERATIONS.includes(op)) throw new UsageError(`--max-p99 '${raw}': unknown operation ${op}. Fix: one of ${OPERATIONS.join(', ')}, or a bare number for all`);
    const ms = numberFlag('--max-p99', m[2] as string, { min: 0 });
    for (const each of op ? [op] : OPERATIONS) thresholds.maxP99Ms[each] = ms;
  }
  return validate(o);
}

function shardOf(flag: string | undefined, indexFlag: string | undefined, env: NodeJS.ProcessEnv): Shard | undefined {
  if (flag !== undefined && indexFlag !== undefined) throw new UsageError('--shard and --shard-index name the same part twice. Fix: give one of them');
  if (indexFlag !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(indexFlag);
    const shard = m ? parseShard(`${Number(m[1]) + 1}/${m[2]}`) : undefined;
    if (!shard) throw new UsageError(`--shard-index '${indexFlag}' is invalid. Fix: k/n with 0 <= k < n, e.g. 0/3 (Kubernetes: $(JOB_COMPLETION_INDEX)/3)`);
    return shard;
  }
  const [value, source] = flag !== undefined ? [flag, '--shard'] : [env[SHARD_ENV], SHARD_ENV];
  if (value === undefined || value === '') return undefined;
  const shard = parseShard(value);
  if (!shard) throw new UsageError(`${source} '${value}' is invalid. Fix: i/n with 1 <= i <= n, e.g. 1/3`);
  return shard;
}

function validate(o: SimulateOptions): SimulateOptions {
  if (o.command === 'merge') {
    if (o.files.length === 0) throw new UsageError('merge needs the result.json files of the shards. Fix: npm run load:simulate -- merge shard-1/result.json shard-2/result.json');
    if (o.record !== undefined) throw new UsageError("--record records a run's traffic; merge sends none. Fix: give --record to each shard's run (a file each) and judge each with npm run conformance -- observe --log FILE");
    if (o.sourceAddresses !== undefined) throw new UsageError("--source-addresses spreads a run's customers over addresses; merge sends nothing. Fix: give --source-addresses to each shard's run");
    if (o.startAt !== undefined) throw new UsageError("--start-at is when a run's arrivals begin; merge sends nothing. Fix: give --start-at to each shard's run");
    if (o.invalidRate > 0 || o.invalidBurst || o.invalidTokenLimit) throw new UsageError("--invalid-rate, --invalid-burst and --invalid-token-limit shape and judge a run's invalid-token lane; merge sends nothing and takes each shard's judgement. Fix: give them to each shard's run");
    return o;
  }
  if (o.sourceAddresses !== undefined && o.record !== undefined) {
    throw new UsageError('--source-addresses with --record: the recording proxy forwards every request from its own address, so the target would see one. Fix: leave out one of them');
  }
  const external = o.baseUrl !== undefined || o.profile !== undefined || o.tokens !== undefined;
  if (o.bare && (external || o.fault)) throw new UsageError('--bare starts its own bare server. Fix: leave out --base-url, --profile, --tokens and --fault');
  if (o.bare && (o.invalidRate > 0 || o.invalidBurst)) throw new UsageError('--invalid-rate and --invalid-burst send requests without a valid token; the bare server takes any token, so it has nothing to refuse. Fix: leave out --bare');
  if (o.bare && o.record !== undefined) throw new UsageError("--record judges a target's traffic; the bare server is no API. Fix: leave out --bare (npm run bench:observe-proxy measures the proxy's cost)");
  if (o.fault && external) throw new UsageError('--fault only works with the bundled server. Fix: leave out --base-url, --profile and --tokens');
  if (external && !o.tokens && !o.profile) throw new UsageError('--base-url needs its customers. Fix: --tokens FILE (one token per line) or --profile FILE with customers.pool');
  if (o.shard && !external) throw new UsageError('--shard splits the customers of one shared target. Fix: start the target once (e.g. npm run server) and give every shard --base-url and the same --tokens FILE');
  return o;
}
