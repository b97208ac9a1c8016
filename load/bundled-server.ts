/**
 * Child process of `npm run load:limiter` without --base-url: the bundled server (see
 * `startBundled` in target.ts). Argument: JSON `{customer, tokens, fault}`. Reports
 * `{baseUrl, tokens}` (or `{error}`) over IPC and stops on `{cmd: 'stop'}`.
 */
import { startBundled } from './target.js';

const options = JSON.parse(process.argv[2] ?? '{}') as { customer: string; tokens?: number; fault?: string };
startBundled(options).then(
  (started) => {
    process.send?.('error' in started ? { error: started.error } : { baseUrl: started.baseUrl, tokens: started.tokens });
    const stop = () => void started.close().then(() => process.exit(0));
    process.once('message', stop);
    process.once('disconnect', stop);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(3);
  },
);
