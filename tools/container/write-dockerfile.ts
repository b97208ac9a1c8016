import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { scriptCommandLine } from '../../cli/command-line/run-script.js';
import { renderDockerfile, renderDockerignore } from './dockerfile.js';

/**
 * `npm run container:dockerfile`: writes the repository's Dockerfile and .dockerignore from the
 * image layout (cli/target/container-image.ts); dockerfile.test.ts fails while they differ.
 */
scriptCommandLine({ usage: 'Usage: npm run container:dockerfile   (writes Dockerfile and .dockerignore from cli/target/container-image.ts)', flags: {} });
const root = resolve(import.meta.dirname, '../..');
writeFileSync(resolve(root, 'Dockerfile'), renderDockerfile({ from: 'registry' }));
writeFileSync(resolve(root, '.dockerignore'), renderDockerignore());
console.log('wrote Dockerfile and .dockerignore');
