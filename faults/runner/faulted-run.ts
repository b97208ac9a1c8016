import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeProfile } from '../../reference-server/src/seed/profile.js';
import { startInFolder } from '../../reference-server/src/start-in-folder.js';
import { startCapturedServer } from '../../cli/webhook-capture/captured-server.js';
import { freePort } from '../../cli/webhook-capture/free-port.js';
import type { CliWorker } from './cli-worker-process.js';
import type { Fault } from '../fault.js';

/**
 * Runs the conformance CLI against a reference server carrying one fault (fresh database, demo
 * seed) in this process, as an external target through --base-url and the seed profile.
 *
 * Its webhook deliveries are captured where its sender runs: by default by a nock capture in this
 * process, whose control URL the profile names (webhook.captureControlUrl); for a fault marked
 * `webhookCapture: 'receiver'`, by the CLI's real receiver (--webhook-receiver), the server
 * delivering to it over loopback as a foreign target would over the network.
 */
export async function runCliAgainstFault(fault: Fault, cliArgs: readonly string[], cli: CliWorker): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), `cpf-fault-${fault.id}-`));
  try {
    if (fault.webhookCapture === 'receiver') return await againstReceiver(fault, dir, cliArgs, cli);
    const captured = await startCapturedServer({
      dir,
      configure: (deps) => fault.configure(deps),
      ...(fault.adjustProfile && { adjustProfile: fault.adjustProfile }),
      ...(fault.invalidTokenLimit && { invalidTokenLimit: fault.invalidTokenLimit }),
    });
    try {
      return await cli.run(['--base-url', captured.server.baseUrl, '--profile', captured.profilePath, ...cliArgs], {});
    } finally {
      await captured.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function againstReceiver(fault: Fault, dir: string, cliArgs: readonly string[], cli: CliWorker): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const receiverUrl = `http://127.0.0.1:${port}/cpf-webhook`;
  const authenticate = `fault "Prüfwert" ${randomBytes(6).toString('hex')}`;
  const server = await startInFolder({
    dir,
    webhook: { url: receiverUrl, authenticate },
    allowLoopbackWebhooks: true,
    ...(fault.invalidTokenLimit && { invalidTokenLimit: fault.invalidTokenLimit }),
    ...(fault.adjustProfile && { adjustProfile: fault.adjustProfile }),
    configure: (deps) => fault.configure(deps),
  });
  try {
    const seeded = server.profile;
    if (!seeded?.webhook) throw new Error('the seed profile has no webhook section');
    const { ssrf: _bundledOnly, ...webhook } = seeded.webhook;
    writeProfile(server.profilePath, { ...seeded, webhook: { ...webhook, mode: 'receiver', receiverPublicUrl: receiverUrl, authenticate } });
    return await cli.run(['--base-url', server.baseUrl, '--profile', server.profilePath, '--webhook-receiver', String(port), ...cliArgs], {});
  } finally {
    await server.close();
  }
}
