#!/usr/bin/env node
// `npx cpf-conformance ...` from another repository, and the kit image's entrypoint: runs the
// TypeScript CLI through tsx's loader, resolved from this package so the caller needs nothing
// installed besides the package.
import { spawn } from 'node:child_process';
import process from 'node:process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const child = spawn(process.execPath, ['--import', loader, join(root, 'cli/main.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
// A CI runner's SIGTERM, or `docker stop` where this is PID 1, reaches this process alone: the CLI
// is told, so it stops its checks and still writes its reports. A terminal's Ctrl-C reaches both,
// which the CLI takes as one (cli/main.ts).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 3)));
