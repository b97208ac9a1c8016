import { fork, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { TSX_LOADER } from '../../reference-server/src/server-process.js';
import type { CliJob, CliJobResult } from './cli-worker.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** A conformance CLI process that runs one job after another (see cli-worker.ts). */
export interface CliWorker {
  run(argv: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }>;
  close(): Promise<void>;
  /** The current process, if one runs. */
  readonly pid: number | undefined;
}

/**
 * Starts a worker lazily and again after it died: a job whose worker dies answers code null with
 * whatever the process printed, and the next job gets a fresh process.
 */
export function startCliWorker(): CliWorker {
  let child: ChildProcess | undefined;
  const spawnChild = (): ChildProcess => {
    const started = fork(join(ROOT, 'faults/runner/cli-worker.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', TSX_LOADER],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
    return started;
  };
  return {
    get pid() {
      return child?.pid;
    },
    run(argv, env) {
      const worker = (child ??= spawnChild());
      return new Promise((done) => {
        // Outside a job's capture, the worker prints only what crashes it.
        let crash = '';
        const collect = (data: Buffer) => (crash += data.toString());
        worker.stdout?.on('data', collect);
        worker.stderr?.on('data', collect);
        const finish = (result: { code: number | null; output: string }) => {
          worker.stdout?.off('data', collect);
          worker.stderr?.off('data', collect);
          worker.off('message', onMessage);
          worker.off('exit', onExit);
          done(result);
        };
        const onMessage = (result: CliJobResult) => finish(result);
        const onExit = (code: number | null, signal: string | null) =>
          finish({ code: null, output: `${crash}\nconformance worker exited (${signal ?? `code ${code}`}) during the run` });
        worker.on('message', onMessage);
        worker.once('exit', onExit);
        worker.send({ argv: [...argv], env } satisfies CliJob);
      });
    },
    async close() {
      const worker = child;
      child = undefined;
      if (!worker || worker.exitCode !== null) return;
      const exited = new Promise((done) => worker.once('exit', done));
      worker.kill('SIGTERM');
      await exited;
    },
  };
}
