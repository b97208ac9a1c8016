import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnServer } from '../../reference-server/src/server-process.js';

/**
 * `npm run conformance:external`: the path a foreign target takes, exercised on the bundled
 * server. The server runs as its own process (as after `npm run server`), and the CLI reaches it
 * only through --base-url and the profile the server wrote. Extra arguments go to the CLI.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'cpf-external-'));
const profile = join(dir, 'profile.json');
const server = await spawnServer(['--port', '0', '--db', join(dir, 'reference.sqlite'), '--profile-out', profile]);
console.log(`reference server process ${server.child.pid} on ${server.origin}`);
const cli = spawn(
  process.execPath,
  [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/conformance/main.ts'), '--base-url', `${server.origin}/api/v2`, '--profile', profile, ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit' },
);
const [code] = (await once(cli, 'exit')) as [number | null];
server.child.kill('SIGTERM');
await once(server.child, 'exit');
rmSync(dir, { recursive: true, force: true });
process.exit(code ?? 3);
