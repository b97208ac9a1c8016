import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { buildImage, imageExists, removeStaleImages } from './image-build.js';
import { rootfsFiles, rootfsHash, writeRootfs } from './node-rootfs.js';

export const BASE_ROLE = 'node-base';
const BASE_REPOSITORY = 'cpf-node-base';

/** Docker's default PATH, which an image made FROM scratch does not set. */
const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * The base image of the container test, named by the hash of what it holds, so it is built once
 * per node binary (a few seconds) and found in the engine on later runs.
 */
export async function ensureBaseImage(docker: Dockerode, log: (line: string) => void): Promise<string> {
  const files = rootfsFiles();
  const tag = `${BASE_REPOSITORY}:${rootfsHash(files)}`;
  if (await imageExists(docker, tag)) {
    log(`base image ${tag} is there (node ${process.version} and ${files.length - 1} files of this machine)`);
    return tag;
  }
  const dir = mkdtempSync(join(tmpdir(), 'cpf-node-base-'));
  try {
    writeRootfs(join(dir, 'rootfs'), files);
    writeFileSync(join(dir, 'Dockerfile'), ['FROM scratch', 'COPY rootfs/ /', `ENV PATH=${PATH}`, 'RUN chown node:node /home/node && node --version', ''].join('\n'));
    log(`building base image ${tag}: node ${process.version} from ${process.execPath}, a shell and ${files.length - 1} files with their libraries`);
    await buildImage(docker, tag, BASE_ROLE, [{ dir, paths: ['Dockerfile', 'rootfs'] }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return tag;
}

/** After the test image moved to a new base, the old bases are no longer in use. */
export async function removeStaleBases(docker: Dockerode, keep: string): Promise<number> {
  return removeStaleImages(docker, BASE_ROLE, keep);
}
