import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Profile } from '../../spec/profile.schema.js';
import type { AppDeps } from '../../reference-server/src/app.js';
import { writeProfile } from '../../reference-server/src/seed/profile.js';
import { startInFolder } from '../../reference-server/src/start-in-folder.js';
import type { RunningServer } from '../../reference-server/src/start.js';
import type { InvalidTokenLimit } from '../../reference-server/src/rate-limit/fixed-window.js';
import { startControlServer } from './control-server.js';
import { startNockCapture } from './nock-capture.js';
import { captureSender } from '../../reference-server/src/webhook/capture-sender.js';

/**
 * The bundled reference server (fresh database in `dir`, demo seed) with a nock capture in the same
 * process: the customer of the profile's `webhook.customer` gets the capture as webhook target (as
 * its pro area would), and the profile the server wrote gains `webhook.captureControlUrl` and the
 * configured `authenticate`. The capture's control side also acts as the target's pro area and
 * portal (target control): setting a customer's webhook target, the portal's document creation.
 *
 * Used where the target runs in this process: the CLI's bundled target (target.ts) and each faulted
 * server of the fault runner (faulted-run.ts).
 */
export interface CapturedServer {
  server: RunningServer;
  profile: Profile;
  profilePath: string;
  controlUrl: string;
  close(): Promise<void>;
}

export async function startCapturedServer(options: { dir: string; configure?: (deps: AppDeps) => AppDeps; adjustProfile?: (profile: Profile) => Profile; log?: (line: string) => void; invalidTokenLimit?: InvalidTokenLimit }): Promise<CapturedServer> {
  const capture = await startNockCapture();
  const profilePath = join(options.dir, 'profile.json');
  // Quotes, umlauts and spaces: the payload must carry the value unchanged.
  const authenticate = `cpf-conformance "${randomBytes(6).toString('hex')}" äöü +/= `;
  let server: RunningServer;
  try {
    server = await startInFolder({
      dir: options.dir,
      ...(options.log ? { log: options.log } : {}),
      ...(options.adjustProfile ? { adjustProfile: options.adjustProfile } : {}),
      ...(options.invalidTokenLimit ? { invalidTokenLimit: options.invalidTokenLimit } : {}),
      configure: (deps) => {
        const captured = { ...deps, webhook: captureSender(deps) };
        return options.configure ? options.configure(captured) : captured;
      },
    });
  } catch (err) {
    await capture.close();
    throw err;
  }
  const seeded = server.profile;
  const receiver = seeded?.webhook?.customer?.id;
  if (!seeded?.webhook || !receiver) {
    await Promise.all([server.close(), capture.close()]);
    throw new Error('the seed profile names no webhook.customer');
  }
  server.proArea.setWebhook(receiver, { url: capture.webhookUrl, authenticate });
  const running = server;
  const control = await startControlServer(
    capture.log,
    () => ({ kind: 'nock', target: running.baseUrl, webhookUrl: capture.webhookUrl, targetControl: true, trap: capture.trap }),
    {
      setWebhook(customer, url) {
        if (url !== null) capture.armTrap(url);
        running.proArea.setWebhook(customer, url === null ? null : { url, authenticate });
      },
      async portalDocument(key, kind, temporary) {
        await running.portal.createDocument(key, kind, { temporary });
      },
      idle: () => running.portal.webhookIdle(),
    },
  );
  const profile: Profile = { ...seeded, webhook: { ...seeded.webhook, captureControlUrl: control.url, authenticate } };
  writeProfile(profilePath, profile);
  return {
    server,
    profile,
    profilePath,
    controlUrl: control.url,
    close: async () => {
      await control.close();
      await server.close();
      await capture.close();
    },
  };
}
