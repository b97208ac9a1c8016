import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * better-sqlite3's install script takes a prebuilt binary (prebuild-install) before it compiles
 * SQLite itself: an implementer's CI downloads one from GitHub, which this machine cannot reach,
 * so its install would compile for minutes. The binary this repository's own install built, of the
 * same version, Node ABI, platform and architecture, is offered in a folder of local prebuilds
 * (prebuild-install's `--local-prebuilds`, named as its download would be), which the packed
 * install's environment names. A version the kit's install resolves differently finds no file
 * there and compiles as before.
 *
 * Returns the environment variable to add, or undefined when this repository has no built binary.
 */
export function localPrebuildEnv(repositoryRoot: string, into: string): Record<string, string> | undefined {
  const pkgDir = join(repositoryRoot, 'node_modules', 'better-sqlite3');
  const binary = join(pkgDir, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(binary)) return undefined;
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  mkdirSync(into, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const tar = spawnSync('tar', ['-czf', join(into, name), '-C', pkgDir, 'build/Release/better_sqlite3.node'], { stdio: 'ignore' });
  if (tar.status !== 0) return undefined;
  return { npm_config_better_sqlite3_local_prebuilds: into };
}
