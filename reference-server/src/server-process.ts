import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
/** tsx's ESM loader for `node --import`: runs a TypeScript entry in a child process without tsx's own CLI process in between. */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

export interface SpawnedServer {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/**
 * Runs `main.ts` as its own process (as `npm run server` does) and waits for the listening line:
 * the black-box way to start the bundled server, for process-level tests and the external run.
 */
export function spawnServer(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, origin: match[1], output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}:\n${out}`), { exitCode: code, output: out }));
    });
  });
}

export function runServerExpectingExit(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return spawnServer(args, { env }).then(
    (s) => {
      s.child.kill('SIGKILL');
      throw new Error('server started although it should have refused');
    },
    (err: { exitCode?: number | null; output?: string }) => ({ code: err.exitCode ?? null, output: err.output ?? '' }),
  );
}
