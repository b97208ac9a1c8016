/**
 * Child process of `npm run load:simulate` without --base-url: the target in a process of its
 * own, so the load generator does not share its event loop. Argument: JSON `LocalTargetRequest`.
 * Reports the population (or `{error}`) over IPC and stops on any message or a lost parent.
 */
import { startBareJsonServer } from './bare-json-server.js';
import type { LocalTargetRequest } from './local-target.js';
import { startPopulationServer } from './population-server.js';

const request = JSON.parse(process.argv[2] ?? '{}') as LocalTargetRequest;
const started = request.bare ? startBareJsonServer().then((s) => ({ ...s, customers: undefined, flooders: undefined, invalidTokenLimit: undefined })) : startPopulationServer(request);
started.then(
  (target) => {
    process.send?.({ baseUrl: target.baseUrl, customers: target.customers, flooders: target.flooders, invalidTokenLimit: target.invalidTokenLimit });
    const stop = () => void target.close().then(() => process.exit(0));
    process.once('message', stop);
    process.once('disconnect', stop);
  },
  (err: unknown) => {
    process.send?.({ error: err instanceof Error ? err.message : String(err) });
    process.exit(3);
  },
);
