// The judging thread's first module, plain JavaScript so that Node loads it without help. tsx's
// hooks, which `--import tsx` registers on the main thread, do not reach worker threads on Node 20:
// when the TypeScript entry cannot be loaded as it is, tsx is registered here and it is loaded again.
import { workerData } from 'node:worker_threads';

try {
  await import(workerData.entry);
} catch (err) {
  if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  const { register } = await import('tsx/esm/api');
  register();
  // Node keeps the failed import of that URL: the query makes it a new one.
  await import(`${workerData.entry}?tsx`);
}
