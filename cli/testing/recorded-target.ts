import { readFileSync } from 'node:fs';
import { intercept } from '../../reference-server/seams/intercept.js';
import { startInFolder } from '../../reference-server/src/start-in-folder.js';
import type { RunningServer } from '../../reference-server/src/start.js';
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
  const requests: Received[] = [];
  const server = await startInFolder({
    prefix,
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
    dir: server.dir,
    written: JSON.parse(readFileSync(server.profilePath, 'utf8')) as Profile,
    requests,
    close: () => server.close(),
  };
}
