import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnServer } from '../../reference-server/src/server-process.js';
import { exitWithUsage } from '../cli/usage.js';
import { freePort } from '../webhook-capture/free-port.js';

/**
 * `npm run conformance:external`: the path a foreign target takes, exercised on the bundled
 * server. The server runs as its own process (as after `npm run server`), and the CLI reaches it
 * only through --base-url and the profile the server wrote. The webhook goes the foreign way too:
 * the server delivers to the CLI's real receiver (--webhook-receiver), configured as a customer
 * would in the pro area (--webhook-url: for the primary demo customer and the profile's
 * webhook.customer). Extra arguments go to the CLI.
 */
const ROOT = resolve(import.meta.dirname, '../..');

if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
  exitWithUsage(
    'Usage: npm run conformance:external -- [conformance options]   (starts the bundled server as its own process and runs the CLI against it with --base-url, its written profile and --webhook-receiver; see npm run conformance -- --help)',
  );
}

const dir = mkdtempSync(join(tmpdir(), 'cpf-external-'));
const profile = join(dir, 'profile.json');
const receiverPort = await freePort();
const receiverUrl = `http://127.0.0.1:${receiverPort}/cpf-webhook`;
// Quotes, umlauts and spaces: the payload must carry the value unchanged.
const authenticate = `ext "Prüfwert" ${randomBytes(6).toString('hex')}`;
const server = await spawnServer([
  '--port', '0', '--db', join(dir, 'reference.sqlite'), '--profile-out', profile,
  '--webhook-url', receiverUrl, '--webhook-authenticate', authenticate, '--allow-loopback-webhooks',
]);
console.log(`reference server process ${server.child.pid} on ${server.origin}, webhook to ${receiverUrl}`);
const written = JSON.parse(readFileSync(profile, 'utf8')) as { webhook?: Record<string, unknown> };
// The address-policy checks need the bundled target's configuration in the CLI's process: not here.
const { ssrf: _bundledOnly, ...webhook } = written.webhook ?? {};
written.webhook = { ...webhook, mode: 'receiver', receiverPublicUrl: receiverUrl, authenticate };
writeFileSync(profile, JSON.stringify(written, null, 2), { mode: 0o600 });
const cli = spawn(
  process.execPath,
  [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/conformance/main.ts'),
    '--base-url', `${server.origin}/api/v2`, '--profile', profile, '--webhook-receiver', String(receiverPort), ...process.argv.slice(2),
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
const [code] = (await once(cli, 'exit')) as [number | null];
server.child.kill('SIGTERM');
await once(server.child, 'exit');
rmSync(dir, { recursive: true, force: true });
process.exit(code ?? 3);
