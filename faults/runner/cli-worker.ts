import { runCli } from '../../cli/cli.js';

/**
 * A long-lived process that runs the conformance CLI once per message from its parent
 * (cli-worker-process.ts): loading the CLI and vitest costs more CPU than a small fault run itself,
 * so a fault run pays it once per worker instead of once per fault. One job at a time; its
 * console output is captured and sent back with the exit code.
 */
export interface CliJob {
  argv: string[];
  env: Record<string, string>;
}

export interface CliJobResult {
  code: number;
  output: string;
}

type Write = typeof process.stdout.write;

async function runJob(job: CliJob): Promise<CliJobResult> {
  Object.assign(process.env, job.env);
  let output = '';
  const capture = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as Write;
  const writes = { out: process.stdout.write, err: process.stderr.write };
  process.stdout.write = capture;
  process.stderr.write = capture;
  try {
    const code = await runCli(job.argv, { out: (line) => console.log(line), err: (line) => console.error(line) });
    return { code, output };
  } finally {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    for (const name of Object.keys(job.env)) delete process.env[name];
  }
}

process.on('message', (job: CliJob) => {
  void runJob(job).then((result) => process.send?.(result));
});

// The parent is gone (done or killed): nothing more will come.
process.on('disconnect', () => process.exit(0));
