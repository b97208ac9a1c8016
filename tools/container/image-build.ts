import { spawn } from 'node:child_process';
import type Dockerode from 'dockerode';

/** Folders whose listed paths go into the build context as they are named (tar's -C), less the files matching `exclude`. */
export interface ContextPart {
  dir: string;
  paths: readonly string[];
  exclude?: string;
}

/** Marks the images this kit builds, so it can clear away its own stale ones and no others. */
export const IMAGE_ROLE_LABEL = 'org.cpf-conformance.role';

/**
 * Builds through the engine's API from a context that tar streams straight from the folders:
 * nothing is copied first, so the checkout's node_modules costs one read. The build's own error
 * (a failed RUN, a missing base) fails the promise with the build's last lines.
 */
export async function buildImage(docker: Dockerode, tag: string, role: string, context: readonly ContextPart[]): Promise<void> {
  const tar = spawn('tar', ['-c', '-f', '-', ...context.flatMap((part) => [...(part.exclude ? [`--exclude=${part.exclude}`] : []), '-C', part.dir, ...part.paths])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let tarError = '';
  tar.stderr.on('data', (chunk: Buffer) => (tarError += chunk.toString()));
  const tarDone = new Promise<void>((resolve, reject) => {
    tar.on('error', (err) => reject(new Error(`tar: ${err.message}`)));
    tar.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited with ${code}: ${tarError.trim()}`))));
  });
  const stream = await docker.buildImage(tar.stdout, { t: tag, rm: true, forcerm: true, labels: { [IMAGE_ROLE_LABEL]: role } });
  const events = await new Promise<{ stream?: string; error?: string }[]>((resolve, reject) => docker.modem.followProgress(stream, (err, output) => (err ? reject(err) : resolve(output))));
  await tarDone;
  const failed = events.find((e) => e.error);
  if (failed) {
    const tail = events.flatMap((e) => (e.stream ?? '').split('\n')).filter((line) => line.trim() !== '').slice(-8);
    throw new Error(`docker build ${tag}: ${failed.error?.trim()}\n${tail.map((line) => `    ${line}`).join('\n')}`);
  }
}

export async function imageExists(docker: Dockerode, tag: string): Promise<boolean> {
  try {
    await docker.getImage(tag).inspect();
    return true;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return false;
    throw err;
  }
}

/**
 * Removes this role's images that lost their tag to a newer build, and the role's tagged images
 * other than `keep`; an image still in use stays (the engine refuses with 409).
 */
export async function removeStaleImages(docker: Dockerode, role: string, keep: string): Promise<number> {
  const images = await docker.listImages({ all: false, filters: JSON.stringify({ label: [`${IMAGE_ROLE_LABEL}=${role}`] }) });
  let removed = 0;
  for (const image of images) {
    if ((image.RepoTags ?? []).includes(keep)) continue;
    try {
      await docker.getImage(image.Id).remove({ force: false });
      removed += 1;
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 409) throw err;
    }
  }
  return removed;
}
