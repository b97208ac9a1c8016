/**
 * Writes the OpenAPI document of the reference server to reports/openapi.json (the file CI lints
 * and publishes) and prints its path. `npm run openapi`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../../reference-server/src/openapi/document.js';
import { scriptCommandLine } from '../../cli/command-line/run-script.js';

const { positionals } = scriptCommandLine({ usage: 'Usage: npm run openapi -- [FILE]   (default reports/openapi.json)', flags: {}, positionals: { name: 'FILE', max: 1 } });
const target = resolve(positionals[0] ?? 'reports/openapi.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(target);
