import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type Dockerode from 'dockerode';
import { freePort } from '../../cli/webhook-capture/free-port.js';
import { percentileMs, sumHistograms } from '../../load/simulate/histograms.js';
import { OPERATIONS } from '../../load/simulate/operations.js';
import { readResult, type SimulationResult } from '../../load/simulate/result-file.js';
import { judge, type Verdict } from '../../load/simulate/verdicts.js';
import { CheckFailed } from '../check-failed.js';
import { IMAGE_ROLE_LABEL } from './image-build.js';
import { KIT_IMAGE } from './kit-image.js';
import { expectCode, KIT_TEST_IMAGE, mountedAs, runKit } from './kit-image-test.js';
import { TEST_ROLE } from './test-image.js';

const run = promisify(execFile);

const SHARDS = 2;
const FAULT = 'limiter-refuses-1-percent';
/**
 * The same population, seed and knobs for the one process and the shards. The latency and lag
 * limits are far out of reach: a busy machine must not make the two runs' verdicts differ, since
 * the comparison is of what was planned and judged, not of two runs' answer times.
 */
const SIMULATION = ['--tokens', 'tokens.txt', '--flooders', '0', '--duration', '10', '--rate', '0.5', '--seed', '7', '--no-allure', '--max-lag', '5000', '--max-p99', '10000'];
/** Room for the replicas to start and prepare before the moment they all wait for. */
const START_AFTER_SECONDS = 20;
const SERVICE_TIMEOUT_MS = 3 * 60_000;

export interface SwarmFigures {
  /** Requests sent (= planned arrivals: every planned arrival is sent) by the one process and by the shards together. */
  sent: { whole: number; merged: number };
  falseRefusals: { whole: number; merged: number };
  p99Ms: { whole: number; merged: number };
  verdicts: string[];
  serviceSeconds: number;
}

/**
 * load:simulate shards as one Docker Swarm service on a single-node swarm, as docs/load-tools.md
 * tells operators to start them: `docker service create --replicas 2`, each replica's shard from
 * its task slot (CPF_SHARD={{.Task.Slot}}/2), all waiting for one --start-at moment, their results
 * in the shared folder, merged by `load:simulate merge` in a container of the kit image. The
 * target, a bundled server refusing 1 % of the requests (`load:simulate serve --fault`), runs in a
 * container of its own. The one-process run on the same seed must plan and send the same requests,
 * and its verdicts must be the merged run's; the fault must be found in both.
 */
export async function testSwarmShards(docker: Dockerode, step: (line: string) => void): Promise<SwarmFigures> {
  const joined = await swarmState();
  if (joined !== 'active') {
    step('docker swarm init --advertise-addr 127.0.0.1   (a single-node swarm, left again at the end)');
    await run('docker', ['swarm', 'init', '--advertise-addr', '127.0.0.1']);
  }
  const folder = mkdtempSync(join(tmpdir(), 'cpf-swarm-'));
  const service = `cpf-shards-${process.pid}`;
  let server: Dockerode.Container | undefined;
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}/api/v2`;
    // The kit's user must write into the folder before the first container runs.
    const user = mountedAs(folder);
    server = await startServer(docker, folder, user, port, step);
    const kit = (command: string[]) => runKit(docker, 'host', folder, user, command, step);

    const whole = await kit(['load:simulate', '--base-url', baseUrl, ...SIMULATION, '--report-dir', 'whole']);
    expectCode('the one-process run against the faulted server', whole, 1);

    const startAt = new Date(Date.now() + START_AFTER_SECONDS * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const from = performance.now();
    const create = [
      'service', 'create', '--name', service, '--detach', '--replicas', String(SHARDS), '--restart-condition', 'none',
      '--network', 'host', '--no-resolve-image', '--env', `CPF_SHARD={{.Task.Slot}}/${SHARDS}`,
      '--mount', `type=bind,source=${folder},target=${KIT_IMAGE.workdir}`, '--container-label', `${IMAGE_ROLE_LABEL}=${TEST_ROLE}`,
      ...(user !== undefined ? ['--user', user] : []),
      KIT_TEST_IMAGE, 'load:simulate', '--base-url', baseUrl, ...SIMULATION, '--start-at', startAt,
    ];
    step(`docker ${create.join(' ')}`);
    await run('docker', create);
    const states = await serviceDone(service, step);
    const serviceSeconds = (performance.now() - from) / 1000;
    const logs = await run('docker', ['service', 'logs', '--raw', service], { maxBuffer: 16 * 2 ** 20 }).then((r) => r.stdout + r.stderr, (err: unknown) => String(err));
    const shardFiles = Array.from({ length: SHARDS }, (_, i) => `reports/load/simulate/shard-${i + 1}-of-${SHARDS}/result.json`);
    const missing = shardFiles.filter((f) => !existsSync(join(folder, f)));
    if (missing.length > 0) throw new CheckFailed(`the replicas ended (${states.join(', ')}) without ${missing.join(', ')}; their output:\n${logs.slice(-4000)}`);
    // A shard exits 1 when it proves a false refusal: each task's end is a verdict, not a crash.
    const crashed = states.filter((s) => !/^(Complete|Failed)/.test(s) || /exit \((?!1\))/.test(s));
    if (crashed.length > 0) throw new CheckFailed(`a replica ended other than with a verdict: ${crashed.join(', ')}; its output:\n${logs.slice(-4000)}`);

    const merge = await kit(['load:simulate', 'merge', '--no-allure', '--report-dir', 'merged', ...shardFiles]);
    expectCode('load:simulate merge of the shards (the fault found)', merge, 1);
    return compare(readResult(join(folder, 'whole/result.json')), readResult(join(folder, 'merged/result.json')), serviceSeconds);
  } finally {
    await removeService(docker, service);
    if (server) await server.remove({ force: true }).catch(() => undefined);
    if (joined !== 'active') await run('docker', ['swarm', 'leave', '--force']).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `docker service rm` returns before the engine has removed the tasks' containers: they are waited for. */
async function removeService(docker: Dockerode, service: string): Promise<void> {
  await run('docker', ['service', 'rm', service]).catch(() => undefined);
  const filters = JSON.stringify({ label: [`com.docker.swarm.service.name=${service}`] });
  const deadline = performance.now() + 60_000;
  while ((await docker.listContainers({ all: true, filters })).length > 0 && performance.now() < deadline) await sleep(500);
}

async function swarmState(): Promise<string> {
  const { stdout } = await run('docker', ['info', '--format', '{{.Swarm.LocalNodeState}}']);
  return stdout.trim();
}

/** The faulted target, serving until removed; ready once it has written the shards' token file. */
async function startServer(docker: Dockerode, folder: string, user: string | undefined, port: number, step: (line: string) => void): Promise<Dockerode.Container> {
  const command = ['load:simulate', 'serve', '--host', '127.0.0.1', '--port', String(port), '--customers', '200', '--fault', FAULT, '--tokens', 'tokens.txt'];
  step(`docker run -d --network host ${KIT_TEST_IMAGE} ${command.join(' ')}`);
  const container = await docker.createContainer({
    Image: KIT_TEST_IMAGE,
    Cmd: command,
    ...(user !== undefined && { User: user }),
    Labels: { [IMAGE_ROLE_LABEL]: TEST_ROLE },
    HostConfig: { Binds: [`${folder}:${KIT_IMAGE.workdir}`], NetworkMode: 'host' },
  });
  await container.start();
  const deadline = performance.now() + 120_000;
  while (!existsSync(join(folder, 'tokens.txt'))) {
    const { State } = await container.inspect();
    if (!State.Running) throw new CheckFailed(`the faulted server's container ended with ${State.ExitCode} before it served`);
    if (performance.now() > deadline) throw new CheckFailed("the faulted server's container wrote no tokens.txt within 2 min");
    await sleep(250);
  }
  return container;
}

/** Polls the service's tasks until every replica has ended; their states ("Complete ...", "Failed ... exit (1)"). */
async function serviceDone(service: string, step: (line: string) => void): Promise<string[]> {
  const deadline = performance.now() + SERVICE_TIMEOUT_MS;
  for (;;) {
    const { stdout } = await run('docker', ['service', 'ps', service, '--no-trunc', '--format', '{{.CurrentState}} {{.Error}}']);
    const states = stdout.trim().split('\n').filter((line) => line !== '');
    if (states.length === SHARDS && states.every((s) => /^(Complete|Failed|Rejected|Shutdown)/.test(s))) {
      step(`the ${SHARDS} replicas ended: ${states.join('; ')}`);
      return states;
    }
    if (performance.now() > deadline) throw new CheckFailed(`the service's replicas had not ended after ${SERVICE_TIMEOUT_MS / 60_000} min: ${states.join('; ')}`);
    await sleep(1000);
  }
}

function outcome(v: Verdict): string {
  return `${v.name}: ${v.ok ? 'met' : v.kind === 'target' ? 'missed' : v.kind}`;
}

function compare(whole: SimulationResult, merged: SimulationResult, serviceSeconds: number): SwarmFigures {
  const sent = (r: SimulationResult) => OPERATIONS.map((op) => r.stats.endpoints[op].sent);
  if (sent(whole).join() !== sent(merged).join()) {
    throw new CheckFailed(`the shards sent other requests than the one process on the same seed: per operation ${OPERATIONS.map((op, i) => `${op} ${sent(whole)[i]} vs ${sent(merged)[i]}`).join(', ')}`);
  }
  // The p99 limits of the verdicts are 1 s: the verdicts compare outcomes, not the latencies of two runs.
  const [a, b] = [judge(whole).map(outcome), judge(merged).map(outcome)];
  if (a.join('\n') !== b.join('\n')) throw new CheckFailed(`the merged verdicts differ from the one process's:\n  one process: ${a.join('; ')}\n  merged:      ${b.join('; ')}`);
  if (merged.stats.refusals.falseRefusals === 0) throw new CheckFailed(`the merged run found no false refusal of the ${FAULT} target`);
  const p99 = (r: SimulationResult) => percentileMs(sumHistograms(OPERATIONS.map((op) => r.stats.endpoints[op].latency)), 99);
  const total = (r: SimulationResult) => sent(r).reduce((x, y) => x + y, 0);
  return {
    sent: { whole: total(whole), merged: total(merged) },
    falseRefusals: { whole: whole.stats.refusals.falseRefusals, merged: merged.stats.refusals.falseRefusals },
    p99Ms: { whole: p99(whole), merged: p99(merged) },
    verdicts: b,
    serviceSeconds,
  };
}
