import { delimiter } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foreignNpmEnv } from './npm-env.js';

describe('npm environment outside the repository', () => {
  const outer = {
    HOME: '/root',
    PATH: ['/work/kit/node_modules/.bin', '/work/node_modules/.bin', '/node_modules/.bin', '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin', '/usr/bin', '/opt/ci/node_modules/.bin'].join(delimiter),
    npm_config_local_prefix: '/work/kit',
    npm_config_prefix: '/usr',
    npm_config_cache: '/root/.npm',
    npm_config_registry: 'https://npm.mirror.example/',
    NPM_CONFIG_CAFILE: '/etc/ssl/ca.pem',
    npm_package_name: 'cpf-conformance',
    npm_lifecycle_event: 'package:check',
    npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  };

  it("keeps the user's npm configuration and drops what npm run adds for this package", () => {
    const env = foreignNpmEnv(outer, '/work/kit');
    expect(Object.keys(env).sort()).toEqual(['HOME', 'NPM_CONFIG_CAFILE', 'PATH', 'npm_config_cache', 'npm_config_registry']);
  });

  it("drops this repository's bin folders from PATH, keeps the others", () => {
    expect(foreignNpmEnv(outer, '/work/kit').PATH?.split(delimiter)).toEqual(['/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin', '/usr/bin', '/opt/ci/node_modules/.bin']);
  });
});
