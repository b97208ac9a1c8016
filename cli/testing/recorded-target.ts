import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { intercept } from '../../reference-server/seams/intercept.js';
import { startReferenceServer, type RunningServer } from '../../reference-server/src/start.js';
import type { Profile } from '../../spec/profile.schema.js';

/** A request the target received, with the status it answered once finished. */
export interface Received {
  method: string;
  path: string;
  status?: number;
}

/**
 * For the tests of the read-only tools (doctor, init): the bundled server with its demo seed, every
 * request it receives recorded, so a test can assert that a tool only read, paced, and never asked
 * for a PDF.
 */
export async function startRecordedTarget(prefix: string): Promise<{ server: RunningServer; dir: string; written: Profile; requests: Received[]; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const profileOut = join(dir, 'profile.json');
  const requests: Received[] = [];
  const server = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    db: join(dir, 'reference.sqlite'),
    seed: 'demo',
    profileOut,
    configure: (deps) =>
      intercept(deps, (req, res, next) => {
        const entry: Received = { method: req.method, path: req.path };
        requests.push(entry);
        res.on('finish', () => (entry.status = res.statusCode));
        next();
      }),
  });
  return {
    server,
    dir,
    written: JSON.parse(readFileSync(profileOut, 'utf8')) as Profile,
    requests,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
