import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnServer } from '../../reference-server/src/server-process.js';
import { scriptCommandLine } from '../../cli/command-line/run-script.js';
import { readRunEnv } from '../../harness-core/run-env.js';
import { CheckFailed, failureMessage } from '../check-failed.js';
import { localPrebuildEnv } from './local-prebuild.js';
import { foreignNpmEnv } from './npm-env.js';
import { registryUnreachable } from './registry-failure.js';

/**
 * `npm run package:check`: the kit as an implementer's CI gets it, without this repository. Packs
 * it, installs the tarball into an empty temporary folder, and there runs `npx cpf-conformance
 * --area meta` against the bundled server, then `doctor` and `--area meta` against a server
 * started separately; every run must exit 0 and leave its reports in that folder's reports/,
 * nothing inside node_modules; then `--version` (as the statements carry it), `verify`, `diff`, `init`
 * and the load tools' help there. Without a reachable registry (the dependencies come from it) it
 * skips with the reason, unless CPF_REQUIRE_PACK=1.
 */
const ROOT = resolve(import.meta.dirname, '../..');
scriptCommandLine({
  usage: 'Usage: npm run package:check   (packs the kit, installs it into an empty temporary folder and runs cpf-conformance from there; CPF_REQUIRE_PACK=1 fails instead of skipping without a registry)',
  flags: {},
});

const env = foreignNpmEnv(process.env, ROOT);
const started = performance.now();

function step(line: string): void {
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
}

/** Runs a command, shows its output indented (unless quiet), and returns its exit code and output. */
async function run(command: string, args: string[], cwd: string, timeoutMs: number, quiet = false): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const show = (chunk: Buffer) => {
    output += chunk.toString();
    if (!quiet) process.stdout.write(chunk.toString().replace(/^(?=.)/gm, '    '));
  };
  child.stdout.on('data', show);
  child.stderr.on('data', show);
  const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

function expectExit(what: string, result: { code: number | null }, expected = 0): void {
  if (result.code !== expected) throw new CheckFailed(`${what} exited with ${result.code}, expected ${expected}`);
}

/** The run's summary in the folder's own reports, and nothing the run wrote inside the installed kit. */
function expectReports(folder: string, reportDir: string, what: string, html: boolean): { totals: { passed: number; failed: number; broken: number } } {
  const summaryFile = join(folder, reportDir, 'summary.json');
  if (!existsSync(summaryFile)) throw new CheckFailed(`${what}: no ${reportDir}/summary.json in ${folder}; the reports must go to the current folder`);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as { totals: { passed: number; failed: number; broken: number } };
  if (summary.totals.passed === 0 || summary.totals.failed + summary.totals.broken > 0) throw new CheckFailed(`${what}: ${JSON.stringify(summary.totals)}, expected passed checks only`);
  for (const file of ['junit.xml', 'checks.json', ...(html ? ['allure-report/index.html'] : [])]) {
    if (!existsSync(join(folder, reportDir, file))) throw new CheckFailed(`${what}: ${reportDir}/${file} is missing in ${folder}`);
  }
  const kit = join(folder, 'node_modules', 'cpf-conformance');
  const strays = (readdirSync(kit, { recursive: true }) as string[]).filter((f) => /(^|\/)reports(\/|$)|\.sqlite(-wal|-shm)?$|summary\.json$|junit\.xml$/.test(f));
  if (strays.length > 0) throw new CheckFailed(`${what} wrote into the installed package: ${strays.slice(0, 5).join(', ')}`);
  return summary;
}

const folder = mkdtempSync(join(tmpdir(), 'cpf-packed-'));
let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
let exitCode = 0;
try {
  step(`npm pack into ${folder}`);
  const pack = await run('npm', ['pack', '--pack-destination', folder, '--json', '--silent'], ROOT, 120_000, true);
  if (pack.code !== 0) throw new CheckFailed(`npm pack exited with ${pack.code}:\n${pack.output}`);
  const tarball = (JSON.parse(pack.output.slice(pack.output.indexOf('['))) as { filename: string }[])[0]?.filename;
  if (!tarball) throw new CheckFailed('npm pack named no tarball');

  // An implementer's project: its own package.json, allowing the two install scripts the kit's
  // dependencies need (npm 12 blocks unlisted ones).
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'implementer-ci', private: true, allowScripts: { 'better-sqlite3': true, esbuild: true } }, null, 2));
  const prebuild = localPrebuildEnv(ROOT, join(folder, 'prebuilds'));
  if (prebuild) Object.assign(env, prebuild);
  step(`npm install ./${tarball} (dependencies from the npm cache where it has them, else the registry${prebuild ? "; better-sqlite3's binary from this checkout's build, as a prebuild" : ''})`);
  const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`], folder, 600_000);
  if (install.code !== 0) {
    const unreachable = registryUnreachable(install.output);
    if (!unreachable) throw new CheckFailed(`npm install of the packed kit exited with ${install.code}`);
    if (readRunEnv('requirePack')) throw new CheckFailed(`the registry is unreachable (${unreachable}) and CPF_REQUIRE_PACK=1`);
    console.log(`packed install check SKIPPED: the npm registry is unreachable, so the kit's dependencies cannot be installed (${unreachable}). Set CPF_REQUIRE_PACK=1 to make this a failure.`);
  } else {
    step('npx cpf-conformance --area meta   (bundled server)');
    expectExit('bundled run', await run('npx', ['--no-install', 'cpf-conformance', '--area', 'meta'], folder, 300_000));
    expectReports(folder, 'reports', 'bundled run', true);

    const serverDir = join(folder, 'target');
    mkdirSync(serverDir);
    const profile = join(serverDir, 'profile.json');
    server = await spawnServer(['--port', '0', '--db', join(serverDir, 'reference.sqlite'), '--profile-out', profile]);
    const baseUrl = `${server.origin}/api/v2`;
    // As an implementer without a webhook receiver: the seed's "capture" section works only for the
    // bundled target the CLI starts itself, so it goes (the webhook checks are skipped, with the reason).
    const written = JSON.parse(readFileSync(profile, 'utf8')) as Record<string, unknown>;
    delete written.webhook;
    writeFileSync(profile, JSON.stringify(written, null, 2), { mode: 0o600 });
    step(`npx cpf-conformance doctor --base-url ${baseUrl} --profile target/profile.json   (server process ${server.child.pid})`);
    expectExit('doctor', await run('npx', ['--no-install', 'cpf-conformance', 'doctor', '--base-url', baseUrl, '--profile', 'target/profile.json'], folder, 120_000));
    step(`npx cpf-conformance --base-url ${baseUrl} --profile target/profile.json --area meta --report-dir reports/external --no-html`);
    const external = ['--no-install', 'cpf-conformance', '--base-url', baseUrl, '--profile', 'target/profile.json', '--area', 'meta', '--report-dir', 'reports/external', '--no-html'];
    expectExit('run against --base-url', await run('npx', external, folder, 300_000));
    expectReports(folder, 'reports/external', 'run against --base-url', false);

    step('npx cpf-conformance --version   (the version the statements carry)');
    const version = await run('npx', ['--no-install', 'cpf-conformance', '--version'], folder, 60_000);
    expectExit('--version', version);
    const envelope = JSON.parse(readFileSync(join(folder, 'reports', 'statement.json'), 'utf8')) as { payload: string };
    const statementKit = (JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as { predicate: { cpfConformance: { kit: { name: string; version: string } } } }).predicate.cpfConformance.kit;
    // npm's own warnings come before it on stderr.
    const printed = version.output.trim().split('\n').at(-1);
    if (printed !== `${statementKit.name} ${statementKit.version}`) throw new CheckFailed(`--version printed ${JSON.stringify(printed)}, the statement carries ${statementKit.name} ${statementKit.version}`);
    step('npx cpf-conformance verify reports   and   diff reports reports/external');
    expectExit('verify', await run('npx', ['--no-install', 'cpf-conformance', 'verify', 'reports'], folder, 60_000));
    expectExit('diff', await run('npx', ['--no-install', 'cpf-conformance', 'diff', 'reports', 'reports/external'], folder, 60_000));
    const tokens = join(serverDir, 'tokens.txt');
    const primary = (written.customers as { primary: { tokens: string[] } }).primary;
    writeFileSync(tokens, `primary ${primary.tokens.join(' ')}\n`, { mode: 0o600 });
    step(`npx cpf-conformance init --base-url ${baseUrl} --tokens target/tokens.txt --out target/drafted.json`);
    expectExit('init', await run('npx', ['--no-install', 'cpf-conformance', 'init', '--base-url', baseUrl, '--tokens', 'target/tokens.txt', '--out', 'target/drafted.json'], folder, 120_000));
    if (!existsSync(join(serverDir, 'drafted.json'))) throw new CheckFailed('init exited 0 and wrote no target/drafted.json');
    step('npx cpf-conformance load:simulate --help   and   load:limiter --help   (the load tools load from the package)');
    expectExit('load:simulate --help', await run('npx', ['--no-install', 'cpf-conformance', 'load:simulate', '--help'], folder, 60_000, true));
    expectExit('load:limiter --help', await run('npx', ['--no-install', 'cpf-conformance', 'load:limiter', '--help'], folder, 60_000, true));
    step(`packed install check passed on Node ${process.version}: pack, install into an empty folder, bundled run, doctor, run against --base-url, --version, verify, diff, init, the load tools; reports in the folder`);
  }
} catch (err) {
  console.error(`packed install check FAILED: ${failureMessage(err)}\n  the folder is kept for a look: ${folder}`);
  exitCode = 1;
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
  }
}
if (exitCode === 0) rmSync(folder, { recursive: true, force: true });
process.exit(exitCode);
