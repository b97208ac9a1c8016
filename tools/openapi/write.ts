/**
 * Writes the OpenAPI document of the reference server to reports/openapi.json (the file CI lints
 * and publishes) and prints its path. `npm run openapi`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../../reference-server/src/openapi/document.js';
import { exitWithUsage } from '../../cli/command-line/usage.js';

const USAGE = 'Usage: npm run openapi -- [FILE]   (default reports/openapi.json)';
const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) exitWithUsage(USAGE, args[0]?.startsWith('-') ? args[0] : args[1]);
const target = resolve(args[0] ?? 'reports/openapi.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(target);
