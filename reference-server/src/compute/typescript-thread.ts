import { Worker } from 'node:worker_threads';

// Plain JavaScript, which Node loads on a thread without help: tsx's hooks, which `--import tsx`
// registers on the main thread, do not reach worker threads on Node 20.
const BOOTSTRAP = new URL('./worker-bootstrap.mjs', import.meta.url);

/**
 * A worker thread running the TypeScript module `entry`: the bootstrap loads it (with tsx when Node
 * cannot). The entry reads `data` as its workerData, which also holds `entry`. The reference
 * server's compute workers and the CLI's bundled target start theirs here; the passive judge, which
 * imports nothing of the server, names the bootstrap by its URL.
 */
export function typeScriptThread(entry: URL, data: object = {}): Worker {
  return new Worker(BOOTSTRAP, { workerData: { ...data, entry: entry.href } });
}
