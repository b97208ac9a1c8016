import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { TSX_LOADER } from '../../reference-server/src/server-process.js';

const MAIN = resolve(import.meta.dirname, '../main.ts');

/** The conformance CLI as a process of its own, as an implementer runs it: its exit code and everything it printed. */
export async function runCli(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
  return { code, output };
}
