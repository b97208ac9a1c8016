import { isConformanceFile } from '../harness-core/suite-file.js';
import { formatShard, parseShard, type Shard } from '../harness-core/shard.js';
import { parseBaseUrl } from './base-url.js';
import { helpText, parseCommandLine, UnknownFlag, type FlagTable } from './command-line/flags.js';
import { UsageError } from './command-line/usage.js';
import { HISTORY_WITHOUT_HTML } from './report/allure-history.js';
import { INIT_FLAGS, INIT_HELP, INIT_USAGE } from './init/init-options.js';
import { OBSERVE_HELP } from './observe/observe-options.js';

/**
 * Command line of `npm run conformance` (a run, or doctor). A usage error names the flag and the
 * fix; the CLI exits with code 2 on it.
 */
export interface RunOptions {
  command: 'run' | 'doctor';
  baseUrl?: string;
  /** Container image of the implementation under test (checked when the target is prepared). */
  image?: string;
  profile?: string;
  rules: string[];
  areas: string[];
  /** Only these suite files (paths relative to the repository). */
  files: string[];
  readOnly: boolean;
  /** Skip building the Allure HTML (the raw results are still written). */
  html: boolean;
  /** Expectations baseline: checks known to fail for this implementation. */
  expect?: string;
  reportDir: string;
  shard?: Shard;
  /** Receiver mode of the webhook suite: a real receiver for a foreign target's deliveries on this port. */
  webhookReceiver?: number;
  /** A failed preflight stops the run (exit 2); with --no-preflight its findings are only warnings. */
  preflight: boolean;
  /** Stateful exploration (suites/explore): sequences, seconds of exploring, and the seed to replay. */
  exploreRuns?: number;
  exploreSeconds?: number;
  seed?: number;
  /** Variations of the bundled server (reference-server/variations): other readings the spec permits. */
  vary: string[];
  /** Ed25519 private key PEM that signs the run's statement.json. */
  signKey?: string;
  /** The Allure history file (trend graphs, per-check history); default allure-history.jsonl in the report dir. */
  allureHistory?: string;
  /** Report dir of an earlier run: only the rules of its failed or broken checks run. */
  rerunFailed?: string;
  /** Every exchange of the checks goes through the recording proxy into this exchange log (observe --log judges it). */
  record?: string;
  /** Suite files run at once (vitest's workers); absent: the run's default. */
  workers?: number;
}

export const AREAS = ['meta', 'auth', 'errors', 'projects', 'rooms', 'status', 'funding', 'results', 'documents', 'webhook', 'rate-limit', 'explore'] as const;

const RUN_FLAGS = {
  'base-url': { type: 'string', placeholder: 'URL', description: 'API base of the target, e.g. https://api.example.com/api/v2 (default: start the bundled reference server)' },
  profile: { type: 'string', placeholder: 'FILE', description: 'target profile (see spec/profile.example.json); required with --base-url' },
  image: {
    type: 'string',
    placeholder: 'NAME[:TAG]',
    description: 'start the target from this container image (testcontainers, needs a Docker engine), run, stop it;\nwithout --profile the image is the bundled one (Dockerfile) and its seed profile is used',
  },
  rules: { type: 'string', multiple: true, placeholder: 'PATTERN', description: "only checks of these rules, e.g. PROJ-12 or 'PROJ-*' (repeatable)" },
  area: { type: 'string', multiple: true, placeholder: 'NAME', description: `only these areas: ${AREAS.join(', ')} (repeatable)` },
  file: { type: 'string', multiple: true, placeholder: 'PATH', description: 'only this suite file, e.g. suites/projects/fields.conformance.ts (repeatable)' },
  'read-only': { type: 'boolean', description: 'send no writes (no creation, PATCH, password, rooms, pdf); lists what was not run' },
  'report-dir': { type: 'string', placeholder: 'DIR', description: 'where reports go (default: reports)' },
  'no-html': { type: 'boolean', description: 'skip building the Allure HTML report (allure-results, JUnit and summary are still written)' },
  'allure-history': {
    type: 'string',
    placeholder: 'FILE',
    description: "keep the Allure history (trend graphs, each check's past runs) in FILE, e.g. a CI cache path;\nevery HTML report appends its run (default: allure-history.jsonl in the report dir)",
  },
  'rerun-failed': {
    type: 'string',
    placeholder: 'DIR',
    description: "run again what failed or broke in an earlier run: the rules of those checks in DIR/checks.json\n(its --report-dir); nothing failed there: says so and exits 0 without a run",
  },
  'no-preflight': {
    type: 'boolean',
    description: "run the checks even when the preflight (public endpoints answer as this API in 2.5.0, each\nrole's first token answers as its role) finds problems; they are printed as warnings",
  },
  expect: { type: 'string', placeholder: 'FILE', description: 'checks known to fail for this implementation; only new failures fail the run' },
  shard: {
    type: 'string',
    placeholder: 'i/n',
    description:
      "run the i-th of n parts of the checks and of the customer pool (pool customer k: shard (k mod n)+1);\nconcurrent shards against ONE shared --base-url share its role customers' rate limit: give each\nits own target (the default bundled server, or --image) or a profile with its own role customers",
  },
  'webhook-receiver': {
    type: 'string',
    placeholder: 'PORT',
    description: 'receive the target\'s pdf.generated deliveries on PORT (profile webhook.mode "receiver");\ndoctor needs it to check that webhook.receiverPublicUrl reaches the receiver',
  },
  'explore-runs': { type: 'string', placeholder: 'N', description: 'stateful exploration: N random sequences, each on its own pool customer (default 24)' },
  'explore-seconds': { type: 'string', placeholder: 'S', description: 'stateful exploration: S seconds for the sequences (default 30; shrinking a failure gets 3*S more)' },
  seed: { type: 'string', placeholder: 'N', description: 'stateful exploration: the seed to replay (printed with every run and failure)' },
  'sign-key': { type: 'string', placeholder: 'FILE', description: "sign the run's statement.json (beside the reports) with this Ed25519 private key PEM" },
  record: {
    type: 'string',
    placeholder: 'FILE',
    description: "send the checks' requests through the recording proxy and write every exchange to FILE\n(an exchange log, tokens hashed); judge it again with: observe --log FILE",
  },
  workers: {
    type: 'string',
    placeholder: 'N',
    description: 'suite files run at once (default 8): each worker loads the suites anew, so fewer spend less CPU\nand memory (a small CI runner), and the run takes longer',
  },
  vary: {
    type: 'string',
    multiple: true,
    placeholder: 'NAME',
    description: "bundled server only: take this variation, another reading the spec permits (repeatable or\ncomma-separated; 'all' for every one); the checks must pass against every variation",
  },
} as const satisfies FlagTable;

const RUN_COMMAND = {
  usage: 'Usage: npm run conformance -- [doctor|init|observe|verify|diff|load:limiter|load:simulate] [options]   (installed: cpf-conformance ...)',
  flags: RUN_FLAGS,
  notes: `Subcommand doctor: preflight of target and profile, runs no checks: every token, project key, funding application and
  expired link of the profile is read (GET only, paced per customer) and each wrong entry is named with its fix;
  webhook.receiverPublicUrl is checked only with --webhook-receiver PORT (the receiver it must reach).
${INIT_HELP}
${OBSERVE_HELP}
Subcommand verify: npm run conformance -- verify DIR [--key PUBLIC_KEY_PEM]
  checks DIR/statement.json: the signature (by --key when given), every report file's digest, and that each
  rule's verdict follows from its checks' result files; exit 0 accepted, 1 rejected (each reason printed), 2 usage.
Subcommand diff: npm run conformance -- diff OLD NEW [MORE...]
  per rule, what changed between runs (report folders or statement.json files, oldest first): regressions,
  fixes, new skips, flaky rules, checks added and removed; exit 0 no regression, 1 a regression, 2 usage.
Subcommands load:limiter and load:simulate: the load tools (npm run load:limiter / load:simulate in a checkout),
  with their own options (load:simulate --help); load:simulate merge FILE... joins the results of its shards.
--version: the kit's name and version (and commit in a checkout), as statements carry them.
Exit codes: 0 all checks passed, 1 a rule failed (even if other checks broke), 2 usage or profile error, 3 target unreachable or harness error and no rule failed;
  init: 0 draft written, 2 usage or tokens-file error, 3 target unreachable.`,
} as const;

/** The whole --help of the CLI (run, doctor and the subcommands). */
export const USAGE = helpText(RUN_COMMAND);

/** The values of a comma-separated, repeatable flag, each checked. */
function listOf(values: readonly string[] | undefined, check: (item: string) => void): string[] {
  const items = (values ?? []).flatMap((value) => value.split(','));
  items.forEach(check);
  return items;
}

function count(flag: string, value: string | undefined, example: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 1000) throw new UsageError(`${flag} '${value}' is not a count. Fix: a whole number from 1 to 1000, e.g. ${flag} ${example}`);
  return n;
}

function port(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535) {
    throw new UsageError(`--webhook-receiver '${value}' is not a port. Fix: the port (1-65535) your webhook.receiverPublicUrl forwards to, e.g. --webhook-receiver 8099`);
  }
  return n;
}

function seed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || Math.abs(n) > 0x7fffffff) {
    throw new UsageError(`--seed '${value}' is not a seed. Fix: the integer a run printed ("explore: seed N"), e.g. --seed 1234567`);
  }
  return n;
}

function shard(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const parsed = parseShard(value);
  if (!parsed) throw new UsageError(`--shard '${value}' is invalid. Fix: i/n with 1 <= i <= n, e.g. 1/3`);
  return parsed;
}

/** The flags of a run (or doctor, after that word), each checked; init has its own (init/init-options.ts). */
export function parseRunOptions(argv: readonly string[]): RunOptions {
  const command = argv[0] === 'doctor' || argv[0] === 'run' ? argv[0] : 'run';
  let values;
  try {
    ({ values } = parseCommandLine(command === argv[0] ? argv.slice(1) : argv, RUN_COMMAND));
  } catch (err) {
    if (err instanceof UnknownFlag && err.flag.replace(/^--/, '') in INIT_FLAGS) throw new UsageError(`${err.flag} belongs to init. Fix: ${INIT_USAGE}`);
    throw err;
  }
  const options: RunOptions = {
    command,
    baseUrl: values['base-url'] === undefined ? undefined : parseBaseUrl(values['base-url']),
    image: values.image,
    profile: values.profile,
    rules: listOf(values.rules, (pattern) => {
      if (!/^[A-Z]+(-(\d+|\*))?\*?$/.test(pattern)) throw new UsageError(`--rules '${pattern}' is not a rule pattern. Fix: an ID like PROJ-12, or a prefix pattern like 'PROJ-*'`);
    }),
    areas: listOf(values.area, (area) => {
      if (!(AREAS as readonly string[]).includes(area)) throw new UsageError(`--area '${area}' is unknown. Fix: one of ${AREAS.join(', ')}`);
    }),
    files: (values.file ?? []).map((file) => {
      if (!/^suites\/[\w.-]+\/[\w.-]+$/.test(file) || !isConformanceFile(file)) throw new UsageError(`--file '${file}' is not a suite file. Fix: a path like suites/projects/fields.conformance.ts`);
      return file;
    }),
    readOnly: values['read-only'] === true,
    html: values['no-html'] !== true,
    expect: values.expect,
    reportDir: values['report-dir'] ?? 'reports',
    shard: shard(values.shard),
    webhookReceiver: port(values['webhook-receiver']),
    preflight: values['no-preflight'] !== true,
    exploreRuns: count('--explore-runs', values['explore-runs'], 8),
    exploreSeconds: count('--explore-seconds', values['explore-seconds'], 30),
    seed: seed(values.seed),
    vary: listOf(values.vary, (name) => {
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) throw new UsageError(`--vary '${name}' is not a variation name. Fix: all, or a name from npm run server -- --help`);
    }),
    signKey: values['sign-key'],
    allureHistory: values['allure-history'],
    rerunFailed: values['rerun-failed'],
    record: values.record,
    workers: count('--workers', values.workers, 2),
  };
  if (options.baseUrl && options.image) {
    throw new UsageError('--base-url and --image exclude each other: --image starts the target itself. Fix: give one of them');
  }
  if (options.vary.length > 0 && (options.baseUrl || options.profile || options.image)) {
    throw new UsageError('--vary changes the bundled reference server; it has no meaning for a target given by --base-url, --profile or --image. Fix: drop --vary, or run without a target of your own');
  }
  if (options.allureHistory !== undefined && !options.html) {
    throw new UsageError(HISTORY_WITHOUT_HTML);
  }
  if (options.rerunFailed !== undefined && options.rules.length + options.files.length > 0) {
    throw new UsageError(`--rerun-failed selects the rules of ${options.rerunFailed}'s failed checks itself; --rules and --file would select others. Fix: drop --rules and --file, or --rerun-failed`);
  }
  if (options.baseUrl && !options.profile) {
    throw new UsageError('--base-url needs --profile FILE: the checks need tokens of the target. Fix: copy spec/profile.example.json and fill it in');
  }
  return options;
}

/** One line for runs whose concurrent shards may share one target's role customers. */
export function sharedTargetWarning(shard: Shard): string {
  return `warning: --shard ${formatShard(shard)} against a given target: shards running at the same time against ONE target share the rate limit of its role customers (primary, foreign, ...), which no pacing of separate processes can keep; give each concurrent shard its own target or a profile with its own role customers (docs/ci.md)`;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rule patterns to a title filter: check titles start with `[ID ID ...]` (after any describe names).
 * Each pattern's text is escaped: --rerun-failed's IDs come from a report folder, and a pattern
 * like `(.*.*)*Q` must match only itself, never run as an expression.
 */
export function rulesPattern(patterns: readonly string[]): RegExp | undefined {
  if (patterns.length === 0) return undefined;
  const alternatives = patterns.map((p) => (p.endsWith('*') ? `${escapeRegExp(p.slice(0, -1).replace(/-$/, ''))}-\\d+` : escapeRegExp(p)));
  return new RegExp(`\\[[^\\]]*\\b(${alternatives.join('|')})(?![\\d])[^\\]]*\\]`);
}
