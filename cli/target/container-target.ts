import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedTestContainer } from 'testcontainers';
import { parseProfile, type Profile } from '../../spec/profile.schema.js';
import { containerEnv, containerPlan, hostOrigin, noEngineMessage, rewriteProfileOrigin } from './container-config.js';
import { TargetError } from '../command-line/usage.js';
import type { PreparedTarget } from './prepared-target.js';

/** A socket that accepts but never answers must not stall the CLI before it says what is wrong. */
const ENGINE_CHECK_TIMEOUT_MS = 15_000;
/**
 * testcontainers stops with no grace by default (SIGKILL at once); the server finishes its
 * requests and closes its database on SIGTERM, within a second.
 */
const STOP_GRACE_MS = 10_000;

// Loaded only in this mode: the other modes should not pay for (or depend on) dockerode.
async function loadTestcontainers(): Promise<typeof import('testcontainers')> {
  try {
    return await import('testcontainers');
  } catch (err) {
    throw new TargetError(`--image: the testcontainers package cannot be loaded on Node ${process.version} (${(err as Error).message})`, { cause: err });
  }
}

async function engineCheck(tc: typeof import('testcontainers')) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ENGINE_CHECK_TIMEOUT_MS / 1000} s`)), ENGINE_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([tc.getContainerRuntimeClient(), timeout]);
  } catch (err) {
    throw new TargetError(noEngineMessage((err as Error).message), { cause: err });
  } finally {
    clearTimeout(timer);
  }
}

/** The server writes the profile before it serves requests, so it is there once health answers. */
async function readSeedProfile(container: StartedTestContainer, image: string, path: string): Promise<Profile> {
  const read = await container.exec(['cat', path]);
  if (read.exitCode !== 0) throw new TargetError(`--image ${image}: no seed profile at ${path} in the container (${read.stderr.trim()}). Fix: pass --profile FILE for an image other than the bundled one`);
  return parseProfile(JSON.parse(read.stdout), `${image}:${path}`);
}

/**
 * `--image NAME[:TAG]`: the implementation under test runs in a container that lives as long as
 * the run.
 */
export async function prepareContainerTarget(image: string, profile: Profile | undefined, log: (line: string) => void): Promise<PreparedTarget> {
  const plan = containerPlan({ image, profile });
  const name = plan.image;
  const tc = await loadTestcontainers();
  const runtime = await engineCheck(tc);
  const hostPort = await new tc.RandomPortGenerator().generatePort();
  const origin = hostOrigin(runtime.info.containerRuntime.host, hostPort);
  // A container that exits (a broken image) ends the wait at once, with its last log lines.
  log(`starting container ${name} (port ${plan.containerPort} on ${origin}), waiting for GET ${plan.health.path}`);
  const { health } = plan;
  const container = await new tc.GenericContainer(name)
    .withExposedPorts({ container: plan.containerPort, host: hostPort })
    .withEnvironment(containerEnv(plan, origin))
    .withWaitStrategy(tc.Wait.forHttp(health.path, health.port, { abortOnContainerExit: true }).forStatusCode(health.statusCode).withStartupTimeout(health.startupTimeoutMs))
    .start()
    .catch((err: unknown) => {
      throw new TargetError(
        `--image ${name}: the container did not answer GET ${health.path} on port ${health.port} with ${health.statusCode} (${(err as Error).message}). Fix: check that the image serves the API on that port (docker run -p ${plan.containerPort}:${plan.containerPort} ${name})`,
        { cause: err },
      );
    });
  const dir = mkdtempSync(join(tmpdir(), 'cpf-container-'));
  // The profile copy holds tokens in clear: it goes also when the container is gone already.
  const close = async () => {
    try {
      await container.stop({ timeout: STOP_GRACE_MS });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const rewritten = rewriteProfileOrigin(plan.bundled ? await readSeedProfile(container, name, plan.profileInContainer) : plan.profile, origin);
    const profilePath = join(dir, 'profile.json');
    // Tokens in clear: readable by the owner only, as the server writes it.
    writeFileSync(profilePath, JSON.stringify(rewritten, null, 2), { mode: 0o600 });
    log(`container ${container.getId().slice(0, 12)} healthy, API base ${rewritten.baseUrl}`);
    return { baseUrl: rewritten.baseUrl, profile: rewritten, profilePath, kind: 'container', close };
  } catch (err) {
    await close();
    throw err;
  }
}
