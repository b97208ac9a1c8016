#!/usr/bin/env node
// `npx cpf-conformance ...` from another repository: runs the TypeScript CLI through tsx's loader,
// resolved from this package so the caller needs nothing installed besides the package.
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const result = spawnSync(process.execPath, ['--import', loader, join(root, 'cli/main.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 3);
