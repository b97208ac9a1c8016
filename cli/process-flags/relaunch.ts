import { spawn } from 'node:child_process';
import { missingNodeFlags } from './node-flags.js';

/**
 * Runs this script again in a child process with `flags` added to the Node flags it was started
 * with (tsx's loader among them), the same arguments and the same terminal; resolves with the
 * child's exit code. SIGINT and SIGTERM are relayed: a CI runner's or `docker stop`'s reaches
 * this process alone. A terminal's Ctrl-C reaches both, which cli/main.ts takes as one.
 */
export function relaunched(flags: readonly string[], argv: readonly string[]): Promise<number> | undefined {
  const missing = missingNodeFlags(flags);
  const script = process.argv[1];
  if (missing.length === 0 || script === undefined || debugged()) return undefined;
  const child = spawn(process.execPath, [...process.execArgv, ...missing, script, ...argv], { stdio: 'inherit' });
  const relay = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', relay);
  process.on('SIGTERM', relay);
  return new Promise((done) => {
    child.on('error', (error) => {
      console.error(`could not start the command with ${missing.join(' ')}: ${error.message}`);
      done(3);
    });
    child.on('exit', (code, signal) => done(code ?? (signal === 'SIGINT' ? 130 : 3)));
  });
}

/**
 * Started under an inspector: the one debugging is attached to this process, and a child would
 * find the inspector's port taken. The flags only make the command faster; it runs without them.
 */
function debugged(): boolean {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) => flag.startsWith('--inspect'));
}
