import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_IMAGE, SERVER_COMMAND } from '../../cli/target/container-image.js';
import { importClosure } from '../package/import-closure.js';
import { REGISTRY_BASE, renderDockerfile, renderDockerignore } from './dockerfile.js';
import { KIT_DOCKERFILE, KIT_DOCKERIGNORE, KIT_IMAGE, renderKitDockerfile, renderKitDockerignore } from './kit-image.js';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');
const FIX = 'Fix: npm run container:dockerfile';

/** The lines from the first application COPY on: what the image promises, whatever its base. */
function layoutOf(dockerfile: string): string {
  const start = dockerfile.indexOf(`COPY ${BUNDLED_IMAGE.appPaths[0]} ./${BUNDLED_IMAGE.appPaths[0]}\n`);
  expect(start, 'the first application COPY').toBeGreaterThan(0);
  return dockerfile.slice(start);
}

describe('Dockerfile', () => {
  it('is the rendering of the image layout, as is .dockerignore', () => {
    expect(read('Dockerfile'), `Dockerfile differs from the layout. ${FIX}`).toBe(renderDockerfile({ from: 'registry' }));
    expect(read('.dockerignore'), `.dockerignore differs from the layout. ${FIX}`).toBe(renderDockerignore());
  });

  it("builds from the registry's node image, and the test's image from its local base, with the same layout", () => {
    const registry = renderDockerfile({ from: 'registry' });
    const context = renderDockerfile({ from: 'context', baseImage: 'cpf-node-base:0123abcd' });
    expect(registry).toMatch(new RegExp(`^FROM ${REGISTRY_BASE} AS deps$`, 'm'));
    expect(registry).toMatch(/^RUN npm ci --omit=dev/m);
    expect(context).toMatch(/^FROM cpf-node-base:0123abcd$/m);
    expect(context).not.toMatch(/npm ci|apt-get/);
    expect(layoutOf(context)).toBe(layoutOf(registry));
    expect(layoutOf(registry)).toMatch(new RegExp(`^EXPOSE ${BUNDLED_IMAGE.port}$`, 'm'));
    expect(layoutOf(registry)).toMatch(new RegExp(`^VOLUME ${BUNDLED_IMAGE.dataDir}$`, 'm'));
    expect(layoutOf(registry)).toContain(`http://127.0.0.1:${BUNDLED_IMAGE.port}${BUNDLED_IMAGE.apiPath}/health`);
  });

  it("starts what `npm run server` starts, on the layout's port, database and profile path", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(renderDockerfile({ from: 'registry' }))?.[1];
    expect(JSON.parse(cmd as string)).toEqual(SERVER_COMMAND);
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(SERVER_COMMAND.slice(0, 4)).toEqual(['node', '--import', 'tsx', pkg.scripts.server?.split(' ')[1]]);
    const flag = (name: string) => SERVER_COMMAND[SERVER_COMMAND.indexOf(name) + 1];
    expect(flag('--host')).toBe('0.0.0.0');
    expect(flag('--port')).toBe(String(BUNDLED_IMAGE.port));
    expect(flag('--profile-out')).toBe(BUNDLED_IMAGE.profilePath);
    expect(flag('--db')?.startsWith(`${BUNDLED_IMAGE.dataDir}/`)).toBe(true);
    expect(BUNDLED_IMAGE.profilePath.startsWith(`${BUNDLED_IMAGE.dataDir}/`)).toBe(true);
  });

  it('copies every module the server reaches', () => {
    const copied = (file: string) => BUNDLED_IMAGE.appPaths.some((p) => file === p || file.startsWith(`${p}/`));
    const missing = [...importClosure(ROOT, [BUNDLED_IMAGE.entry])].filter((file) => !copied(file));
    expect(missing, 'modules the server imports that the image lacks: add their folder to appPaths in container-image.ts').toEqual([]);
    for (const p of BUNDLED_IMAGE.appPaths) expect(existsSync(resolve(ROOT, p)), p).toBe(true);
  });

  it('kit.Dockerfile is the rendering of the kit layout: the package from npm pack, the command as entrypoint, a non-root user in the mounted folder', () => {
    expect(read(KIT_DOCKERFILE), `${KIT_DOCKERFILE} differs from the layout. ${FIX}`).toBe(renderKitDockerfile({ from: 'registry' }));
    expect(read(KIT_DOCKERIGNORE), `${KIT_DOCKERIGNORE} differs from the layout. ${FIX}`).toBe(renderKitDockerignore());
    const registry = renderKitDockerfile({ from: 'registry' });
    const context = renderKitDockerfile({ from: 'context', baseImage: 'cpf-node-base:0123abcd' });
    const layout = (dockerfile: string) => dockerfile.slice(dockerfile.indexOf(`RUN mkdir -p ${KIT_IMAGE.workdir}`));
    expect(layout(context)).toBe(layout(registry));
    expect(registry).toMatch(/^RUN npm pack /m);
    const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string> };
    expect(JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(registry)?.[1] as string)).toEqual(['node', `${KIT_IMAGE.appDir}/${pkg.bin['cpf-conformance']}`]);
    expect(registry).toMatch(new RegExp(`^USER ${KIT_IMAGE.user}$`, 'm'));
    expect(registry).toMatch(new RegExp(`^WORKDIR ${KIT_IMAGE.workdir}$`, 'm'));
  });
});
