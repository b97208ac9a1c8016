/**
 * Writes the OpenAPI document of the reference server to reports/openapi.json (the file CI lints
 * and publishes) and prints its path. `npm run openapi`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../../reference-server/src/openapi/document.js';

const target = resolve(process.argv[2] ?? 'reports/openapi.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(target);
