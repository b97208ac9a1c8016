import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer } from '../../reference-server/src/start.js';
import type { CliWorker } from './cli-worker-process.js';
import type { Fault } from './fault.js';

/**
 * Runs the conformance CLI against a reference server carrying one fault (fresh database, demo
 * seed), as an external target through --base-url and the seed profile: the CLI's bundled target
 * takes no fault. CPF_FAULT reaches the suites that start their own server (webhook).
 */
export async function runCliAgainstFault(fault: Fault, cliArgs: readonly string[], cli: CliWorker): Promise<{ code: number | null; output: string }> {
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
    return await cli.run(['--base-url', server.baseUrl, '--profile', profile, ...cliArgs], { CPF_FAULT: fault.id });
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
