import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { scriptCommandLine } from '../../cli/command-line/run-script.js';
import { renderDockerfile, renderDockerignore } from './dockerfile.js';
import { KIT_DOCKERFILE, KIT_DOCKERIGNORE, renderKitDockerfile, renderKitDockerignore } from './kit-image.js';

/**
 * `npm run container:dockerfile`: writes the repository's Dockerfile and .dockerignore from the
 * image layout (cli/target/container-image.ts), and the kit image's kit.Dockerfile and its
 * .dockerignore from tools/container/kit-image.ts; dockerfile.test.ts fails while they differ.
 */
scriptCommandLine({ usage: 'Usage: npm run container:dockerfile   (writes Dockerfile and .dockerignore from cli/target/container-image.ts, kit.Dockerfile and kit.Dockerfile.dockerignore from tools/container/kit-image.ts)', flags: {} });
const root = resolve(import.meta.dirname, '../..');
writeFileSync(resolve(root, 'Dockerfile'), renderDockerfile({ from: 'registry' }));
writeFileSync(resolve(root, '.dockerignore'), renderDockerignore());
writeFileSync(resolve(root, KIT_DOCKERFILE), renderKitDockerfile({ from: 'registry' }));
writeFileSync(resolve(root, KIT_DOCKERIGNORE), renderKitDockerignore());
console.log(`wrote Dockerfile, .dockerignore, ${KIT_DOCKERFILE} and ${KIT_DOCKERIGNORE}`);
