import { typeScriptThread } from '../../reference-server/src/compute/typescript-thread.js';
import { UsageError } from '../command-line/usage.js';
import type { Profile } from '../../spec/profile.schema.js';
import type { FromServerThread, ServerThreadData, ToServerThread } from './server-thread-messages.js';

const ENTRY = new URL('./captured-server-thread-entry.ts', import.meta.url);

export interface ServerThread {
  baseUrl: string;
  profile: Profile;
  profilePath: string;
  /** Closes the server, the capture and the thread. */
  close(): Promise<void>;
}

/**
 * The CLI's bundled target (captured-server.ts, `vary`: variations by id) on a worker thread of its
 * own: the run's own work on the main thread (vitest's collection of the files for its workers,
 * the reporters, the pacer) then delays none of the target's answers, which would lengthen the
 * paced customers' turns as a slow target does.
 */
export function startCapturedServerThread(options: { dir: string; vary: readonly string[]; log: (line: string) => void }): Promise<ServerThread> {
  const data: ServerThreadData = { dir: options.dir, vary: options.vary };
  const worker = typeScriptThread(ENTRY, data);
  const post = (message: ToServerThread) => worker.postMessage(message);
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  let closed: () => void = () => {};
  const closing = new Promise<void>((resolve) => (closed = resolve));
  const close = async () => {
    post({ kind: 'close' });
    // A thread that failed mid-run never says it closed.
    await Promise.race([closing, exited]);
    await worker.terminate();
  };
  return new Promise((resolve, reject) => {
    worker.on('message', (message: FromServerThread) => {
      if (message.kind === 'log') options.log(message.line);
      else if (message.kind === 'failed') reject(message.usage ? new UsageError(message.message) : new Error(`the bundled server did not start: ${message.message}`));
      else if (message.kind === 'closed') closed();
      else resolve({ baseUrl: message.baseUrl, profile: message.profile, profilePath: message.profilePath, close });
    });
    worker.once('error', (err) => {
      options.log(`the bundled server's thread failed: ${err.message}`);
      reject(err);
    });
    void exited.then((code) => reject(new Error(`the bundled server's thread ended before it was ready (exit code ${code})`)));
  });
}
