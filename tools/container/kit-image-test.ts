import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type Dockerode from 'dockerode';
import { PassThrough } from 'node:stream';
import { GenericContainer, Network, Wait, type StartedNetwork, type StartedTestContainer } from 'testcontainers';
import { BUNDLED_IMAGE } from '../../cli/target/container-image.js';
import { rewriteProfileOrigin } from '../../cli/target/container-config.js';
import type { RunSummary } from '../../cli/report/summary.js';
import { parseProfile } from '../../spec/profile.schema.js';
import { CheckFailed } from '../check-failed.js';
import { IMAGE_ROLE_LABEL } from './image-build.js';
import { buildKitImage, KIT_IMAGE } from './kit-image.js';
import { TEST_IMAGE, TEST_ROLE } from './test-image.js';

export const KIT_TEST_IMAGE = `${KIT_IMAGE.name}:container-test`;
/** Its own role: a build of either image clears away the stale ones of its role only. */
const KIT_TEST_ROLE = 'kit-container-test';
/** The name the kit's container reaches the server's by, on their own network. */
const SERVER_ALIAS = 'reference';
const RUN_TIMEOUT_MS = 10 * 60_000;
/** The user the image runs as (tools/container/node-rootfs.ts). */
const IMAGE_UID = 1000;
/** The kit's exit code for a run stopped by SIGINT or SIGTERM (cli/run.ts). */
const INTERRUPTED = 130;

export interface KitImageFigures {
  buildSeconds: number;
  imageBytes: number;
  version: string;
  checks: RunSummary['totals'];
  stopped: { afterSeconds: number; exitCode: number };
}

/**
 * The kit image as an implementer's CI runs it: built from the package, run as a non-root user
 * against the reference server's image on a user-defined network (testcontainers), the profile
 * and reports in the mounted folder. Its statement must verify, its exit codes must be the CLI's
 * (0 for --version, 1 for the failed rule, 130 for a run ended by `docker stop`, which must still
 * write its reports).
 */
export async function testKitImage(docker: Dockerode, root: string, baseImage: string, step: (line: string) => void): Promise<KitImageFigures> {
  let from = performance.now();
  step(`building ${KIT_TEST_IMAGE} on ${baseImage} from npm pack of this checkout and its production dependencies`);
  await buildKitImage(docker, root, baseImage, KIT_TEST_IMAGE, KIT_TEST_ROLE);
  const buildSeconds = (performance.now() - from) / 1000;
  const imageBytes = (await docker.getImage(KIT_TEST_IMAGE).inspect()).Size;
  step(`${KIT_TEST_IMAGE} built in ${buildSeconds.toFixed(1)} s, ${(imageBytes / 2 ** 20).toFixed(0)} MiB`);

  const folder = mkdtempSync(join(tmpdir(), 'cpf-kit-run-'));
  let network: StartedNetwork | undefined;
  let server: StartedTestContainer | undefined;
  try {
    network = await new Network().start();
    step(`starting ${TEST_IMAGE} as "${SERVER_ALIAS}" on network ${network.getName()}`);
    server = await new GenericContainer(TEST_IMAGE)
      .withNetwork(network)
      .withNetworkAliases(SERVER_ALIAS)
      .withEnvironment({ CPF_SITE_URL: serverOrigin() })
      .withLabels({ [IMAGE_ROLE_LABEL]: TEST_ROLE })
      .withWaitStrategy(Wait.forHealthCheck())
      .withStartupTimeout(120_000)
      .start();
    const profile = await server.exec(['cat', BUNDLED_IMAGE.profilePath]);
    if (profile.exitCode !== 0) throw new CheckFailed(`no profile at ${BUNDLED_IMAGE.profilePath} in the server's container: ${profile.stderr.trim()}`);
    // As an implementer without a webhook receiver: the seed's "capture" works only for a target the CLI starts itself.
    const { webhook: _capture, ...seeded } = rewriteProfileOrigin(parseProfile(JSON.parse(profile.stdout), 'the server container'), serverOrigin());
    writeFileSync(join(folder, 'profile.json'), JSON.stringify(seeded, null, 2), { mode: 0o600 });
    const user = mountedAs(folder);
    const baseUrl = `${serverOrigin()}${BUNDLED_IMAGE.apiPath}`;
    const kit = (command: string[], options?: { stopAfter?: RegExp }) => runKit(docker, (network as StartedNetwork).getName(), folder, user, command, step, options);

    const version = await kit(['--version']);
    expectCode('--version', version, 0);

    // The server answers plain http on a host that is not loopback: META-13 ("served over HTTPS
    // only") fails, and only it, as it would for an implementer's server on such a network.
    const run = await kit(['--base-url', baseUrl, '--profile', 'profile.json', '--area', 'meta', '--area', 'status', '--no-html', '--report-dir', 'reports']);
    expectCode('the run (META-13 failing)', run, 1);
    const summary = readSummary(folder, 'reports');
    const failedRules = summary.rules?.failed ?? [];
    if (summary.totals.passed === 0 || summary.totals.broken > 0 || failedRules.join() !== 'META-13') {
      throw new CheckFailed(`the run in the kit's container: ${JSON.stringify(summary.totals)}, rules failed ${failedRules.join(', ') || 'none'}; expected META-13 alone (plain http to a host that is not loopback) and nothing broken`);
    }
    expectCode('verify reports', await kit(['verify', 'reports']), 0);

    from = performance.now();
    const stopped = await kit(['--base-url', baseUrl, '--profile', 'profile.json', '--no-html', '--report-dir', 'stopped'], { stopAfter: /running checks/ });
    const afterSeconds = (performance.now() - from) / 1000;
    expectCode('the run ended by docker stop (SIGTERM)', stopped, INTERRUPTED);
    readSummary(folder, 'stopped');
    return { buildSeconds, imageBytes, version: version.output.trim().split('\n').at(-1) ?? '', checks: summary.totals, stopped: { afterSeconds, exitCode: stopped.code } };
  } finally {
    await server?.stop({ timeout: 10_000 });
    await network?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

function serverOrigin(): string {
  return `http://${SERVER_ALIAS}:${BUNDLED_IMAGE.port}`;
}

/**
 * Who the kit runs as: the caller, as the docs tell users to run it (`--user "$(id -u):$(id -g)"`),
 * so the reports are theirs; a root caller gives the folder to the image's own non-root user instead.
 */
export function mountedAs(folder: string): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined || uid !== 0) return uid === undefined ? undefined : `${uid}:${process.getgid?.() ?? uid}`;
  chownSync(folder, IMAGE_UID, IMAGE_UID);
  for (const file of readdirSync(folder)) chownSync(join(folder, file), IMAGE_UID, IMAGE_UID);
  chmodSync(folder, 0o700);
  return undefined;
}

export interface KitRun {
  code: number;
  output: string;
}

/**
 * One run of the kit's container to its end (or, with `stopAfter`, `docker stop` once its output
 * shows that line), its output shown indented. Through the engine's API rather than
 * testcontainers, whose one-shot wait takes any exit code but 0 for a failed start.
 */
export async function runKit(docker: Dockerode, network: string, folder: string, user: string | undefined, command: string[], step: (line: string) => void, options: { stopAfter?: RegExp } = {}): Promise<KitRun> {
  step(`docker run ${KIT_TEST_IMAGE} ${command.join(' ')}${options.stopAfter ? `   (docker stop once it prints ${options.stopAfter.source})` : ''}`);
  const container = await docker.createContainer({
    Image: KIT_TEST_IMAGE,
    Cmd: command,
    ...(user !== undefined && { User: user }),
    Labels: { [IMAGE_ROLE_LABEL]: TEST_ROLE },
    HostConfig: { Binds: [`${folder}:${KIT_IMAGE.workdir}`], NetworkMode: network },
  });
  let output = '';
  let seen: (() => void) | undefined;
  const shown = new PassThrough();
  shown.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk.toString().replace(/^(?=.)/gm, '    '));
    if (options.stopAfter?.test(output)) seen?.();
  });
  try {
    const attached = await container.attach({ stream: true, stdout: true, stderr: true });
    docker.modem.demuxStream(attached, shown, shown);
    await container.start();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckFailed(`the kit's container ran longer than ${RUN_TIMEOUT_MS / 60_000} min: ${command.join(' ')}`)), RUN_TIMEOUT_MS);
    });
    try {
      if (options.stopAfter) {
        await Promise.race([new Promise<void>((resolve) => (seen = resolve)), timedOut]);
        // A second of checks under way, then what a CI runner's cancel does.
        await sleep(1000);
        await container.stop({ t: 60 });
      }
      const ended = (await Promise.race([container.wait(), timedOut])) as { StatusCode: number };
      return { code: ended.StatusCode, output };
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await container.remove({ force: true });
  }
}

export function expectCode(what: string, run: KitRun, expected: number): void {
  if (run.code !== expected) throw new CheckFailed(`${what} in the kit's container exited with ${run.code}, expected ${expected}`);
}

function readSummary(folder: string, reportDir: string): RunSummary {
  const file = join(folder, reportDir, 'summary.json');
  if (!existsSync(file)) throw new CheckFailed(`the kit's container wrote no ${reportDir}/summary.json into the mounted folder`);
  return JSON.parse(readFileSync(file, 'utf8')) as RunSummary;
}
