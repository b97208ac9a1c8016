import { delimiter, dirname, join } from 'node:path';

/**
 * The environment for npm and npx run in a folder outside this repository, as an implementer's CI
 * would have it: the user's npm configuration (cache, registry, certificates, proxies, retries)
 * stays, but not what `npm run` adds for this package: npm_config_local_prefix would make the
 * inner npm install into this repository, and the node_modules/.bin folders of this repository
 * on PATH would lend the installed kit tools it must bring itself.
 */
const PACKAGE_CONTEXT = new Set(['local_prefix', 'prefix', 'global_prefix', 'call', 'user_agent', 'npm_version', 'init_module']);

export function foreignNpmEnv(env: NodeJS.ProcessEnv, repositoryRoot: string): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    const config = /^npm_config_(.+)$/i.exec(key)?.[1]?.toLowerCase();
    if (/^npm_/i.test(key) && (!config || PACKAGE_CONTEXT.has(config))) continue;
    clean[key] = value;
  }
  const ownBins = new Set<string>();
  for (let dir = repositoryRoot; ; dir = dirname(dir)) {
    ownBins.add(join(dir, 'node_modules', '.bin'));
    if (dirname(dir) === dir) break;
  }
  clean.PATH = (env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !ownBins.has(dir))
    .join(delimiter);
  return clean;
}
