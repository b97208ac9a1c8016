import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ContainerRuntimeClient } from 'testcontainers';

/**
 * A Docker engine for the container test: the one that answers (DOCKER_HOST, the default socket,
 * or whatever else testcontainers finds), else one started here from Debian's dockerd.
 */
export type Engine =
  | { kind: 'ready'; client: ContainerRuntimeClient; startedPid: number | undefined; describe: string }
  | { kind: 'unavailable'; reason: string };

/** A socket that accepts but never answers must not stall the test. */
const ANSWER_TIMEOUT_MS = 15_000;
/** dockerd answers within seconds; a first start on a busy machine sets up its storage first. */
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * Tried in order, each only when the previous one did not come up. Sandboxes differ in what they
 * lack: netfilter (without iptables, docker-proxy still publishes ports on the host) and overlay
 * mounts (vfs copies layers instead: slower, always possible).
 */
export const DOCKERD_CONFIGURATIONS: readonly { why: string; args: readonly string[] }[] = [
  { why: 'defaults', args: [] },
  { why: 'without iptables', args: ['--iptables=false'] },
  { why: 'without iptables, vfs storage', args: ['--iptables=false', '--storage-driver=vfs'] },
];

export async function answeringEngine(): Promise<{ client: ContainerRuntimeClient } | { reason: string }> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)), ANSWER_TIMEOUT_MS);
  });
  try {
    return { client: await Promise.race([getContainerRuntimeClient(), timeout]) };
  } catch (err) {
    return { reason: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The engine that answers, or one started here. Starting needs root and dockerd, and happens
 * only when DOCKER_HOST is unset: a DOCKER_HOST that does not answer is the operator's to fix.
 * A started dockerd keeps running detached until stopEngine (its log in the temp directory).
 */
export async function ensureEngine(log: (line: string) => void): Promise<Engine> {
  const answering = await answeringEngine();
  if ('client' in answering) return { kind: 'ready', client: answering.client, startedPid: undefined, describe: describeEngine(answering.client) };
  if (process.env.DOCKER_HOST) return { kind: 'unavailable', reason: `DOCKER_HOST=${process.env.DOCKER_HOST} does not answer (${answering.reason}). Fix: start that engine, or unset DOCKER_HOST` };
  const why = `no Docker engine answers (${answering.reason})`;
  if (process.getuid?.() !== 0) return { kind: 'unavailable', reason: `${why}, and starting dockerd needs root. Fix: start Docker, set DOCKER_HOST, or run as root` };
  if (spawnSync('dockerd', ['--version']).error) return { kind: 'unavailable', reason: `${why}, and dockerd is not on PATH. Fix: apt-get install docker.io (started here when run as root), or set DOCKER_HOST` };

  const logFile = join(tmpdir(), 'cpf-dockerd.log');
  for (const config of DOCKERD_CONFIGURATIONS) {
    log(`starting dockerd (${config.why}), log ${logFile}`);
    const started = await startDockerd(config.args, logFile);
    if ('client' in started) return { kind: 'ready', client: started.client, startedPid: started.pid, describe: `${describeEngine(started.client)}, started here (${config.why})` };
    log(`dockerd (${config.why}) did not come up: ${started.reason}`);
  }
  return { kind: 'unavailable', reason: `${why}, and dockerd did not start in any configuration (${DOCKERD_CONFIGURATIONS.map((c) => c.why).join('; ')}); the log is ${logFile}` };
}

async function startDockerd(args: readonly string[], logFile: string): Promise<{ client: ContainerRuntimeClient; pid: number } | { reason: string }> {
  const fd = openSync(logFile, 'a');
  writeSync(fd, `\n=== dockerd ${args.join(' ')} (${new Date().toISOString()})\n`);
  const child = spawn('dockerd', args, { detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  child.on('error', (err) => (exited = err.message));
  const deadline = performance.now() + START_TIMEOUT_MS;
  let last = 'not yet asked';
  while (performance.now() < deadline && exited === undefined) {
    await sleep(500);
    const answering = await answeringEngine();
    if ('client' in answering && child.pid !== undefined) {
      child.unref();
      return { client: answering.client, pid: child.pid };
    }
    if ('reason' in answering) last = answering.reason;
  }
  if (exited === undefined && child.pid !== undefined) await stopEngine(child.pid);
  return { reason: `${exited ?? `no answer within ${START_TIMEOUT_MS / 1000} s (${last})`}; last log line: ${lastLine(logFile)}` };
}

/** SIGTERM, as `systemctl stop docker` does: dockerd stops its containers and its containerd. */
export async function stopEngine(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = performance.now() + STOP_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (!alive(pid)) return;
    await sleep(200);
  }
  process.kill(pid, 'SIGKILL');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * An engine whose host name is this machine's runs here, so the ports it publishes are on this
 * machine's loopback. testcontainers would take the bridge's gateway instead wherever /.dockerenv
 * exists (as in some sandboxes that are no container of this engine), and only once the engine
 * has recorded that gateway: reachable too, but not loopback, and not the same from run to run.
 */
export async function runsOnThisMachine(client: ContainerRuntimeClient): Promise<boolean> {
  const info = (await client.container.dockerode.info()) as { Name?: string };
  return info.Name === hostname();
}

function describeEngine(client: ContainerRuntimeClient): string {
  const rt = client.info.containerRuntime;
  return `Docker ${rt.serverVersion} on ${rt.operatingSystem}`;
}

function lastLine(file: string): string {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  return lines[lines.length - 1] ?? '';
}
