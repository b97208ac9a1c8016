import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startReferenceServer } from '../../reference-server/src/start.js';
import type { Fault } from './fault.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Runs the conformance CLI against a reference server carrying one fault (fresh database, demo
 * seed), as an external target through --base-url and the seed profile: the CLI's bundled target
 * takes no fault. CPF_FAULT reaches the suites that start their own server (webhook).
 */
export async function runCliAgainstFault(fault: Fault, cliArgs: readonly string[]): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), `cpf-fault-${fault.id}-`));
  const profile = join(dir, 'profile.json');
  const server = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    db: join(dir, 'db.sqlite'),
    seed: 'demo',
    profileOut: profile,
    configure: (deps) => fault.configure(deps),
  });
  try {
    const args = [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/conformance/main.ts'), '--base-url', server.baseUrl, '--profile', profile, ...cliArgs];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CPF_FAULT: fault.id } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    return { code, output };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
