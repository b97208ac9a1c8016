import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { BUNDLED_IMAGE } from '../../cli/target/container-image.js';
import { renderDockerfile } from './dockerfile.js';
import { buildImage, removeStaleImages } from './image-build.js';

export const TEST_IMAGE = 'cpf-reference:container-test';
export const TEST_ROLE = 'container-test';

interface Lockfile {
  packages: Record<string, { dev?: boolean }>;
}

/**
 * What `npm ci --omit=dev` keeps, as folders of node_modules: the lockfile's top-level packages
 * not marked dev (nested ones come with their parent). Optional packages for other platforms
 * are in the lockfile but not on disk.
 */
export function productionPackages(lockfile: Lockfile, installed: (path: string) => boolean): string[] {
  return Object.entries(lockfile.packages)
    .filter(([path, entry]) => /^node_modules\/(?:@[^/]+\/)?[^/]+$/.test(path) && !entry.dev)
    .map(([path]) => path)
    .filter(installed)
    .sort();
}

/**
 * The bundled image as the repository's Dockerfile lays it out, on the local base, with this
 * checkout's sources and production dependencies. The engine's layer cache makes an unchanged
 * checkout a matter of seconds.
 */
export async function buildTestImage(docker: Dockerode, root: string, baseImage: string): Promise<void> {
  const lockfile = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile;
  const packages = productionPackages(lockfile, (path) => existsSync(join(root, path)));
  const dir = mkdtempSync(join(tmpdir(), 'cpf-test-image-'));
  try {
    writeFileSync(join(dir, 'Dockerfile'), renderDockerfile({ from: 'context', baseImage }));
    await buildImage(docker, TEST_IMAGE, TEST_ROLE, [
      { dir, paths: ['Dockerfile'] },
      { dir: root, paths: BUNDLED_IMAGE.appPaths, exclude: BUNDLED_IMAGE.excludedFiles },
      { dir: root, paths: packages },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await removeStaleImages(docker, TEST_ROLE, TEST_IMAGE);
}
