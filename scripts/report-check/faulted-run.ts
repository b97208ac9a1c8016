import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer } from '../../reference-server/src/start.js';
import { faults } from '../faults/catalog/index.js';

export interface FaultedRunOptions {
  root: string;
  faultId: string;
  /** Suite files of the run, relative to root: small, so the run takes seconds. */
  files: string[];
  reportDir: string;
}

/**
 * Runs the conformance CLI on a few suite files against a reference server with one fault of the
 * catalogue, so the report has passing checks and at least one failing one. The CLI's bundled
 * target takes no fault, so this starts the faulted server itself and passes it as an external
 * target, as `npm run faults` does (CPF_FAULT reaches suites that start their own server).
 */
export async function runWithFault(options: FaultedRunOptions): Promise<{ code: number | null; output: string }> {
  const fault = faults.find((f) => f.id === options.faultId);
  if (!fault) throw new Error(`fault ${options.faultId} is not in scripts/faults/catalog`);
  const dir = mkdtempSync(join(tmpdir(), 'cpf-report-check-'));
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
    const args = [
      join(options.root, 'node_modules/tsx/dist/cli.mjs'),
      join(options.root, 'scripts/conformance/main.ts'),
      '--base-url', server.baseUrl,
      '--profile', profile,
      '--report-dir', options.reportDir,
      ...options.files.flatMap((f) => ['--file', f]),
    ];
    const child = spawn(process.execPath, args, { cwd: options.root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CPF_FAULT: fault.id } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, output };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
