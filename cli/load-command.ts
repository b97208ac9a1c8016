import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');

/** The load tools the kit's command starts, by the name `npm run` gives them in a checkout. */
const LOAD_TOOLS = {
  'load:limiter': 'load/limiter/main.ts',
  'load:simulate': 'load/simulate/main.ts',
} as const;

export type LoadCommand = keyof typeof LOAD_TOOLS;

export function isLoadCommand(name: string | undefined): name is LoadCommand {
  return name !== undefined && Object.hasOwn(LOAD_TOOLS, name);
}

/**
 * `cpf-conformance load:limiter|load:simulate [options]`: the load tool as `npm run` starts it in a
 * checkout, for an installed package or the kit image, which have no npm scripts. It runs in a
 * process of its own (each tool is a script that ends its process); the interrupt reaches it as
 * Ctrl-C does, so it stops and still writes its summary. Its exit code is the command's.
 */
export async function runLoadTool(name: LoadCommand, argv: readonly string[], interrupt?: AbortSignal): Promise<number> {
  // tsx's loader from this kit's own dependencies, wherever the command is started from.
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
  const child = spawn(process.execPath, ['--import', loader, resolve(ROOT, LOAD_TOOLS[name]), ...argv], { stdio: 'inherit' });
  const stop = () => child.kill('SIGINT');
  interrupt?.addEventListener('abort', stop, { once: true });
  try {
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    return code ?? (signal === 'SIGINT' ? 130 : 3);
  } finally {
    interrupt?.removeEventListener('abort', stop);
  }
}
