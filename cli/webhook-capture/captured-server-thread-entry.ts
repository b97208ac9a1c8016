import { parentPort, workerData } from 'node:worker_threads';
import { composeVariations, formatFreedomCoverage, freedomCoverage, selectVariations, UnknownVariation } from '../../reference-server/variations/index.js';
import { startCapturedServer } from './captured-server.js';
import type { FromServerThread, ServerThreadData, ToServerThread } from './server-thread-messages.js';

const data = workerData as ServerThreadData;
const port = parentPort;
if (port === null) throw new Error('captured-server-thread-entry runs as a worker thread only');
const send = (message: FromServerThread) => port.postMessage(message);
const log = (line: string) => send({ kind: 'log', line });

try {
  const variations = selectVariations(data.vary);
  const varied = composeVariations(variations);
  if (variations.length > 0) {
    log(`variations of the bundled server: ${variations.map((v) => v.id).join(', ')}`);
    log(formatFreedomCoverage(freedomCoverage(variations)));
  }
  const captured = await startCapturedServer({
    dir: data.dir,
    ...(variations.length > 0 ? { configure: varied.configure, adjustProfile: varied.profile } : {}),
    // The sender's line per delivery would bury the progress output; the checks report deliveries themselves.
    log: (line) => (line.startsWith('webhook pdf.generated') ? undefined : log(line)),
  });
  port.on('message', (message: ToServerThread) => {
    if (message.kind !== 'close') return;
    void captured.close().then(() => {
      send({ kind: 'closed' });
      port.close();
    });
  });
  send({ kind: 'ready', baseUrl: captured.server.baseUrl, profile: captured.profile, profilePath: captured.profilePath });
} catch (err) {
  send({ kind: 'failed', message: (err as Error).message, usage: err instanceof UnknownVariation });
  port.close();
}
