import { isConformanceFile } from '../harness-core/suite-file.js';
import { formatShard, parseShard, type Shard } from '../harness-core/shard.js';
import type { InitOptions } from './init/init.js';
import { TOKEN_ROLES } from './init/tokens.js';

/**
 * Command line of `npm run conformance`. A usage error names the flag and the fix; the CLI exits
 * with code 2 on it.
 */
export interface RunOptions {
  command: 'run' | 'doctor' | 'init';
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
  /** init: the tokens file, where the draft goes, whether it may overwrite, and the webhook receiver's public URL. */
  tokens?: string;
  out?: string;
  force?: boolean;
  receiverUrl?: string;
  /** Ed25519 private key PEM that signs the run's statement.json. */
  signKey?: string;
}

export class UsageError extends Error {}

/** `--help`: the usage goes to stdout and the exit code is 0. */
export class HelpRequested extends Error {}

/** The target cannot be brought up (no Docker engine, an unhealthy container): exit 3 with the message alone. */
export class TargetError extends Error {}

export const AREAS = ['meta', 'auth', 'errors', 'projects', 'rooms', 'status', 'funding', 'results', 'documents', 'webhook', 'rate-limit', 'explore'] as const;

export const USAGE = `Usage: npm run conformance -- [doctor|init|verify|diff] [options]
  --base-url URL      API base of the target, e.g. https://api.example.com/api/v2 (default: start the bundled reference server)
  --profile FILE      target profile (see spec/profile.example.json); required with --base-url
  --image NAME[:TAG]  start the target from this container image (testcontainers, needs a Docker engine), run, stop it;
                      without --profile the image is the bundled one (Dockerfile) and its seed profile is used
  --rules PATTERN     only checks of these rules, e.g. PROJ-12 or 'PROJ-*' (repeatable)
  --area NAME         only these areas: ${AREAS.join(', ')} (repeatable)
  --file PATH         only this suite file, e.g. suites/projects/fields.conformance.ts (repeatable)
  --read-only         send no writes (no creation, PATCH, password, rooms, pdf); lists what was not run
  --report-dir DIR    where reports go (default: reports)
  --no-html           skip building the Allure HTML report (allure-results, JUnit and summary are still written)
  --no-preflight      run the checks even when the preflight (public endpoints answer as this API in 2.5.0, each
                      role's first token answers as its role) finds problems; they are printed as warnings
  --expect FILE       checks known to fail for this implementation; only new failures fail the run
  --shard i/n         run the i-th of n parts of the checks and of the customer pool (pool customer k: shard (k mod n)+1);
                      concurrent shards against ONE shared --base-url share its role customers' rate limit: give each
                      its own target (the default bundled server, or --image) or a profile with its own role customers
  --webhook-receiver PORT  receive the target's pdf.generated deliveries on PORT (profile webhook.mode "receiver");
                      doctor needs it to check that webhook.receiverPublicUrl reaches the receiver
  --explore-runs N    stateful exploration: N random sequences, each on its own pool customer (default 24)
  --explore-seconds S stateful exploration: S seconds for the sequences (default 30; shrinking a failure gets 3*S more)
  --seed N            stateful exploration: the seed to replay (printed with every run and failure)
  --sign-key FILE     sign the run's statement.json (beside the reports) with this Ed25519 private key PEM
  --vary NAME         bundled server only: take this variation, another reading the spec permits (repeatable or
                      comma-separated; 'all' for every one); the checks must pass against every variation
Subcommand doctor: preflight of target and profile, runs no checks: every token, project key, funding application and
  expired link of the profile is read (GET only, paced per customer) and each wrong entry is named with its fix;
  webhook.receiverPublicUrl is checked only with --webhook-receiver PORT (the receiver it must reach).
Subcommand init: npm run conformance -- init --base-url URL --tokens FILE --out PROFILE [--force] [--receiver-url URL]
  drafts a profile from tokens (GET only, paced, never the pdf endpoint); then run doctor on it.
  --tokens FILE       one customer per line: ROLE TOKEN [TOKEN ...] (further tokens of the same customer), ROLE one of
                      ${TOKEN_ROLES.join(', ')}
                      (pool: one line per pool customer); blank lines and # comments allowed
  --out PROFILE       where the draft goes; an existing file is kept unless --force
  --receiver-url URL  the webhook target configured in the pro area of the webhook line's customer (drafts webhook)
Subcommand verify: npm run conformance -- verify DIR [--key PUBLIC_KEY_PEM]
  checks DIR/statement.json: the signature (by --key when given), every report file's digest, and that each
  rule's verdict follows from its checks' result files; exit 0 accepted, 1 rejected (each reason printed), 2 usage.
Subcommand diff: npm run conformance -- diff OLD NEW [MORE...]
  per rule, what changed between runs (report folders or statement.json files, oldest first): regressions,
  fixes, new skips, flaky rules, checks added and removed; exit 0 no regression, 1 a regression, 2 usage.
Exit codes: 0 all checks passed, 1 a rule failed (even if other checks broke), 2 usage or profile error, 3 target unreachable or harness error and no rule failed;
  init: 0 draft written, 2 usage or tokens-file error, 3 target unreachable.`;

const VALUE_FLAGS = ['--base-url', '--image', '--profile', '--rules', '--area', '--file', '--report-dir', '--shard', '--expect', '--webhook-receiver', '--explore-runs', '--explore-seconds', '--seed', '--vary', '--tokens', '--out', '--receiver-url', '--sign-key'] as const;
const INIT_FLAGS = ['--tokens', '--out', '--force', '--receiver-url'];

export function parseRunOptions(argv: readonly string[]): RunOptions {
  const options: RunOptions = { command: 'run', rules: [], areas: [], files: [], readOnly: false, html: true, reportDir: 'reports', preflight: true, vary: [] };
  const args = [...argv];
  if (args[0] === 'doctor' || args[0] === 'run' || args[0] === 'init') options.command = args.shift() as RunOptions['command'];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h') throw new HelpRequested(USAGE);
    if (arg === '--read-only') {
      options.readOnly = true;
      continue;
    }
    if (arg === '--no-html') {
      options.html = false;
      continue;
    }
    if (arg === '--no-preflight') {
      options.preflight = false;
      continue;
    }
    if (arg === '--force') {
      options.force = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (!(VALUE_FLAGS as readonly string[]).includes(name)) {
      throw new UsageError(`unknown option '${arg}'. Fix: use one of ${[...VALUE_FLAGS, '--read-only', '--no-html', '--no-preflight', '--force'].join(', ')} (see --help)`);
    }
    const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : args[++i];
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value. Fix: ${name} <value> (see --help)`);
    switch (name) {
      case '--base-url': {
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          throw new UsageError(`--base-url '${value}' is not a URL. Fix: give the API base, e.g. http://127.0.0.1:8080/api/v2`);
        }
        if (!/^https?:$/.test(url.protocol)) throw new UsageError(`--base-url must be http(s), got ${url.protocol}`);
        options.baseUrl = value.replace(/\/+$/, '');
        break;
      }
      case '--image':
        options.image = value;
        break;
      case '--profile':
        options.profile = value;
        break;
      case '--rules':
        for (const pattern of value.split(',')) {
          if (!/^[A-Z]+(-(\d+|\*))?\*?$/.test(pattern)) {
            throw new UsageError(`--rules '${pattern}' is not a rule pattern. Fix: an ID like PROJ-12, or a prefix pattern like 'PROJ-*'`);
          }
          options.rules.push(pattern);
        }
        break;
      case '--area':
        for (const area of value.split(',')) {
          if (!(AREAS as readonly string[]).includes(area)) throw new UsageError(`--area '${area}' is unknown. Fix: one of ${AREAS.join(', ')}`);
          options.areas.push(area);
        }
        break;
      case '--file':
        if (!/^suites\/[\w.-]+\/[\w.-]+$/.test(value) || !isConformanceFile(value)) {
          throw new UsageError(`--file '${value}' is not a suite file. Fix: a path like suites/projects/fields.conformance.ts`);
        }
        options.files.push(value);
        break;
      case '--expect':
        options.expect = value;
        break;
      case '--report-dir':
        options.reportDir = value;
        break;
      case '--webhook-receiver': {
        const port = Number(value);
        if (!/^\d+$/.test(value) || port < 1 || port > 65535) {
          throw new UsageError(`--webhook-receiver '${value}' is not a port. Fix: the port (1-65535) your webhook.receiverPublicUrl forwards to, e.g. --webhook-receiver 8099`);
        }
        options.webhookReceiver = port;
        break;
      }
      case '--explore-runs':
      case '--explore-seconds': {
        const n = Number(value);
        if (!/^\d+$/.test(value) || n < 1 || n > 1000) throw new UsageError(`${name} '${value}' is not a count. Fix: a whole number from 1 to 1000, e.g. ${name} ${name === '--explore-runs' ? 8 : 30}`);
        if (name === '--explore-runs') options.exploreRuns = n;
        else options.exploreSeconds = n;
        break;
      }
      case '--seed': {
        const n = Number(value);
        if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || Math.abs(n) > 0x7fffffff) {
          throw new UsageError(`--seed '${value}' is not a seed. Fix: the integer a run printed ("explore: seed N"), e.g. --seed 1234567`);
        }
        options.seed = n;
        break;
      }
      case '--vary':
        for (const name of value.split(',')) {
          if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) throw new UsageError(`--vary '${name}' is not a variation name. Fix: all, or a name from npm run server -- --help`);
          options.vary.push(name);
        }
        break;
      case '--sign-key':
        options.signKey = value;
        break;
      case '--tokens':
        options.tokens = value;
        break;
      case '--out':
        options.out = value;
        break;
      case '--receiver-url':
        if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value)) {
          throw new UsageError(`--receiver-url '${value}' is not an http(s) URL. Fix: the public URL of the receiver as configured as webhook target in the pro area`);
        }
        options.receiverUrl = value;
        break;
      case '--shard': {
        const shard = parseShard(value);
        if (!shard) throw new UsageError(`--shard '${value}' is invalid. Fix: i/n with 1 <= i <= n, e.g. 1/3`);
        options.shard = shard;
        break;
      }
    }
  }
  if (options.command === 'init') return checkInit(argv, options);
  const initOnly = argv.find((arg) => INIT_FLAGS.includes(arg.split('=')[0] as string));
  if (initOnly) throw new UsageError(`${initOnly.split('=')[0]} belongs to init. Fix: ${INIT_USAGE}`);
  if (options.baseUrl && options.image) {
    throw new UsageError('--base-url and --image exclude each other: --image starts the target itself. Fix: give one of them');
  }
  if (options.vary.length > 0 && (options.baseUrl || options.profile || options.image)) {
    throw new UsageError('--vary changes the bundled reference server; it has no meaning for a target given by --base-url, --profile or --image. Fix: drop --vary, or run without a target of your own');
  }
  if (options.baseUrl && !options.profile) {
    throw new UsageError('--base-url needs --profile FILE: the checks need tokens of the target. Fix: copy spec/profile.example.json and fill it in');
  }
  return options;
}

/** init reads a target given by URL and writes a profile: it takes only its own flags and --base-url. */
function checkInit(argv: readonly string[], options: RunOptions): RunOptions {
  const foreign = argv.slice(1).find((arg) => arg.startsWith('--') && ![...INIT_FLAGS, '--base-url'].includes(arg.split('=')[0] as string));
  if (foreign) throw new UsageError(`init does not take ${foreign.split('=')[0]}. Fix: ${INIT_USAGE}`);
  initOptions(options);
  return options;
}

const INIT_USAGE = 'npm run conformance -- init --base-url URL --tokens FILE --out PROFILE [--force] [--receiver-url URL]';

/** The options of init, each required one present. */
export function initOptions(options: RunOptions): InitOptions {
  const { baseUrl, tokens, out } = options;
  if (baseUrl === undefined || tokens === undefined || out === undefined) {
    const missing = baseUrl === undefined ? '--base-url' : tokens === undefined ? '--tokens' : '--out';
    throw new UsageError(`init needs ${missing}. Fix: ${INIT_USAGE}`);
  }
  return { baseUrl, tokens, out, force: options.force === true, receiverUrl: options.receiverUrl };
}

/** One line for runs whose concurrent shards may share one target's role customers. */
export function sharedTargetWarning(shard: Shard): string {
  return `warning: --shard ${formatShard(shard)} against a given target: shards running at the same time against ONE target share the rate limit of its role customers (primary, foreign, ...), which no pacing of separate processes can keep; give each concurrent shard its own target or a profile with its own role customers (docs/ci.md)`;
}

/** Rule patterns to a title filter: check titles start with `[ID ID ...]` (after any describe names). */
export function rulesPattern(patterns: readonly string[]): RegExp | undefined {
  if (patterns.length === 0) return undefined;
  const alternatives = patterns.map((p) => (p.endsWith('*') ? `${p.slice(0, -1).replace(/-$/, '')}-\\d+` : `${p}`));
  return new RegExp(`\\[[^\\]]*\\b(${alternatives.join('|')})(?![\\d])[^\\]]*\\]`);
}
