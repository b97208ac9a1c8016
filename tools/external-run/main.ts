import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { INVALID_TOKEN_LIMIT_ACCEPTS, invalidTokenLimitSchema } from '../../reference-server/src/config.js';
import { spawnServer } from '../../reference-server/src/server-process.js';
import { takeCommandLine } from '../../cli/command-line/flags.js';
import { readOrExit } from '../../cli/command-line/run-script.js';
import { UsageError } from '../../cli/command-line/usage.js';
import { freePort } from '../../cli/webhook-capture/free-port.js';
import { LATENCY_FLAGS, latencyOptions, reportDirOf, type LatencyFlags } from './latency-flags.js';
import { startLatencyProxy } from './latency-proxy.js';
import { startFlakyGateway } from './flaky-gateway.js';
import { latencyVerdict } from './latency-verdict.js';
import { readStatementRules, thinVerdict } from './thin-verdict.js';
import type { RunSummary } from '../../cli/report/summary.js';

/**
 * `npm run conformance:external`: the path a foreign target takes, exercised on the bundled
 * server. The server runs as its own process (as after `npm run server`), and the CLI reaches it
 * only through --base-url and the profile the server wrote. The webhook goes the foreign way too:
 * the server delivers to the CLI's real receiver (--webhook-receiver), configured as a customer
 * would in the pro area (--webhook-url: for the primary demo customer and the profile's
 * webhook.customer). With --latency-ms the CLI reaches the API through a loopback proxy that
 * delays every leg (tools/external-run); the links the server hands out still name it directly, but
 * for pictures, relative to the request. With --gateway-errors a gateway in front of the server
 * answers 502 now and then (flaky-gateway.ts), and no check may fail or break for it. With
 * --seed thin the server seeds its thin data set, and after the run no rule such data cannot
 * exercise may read pass in the statement (thin-verdict.ts). --invalid-token-limit starts the
 * server with another invalid-token limit, which its profile then documents, as a foreign target's
 * would. Extra arguments go to the CLI.
 */
const ROOT = resolve(import.meta.dirname, '../..');

const EXTERNAL_COMMAND = {
  usage:
    'Usage: npm run conformance:external -- [--seed demo|thin] [--pool N] [--invalid-token-limit N/S] [--gateway-errors F] [--latency-ms N [--jitter-ms J] [--max-floor-ratio R]] [conformance options]   (starts the bundled server as its own process and runs the CLI against it with --base-url, its written profile and --webhook-receiver; see npm run conformance -- --help)',
  flags: {
    seed: {
      type: 'string',
      placeholder: 'demo|thin',
      description:
        "the server's data set (default demo); thin: one token per customer, no project in status 4/5 or incomplete,\nno radiators, one project-bound application per customer; the run then exits 1 when a rule\nsuch data cannot exercise reads pass",
    },
    pool: {
      type: 'string',
      placeholder: 'N',
      description: 'keep only the first N pool customers of the written profile, 0 none, as a foreign target\nwith a handful of test customers has',
    },
    'invalid-token-limit': {
      type: 'string',
      placeholder: 'N/S',
      description:
        "the server's limit on requests with a missing or invalid token: N per source address\nin every fixed window of S seconds (default 60/5); the profile it writes documents it,\nand the run paces its invalid-token lane by it",
    },
    'gateway-errors': {
      type: 'string',
      placeholder: 'F',
      description:
        "put a loopback gateway in front of the server that answers 502 to a fraction F of the requests\n(half of them never reach the server, half have their answer replaced), as the gateways\nin front of implementers' servers do now and then; no check may fail or break for it",
    },
    ...LATENCY_FLAGS,
  },
} as const;

/** Its own flags, the rest for the CLI (checked here, so that a usage error starts no server). */
function readCommandLine(argv: readonly string[]): {
  seed: 'demo' | 'thin';
  keepPool: number | undefined;
  invalidTokenLimit: string | undefined;
  latency: LatencyFlags | undefined;
  gatewayErrors: number | undefined;
  cliArgs: string[];
  reportDir: string;
} {
  const { values, rest } = takeCommandLine(argv, EXTERNAL_COMMAND);
  if (values.seed !== undefined && values.seed !== 'demo' && values.seed !== 'thin') {
    throw new UsageError(`--seed needs the data set of the server, got '${values.seed}'. Fix: --seed demo (the default) or --seed thin`);
  }
  if (values.pool !== undefined && !/^\d+$/.test(values.pool)) {
    throw new UsageError(`--pool needs the number of pool customers to keep, got '${values.pool}'. Fix: a whole number, e.g. --pool 0 (role customers only) or --pool 2`);
  }
  const invalidTokenLimit = values['invalid-token-limit'];
  if (invalidTokenLimit !== undefined && !invalidTokenLimitSchema.safeParse(invalidTokenLimit).success) {
    throw new UsageError(`--invalid-token-limit needs the server's limit on requests without a valid token, got '${invalidTokenLimit}'. Fix: ${INVALID_TOKEN_LIMIT_ACCEPTS}`);
  }
  const gatewayErrors = values['gateway-errors'] === undefined ? undefined : Number(values['gateway-errors']);
  if (gatewayErrors !== undefined && !(values['gateway-errors']?.trim() !== '' && gatewayErrors >= 0 && gatewayErrors < 1)) {
    throw new UsageError(`--gateway-errors needs the fraction of requests the gateway answers 502, got '${values['gateway-errors']}'. Fix: a number from 0 to below 1, e.g. --gateway-errors 0.02`);
  }
  return {
    seed: values.seed ?? 'demo',
    keepPool: values.pool === undefined ? undefined : Number(values.pool),
    invalidTokenLimit,
    latency: latencyOptions(values),
    gatewayErrors,
    cliArgs: rest,
    reportDir: reportDirOf(rest),
  };
}
const { seed, keepPool, invalidTokenLimit, latency, gatewayErrors, cliArgs, reportDir } = readOrExit(() => readCommandLine(process.argv.slice(2)));

const dir = mkdtempSync(join(tmpdir(), 'cpf-external-'));
const profile = join(dir, 'profile.json');
const receiverPort = await freePort();
const receiverUrl = `http://127.0.0.1:${receiverPort}/cpf-webhook`;
// Quotes, umlauts and spaces: the payload must carry the value unchanged.
const authenticate = `ext "Prüfwert" ${randomBytes(6).toString('hex')}`;
const server = await spawnServer([
  '--port', '0', '--seed', seed, '--db', join(dir, 'reference.sqlite'), '--profile-out', profile,
  '--webhook-url', receiverUrl, '--webhook-authenticate', authenticate, '--allow-loopback-webhooks',
  ...(invalidTokenLimit === undefined ? [] : ['--invalid-token-limit', invalidTokenLimit]),
]);
console.log(
  `reference server process ${server.child.pid} on ${server.origin} (${seed} seed${invalidTokenLimit === undefined ? '' : `, invalid-token limit ${invalidTokenLimit}`}), webhook to ${receiverUrl}`,
);
const gateway = gatewayErrors === undefined ? undefined : await startFlakyGateway({ target: server.origin, errorRate: gatewayErrors });
if (gateway) console.log(`flaky gateway on ${gateway.origin} -> ${server.origin}, answering 502 to ${gatewayErrors} of the requests`);
const upstream = gateway?.origin ?? server.origin;
const proxy = latency ? await startLatencyProxy({ target: upstream, ...latency }) : undefined;
if (proxy && latency) console.log(`latency proxy on ${proxy.origin} -> ${upstream}, each leg ${latency.delayMs} ± ${latency.jitterMs} ms`);
// The latency and thin verdicts read this run's summary and statement, never ones an earlier run left behind.
const summaryFile = join(resolve(ROOT, reportDir), 'summary.json');
const statementFile = join(resolve(ROOT, reportDir), 'statement.json');
if (proxy) rmSync(summaryFile, { force: true });
if (seed === 'thin') rmSync(statementFile, { force: true });
const written = JSON.parse(readFileSync(profile, 'utf8')) as { webhook?: Record<string, unknown>; customers: { pool?: unknown[] }; resources?: { expiredLinks?: { picture?: string } } };
const front = proxy?.origin ?? gateway?.origin;
const expiredPicture = written.resources?.expiredLinks?.picture;
if (front && expiredPicture) {
  // The server writes it under the origin of its base URL, as the picture list hands out its links
  // relative to the request's: the CLI reaches the API through the front, whose origin they then name.
  const url = new URL(expiredPicture);
  (written.resources?.expiredLinks as { picture: string }).picture = `${front}${url.pathname}${url.search}`;
}
// The address-policy checks need the bundled target's configuration in the CLI's process: not here.
const { ssrf: _bundledOnly, ...webhook } = written.webhook ?? {};
written.webhook = { ...webhook, mode: 'receiver', receiverPublicUrl: receiverUrl, authenticate };
if (keepPool !== undefined) {
  written.customers.pool = written.customers.pool?.slice(0, keepPool);
  if (keepPool === 0) delete written.customers.pool;
  console.log(`profile cut to the role customers and ${keepPool} pool customers`);
}
writeFileSync(profile, JSON.stringify(written, null, 2), { mode: 0o600 });
const cli = spawn(
  process.execPath,
  [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'cli/main.ts'),
    '--base-url', `${proxy?.origin ?? upstream}/api/v2`, '--profile', profile, '--webhook-receiver', String(receiverPort), ...cliArgs,
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
let [code] = (await once(cli, 'exit')) as [number | null];
if (proxy && latency) {
  const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary) : undefined;
  const verdict = latencyVerdict({ flags: latency, stats: proxy.stats(), summary, cliCode: code ?? 3 });
  console.log(verdict.lines.join('\n'));
  code = verdict.code;
  await proxy.close();
}
if (seed === 'thin') {
  const verdict = thinVerdict({ rules: readStatementRules(statementFile), cliCode: code ?? 3 });
  console.log(verdict.lines.join('\n'));
  code = verdict.code;
}
if (gateway) {
  const stats = gateway.stats();
  console.log(`flaky gateway: ${stats.requests} requests, ${stats.notForwarded} answered 502 without reaching the server, ${stats.answerReplaced} with the server's answer replaced by 502`);
  await gateway.close();
}
server.child.kill('SIGTERM');
await once(server.child, 'exit');
rmSync(dir, { recursive: true, force: true });
process.exit(code ?? 3);
