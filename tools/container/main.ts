import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type Dockerode from 'dockerode';
import { scriptCommandLine } from '../../cli/command-line/run-script.js';
import { readRunEnv } from '../../harness-core/run-env.js';
import type { RunSummary } from '../../cli/report/summary.js';
import { CheckFailed, failureMessage } from '../check-failed.js';
import { ensureBaseImage, removeStaleBases } from './base-image.js';
import { ensureEngine, runsOnThisMachine, stopEngine } from './engine.js';
import { acquireRunLock } from './run-lock.js';
import { IMAGE_ROLE_LABEL } from './image-build.js';
import { buildTestImage, TEST_IMAGE, TEST_ROLE } from './test-image.js';
import { testKitImage } from './kit-image-test.js';
import { testSwarmShards } from './swarm-shards-test.js';

/**
 * `npm run test:container`: the `--image` path end to end on a real Docker engine. Builds the
 * bundled image from this checkout (Node from a base image made of this machine's files, no
 * registry), runs `npm run conformance -- --image` against it through testcontainers (start,
 * health wait, profile read from the container, all checks, stop), and fails unless the run is
 * clean and no container is left behind. Then the kit image (kit-image-test.ts): built from the
 * package, run against the server's image on a network of their own. Without an engine it skips with the reason, unless
 * CPF_REQUIRE_DOCKER=1 makes that a failure. docs/ci.md, container target.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const REPORT_DIR = 'reports/container';
const RUN_TIMEOUT_MS = 15 * 60_000;
/** Another checkout's container test ahead of this one takes about two minutes. */
const LOCK_TIMEOUT_MS = 20 * 60_000;
/** The CLI stops its container with 10 s grace after npm is gone. */
const GROUP_EXIT_TIMEOUT_MS = 30_000;
scriptCommandLine({
  usage: `Usage: npm run test:container   (builds ${TEST_IMAGE} and runs npm run conformance -- --image against it, reports in ${REPORT_DIR}; CPF_REQUIRE_DOCKER=1 fails instead of skipping without a Docker engine)`,
  flags: {},
});

// testcontainers' reaper (ryuk) is an image from Docker Hub, which these machines cannot pull;
// the test removes its containers itself. The CLI it starts inherits this.
process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';

const started = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const step = (line: string) => console.log(`[${seconds(started).padStart(6)} s] ${line}`);

/** Containers of any test image, running or not: they carry the image's role label. */
async function testContainers(docker: Dockerode): Promise<Dockerode.ContainerInfo[]> {
  return docker.listContainers({ all: true, filters: JSON.stringify({ label: [`${IMAGE_ROLE_LABEL}=${TEST_ROLE}`] }) });
}

async function removeContainers(docker: Dockerode, containers: readonly Dockerode.ContainerInfo[]): Promise<void> {
  for (const c of containers) await docker.getContainer(c.Id).remove({ force: true, v: true });
}

// Ctrl-C or a CI runner's SIGTERM: the CLI is told as Ctrl-C tells it (it stops its container),
// the next step is not started, and the cleanup below still runs.
const interruption = new AbortController();
let cli: ChildProcess | undefined;
const onSignal = () => {
  interruption.abort();
  if (cli?.pid !== undefined) signalGroup(cli.pid, 'SIGINT');
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
function stopIfInterrupted(): void {
  if (interruption.signal.aborted) throw new CheckFailed('interrupted');
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * npm runs the CLI as a grandchild (npm, sh, tsx, node). When npm ends first (a signal from
 * outside), the CLI is still stopping its container: its whole process group is waited for
 * before anything is judged, or the container would be counted as left behind while it stops.
 */
async function groupGone(pid: number): Promise<void> {
  const deadline = performance.now() + GROUP_EXIT_TIMEOUT_MS;
  while (signalGroup(pid, 0) && performance.now() < deadline) await sleep(200);
  if (signalGroup(pid, 0)) signalGroup(pid, 'SIGKILL');
}

/** The CLI as a user runs it, its output shown indented; SIGINT on a timeout, as Ctrl-C would. */
async function runConformance(): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const args = ['run', 'conformance', '--', '--image', TEST_IMAGE, '--no-html', '--report-dir', REPORT_DIR];
  step(`npm ${args.join(' ')}`);
  // A process group of its own, so that the CLI and everything it starts can be signalled and waited for together.
  const child = spawn('npm', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  cli = child;
  let output = '';
  const show = (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk.toString().replace(/^(?=.)/gm, '    '));
  };
  child.stdout.on('data', show);
  child.stderr.on('data', show);
  const timer = setTimeout(() => signalGroup(child.pid as number, 'SIGINT'), RUN_TIMEOUT_MS);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  await groupGone(child.pid as number);
  clearTimeout(timer);
  return { code, signal, output };
}

/** A clean run: exit 0, checks passed and none failed or broken, every skip with its reason, no unintended 429. */
function judgeRun(run: { code: number | null; output: string }): RunSummary {
  const file = join(ROOT, REPORT_DIR, 'summary.json');
  if (!existsSync(file)) throw new CheckFailed(`the run exited with ${run.code} and wrote no ${REPORT_DIR}/summary.json`);
  const summary = JSON.parse(readFileSync(file, 'utf8')) as RunSummary;
  const { totals } = summary;
  if (run.code !== 0) throw new CheckFailed(`the run exited with ${run.code}: ${totals.failed} failed, ${totals.broken} broken, ${summary.unintended429.length} unintended 429s (listed above)`);
  if (totals.passed === 0 || totals.failed + totals.broken > 0 || summary.unintended429.length > 0) {
    throw new CheckFailed(`exit 0, yet ${JSON.stringify(totals)} and ${summary.unintended429.length} unintended 429s`);
  }
  const unexplained = summary.skipped.filter((k) => k.reason.trim() === '');
  if (unexplained.length > 0) throw new CheckFailed(`${unexplained.length} checks skipped without a reason, e.g. ${unexplained[0]?.title}`);
  // The CLI says so once it has waited for health and read the seed profile out of the container.
  if (!/container [0-9a-f]{12} healthy, API base http:\/\/\S+\/api\/v2/.test(run.output)) throw new CheckFailed('the run did not report a healthy container and the API base read from its profile');
  return summary;
}

let engineStartedHere: number | undefined;
let docker: Dockerode | undefined;
let releaseLock: (() => void) | undefined;
let exitCode = 0;
try {
  releaseLock = await acquireRunLock(join(tmpdir(), 'cpf-container-test.lock'), step, LOCK_TIMEOUT_MS, interruption.signal);
  const engine = await ensureEngine(step);
  if (engine.kind === 'unavailable') {
    if (readRunEnv('requireDocker')) throw new CheckFailed(`a Docker engine is required (CPF_REQUIRE_DOCKER=1): ${engine.reason}`);
    console.log(`container test SKIPPED: ${engine.reason}. CPF_REQUIRE_DOCKER=1 makes this a failure.`);
  } else {
    engineStartedHere = engine.startedPid;
    const client = engine.client.container.dockerode;
    docker = client;
    step(`engine: ${engine.describe}`);
    if (process.env.TESTCONTAINERS_HOST_OVERRIDE === undefined && (await runsOnThisMachine(engine.client))) {
      process.env.TESTCONTAINERS_HOST_OVERRIDE = 'localhost';
      step("the engine runs on this machine: the CLI reaches the container's port on localhost");
    }
    const leftovers = await testContainers(client);
    if (leftovers.length > 0) {
      step(`removing ${leftovers.length} container(s) an earlier run left behind`);
      await removeContainers(client, leftovers);
    }

    stopIfInterrupted();
    let from = performance.now();
    const base = await ensureBaseImage(client, step);
    const baseSeconds = seconds(from);
    from = performance.now();
    step(`building ${TEST_IMAGE} on ${base} from this checkout's server, profile schema and production dependencies`);
    await buildTestImage(client, ROOT, base);
    await removeStaleBases(client, base);
    const buildSeconds = seconds(from);
    step(`${TEST_IMAGE} built in ${buildSeconds} s`);

    stopIfInterrupted();
    rmSync(join(ROOT, REPORT_DIR), { recursive: true, force: true });
    from = performance.now();
    const run = await runConformance();
    const runSeconds = seconds(from);
    stopIfInterrupted();
    if (run.signal) throw new CheckFailed(`npm run conformance was ended by ${run.signal} from outside this test`);
    const remaining = await testContainers(client);
    if (remaining.length > 0) {
      throw new CheckFailed(`the run left ${remaining.length} container(s) behind: ${remaining.map((c) => `${c.Id.slice(0, 12)} (${c.State})`).join(', ')}`);
    }
    const { totals, unintended429 } = judgeRun(run);
    step(`--image run passed: ${totals.passed} passed, ${totals.failed} failed, ${totals.broken} broken, ${totals.skipped} skipped, ${unintended429.length} unintended 429s; no container left behind`);

    stopIfInterrupted();
    from = performance.now();
    const kit = await testKitImage(client, ROOT, base, step);
    const kitSeconds = seconds(from);
    const leftByKit = await testContainers(client);
    if (leftByKit.length > 0) throw new CheckFailed(`the kit image's runs left ${leftByKit.length} container(s) behind`);

    stopIfInterrupted();
    from = performance.now();
    const swarm = await testSwarmShards(client, step);
    const swarmSeconds = seconds(from);
    const leftBySwarm = await testContainers(client);
    if (leftBySwarm.length > 0) throw new CheckFailed(`the swarm's shards left ${leftBySwarm.length} container(s) behind`);
    step(
      `container test passed in ${seconds(started)} s (base image ${baseSeconds} s, test image ${buildSeconds} s, conformance run ${runSeconds} s, kit image ${kitSeconds} s, swarm shards ${swarmSeconds} s): ` +
        `--image ${totals.passed} passed, 0 failed; kit image ${(kit.imageBytes / 2 ** 20).toFixed(0)} MiB built in ${kit.buildSeconds.toFixed(1)} s, ${kit.version}, ` +
        `its run against the server's container on their own network ${kit.checks.passed} passed, ${kit.checks.failed} failed (META-13 alone, plain http to a host that is not loopback), statement verified; docker stop ended a run after ${kit.stopped.afterSeconds.toFixed(1)} s with exit ${kit.stopped.exitCode} and its summary; ` +
        `load:simulate as a 2-replica swarm service ${swarm.sent.merged} requests (one process on the same seed ${swarm.sent.whole}), false refusals of the 1 % fault ${swarm.falseRefusals.merged} (one process ${swarm.falseRefusals.whole}), p99 ${swarm.p99Ms.merged.toFixed(1)} ms (one process ${swarm.p99Ms.whole.toFixed(1)} ms), the same verdicts (${swarm.verdicts.join('; ')}), service ${swarm.serviceSeconds.toFixed(1)} s; no container left behind`,
    );
  }
} catch (err) {
  console.error(`container test FAILED: ${failureMessage(err)}`);
  exitCode = 1;
} finally {
  if (docker) {
    const client = docker;
    await testContainers(client)
      .then((left) => removeContainers(client, left))
      .catch((err: unknown) => console.error(`container test: removing its containers failed: ${(err as Error).message}`));
  }
  if (engineStartedHere !== undefined) {
    step(`stopping the dockerd started here (pid ${engineStartedHere})`);
    await stopEngine(engineStartedHere);
  }
  releaseLock?.();
}
process.exit(exitCode);
