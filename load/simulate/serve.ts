import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { parseCommandLine, type FlagTable } from '../../cli/command-line/flags.js';
import { numberFlag } from '../../cli/command-line/number-flag.js';
import { UsageError } from '../../cli/command-line/usage.js';
import { faultIds, findFault } from './faults.js';
import { startPopulationServer } from './population-server.js';
import type { Customer } from './engine.js';

/**
 * `load:simulate serve`: the bundled server with a population, for shards started elsewhere (a
 * swarm service, a Kubernetes Job, other machines) to load together: it writes the token file they
 * read (`--tokens`, the flooders last) and serves until SIGINT or SIGTERM. With `--fault` it is the
 * target the shards must find at fault, as a rehearsal of the setup before a real target.
 */
const FLAGS = {
  customers: { type: 'string', placeholder: 'N', description: 'paced customers, each with a calculable and a writable project (default 1000)' },
  flooders: { type: 'string', placeholder: 'K', description: 'customers with a token only, listed last (default 0); give the shards --flooders K' },
  fault: { type: 'string', placeholder: 'ID', description: 'serve with a fault of the catalogue or a load fault (e.g. limiter-refuses-1-percent)' },
  host: { type: 'string', placeholder: 'HOST', description: 'address to listen on (default 127.0.0.1; 0.0.0.0 in a container)' },
  port: { type: 'string', placeholder: 'PORT', description: 'port to listen on (default 8080; 0 picks a free one)' },
  tokens: { type: 'string', placeholder: 'FILE', description: 'write the customers here, one "TOKEN PROJECT_KEY WRITE_PROJECT_KEY" line each (mode 0600), as --tokens of the shards reads it (required)' },
} as const satisfies FlagTable;

export const SERVE_COMMAND = {
  usage: 'Usage: npm run load:simulate -- serve --tokens FILE [options]   the bundled server with a population, for shards started elsewhere',
  flags: FLAGS,
  notes: 'Serves until SIGINT or SIGTERM (exit 0). Exit codes: 2 usage error, 3 the server did not start.',
} as const;

export interface ServeOptions {
  customers: number;
  flooders: number;
  fault?: string;
  host: string;
  port: number;
  tokens: string;
}

export function parseServeOptions(argv: readonly string[]): ServeOptions {
  const { values } = parseCommandLine(argv, SERVE_COMMAND);
  if (values.tokens === undefined) throw new UsageError('serve needs --tokens FILE: the shards read their customers from it. Fix: --tokens tokens.txt');
  if (values.fault !== undefined && !findFault(values.fault)) throw new UsageError(`--fault ${values.fault}: unknown. Fix: one of ${faultIds().join(', ')}`);
  return {
    customers: values.customers === undefined ? 1000 : numberFlag('--customers', values.customers, { min: 1, integer: true }),
    flooders: values.flooders === undefined ? 0 : numberFlag('--flooders', values.flooders, { min: 0, integer: true }),
    ...(values.fault !== undefined && { fault: values.fault }),
    host: values.host ?? '127.0.0.1',
    port: values.port === undefined ? 8080 : numberFlag('--port', values.port, { min: 0, max: 65535, integer: true }),
    tokens: values.tokens,
  };
}

/** The token file's lines: the paced customers with their projects, then the flooders (`--flooders K` takes the last K). */
export function tokenLines(customers: readonly Customer[], flooders: readonly Customer[]): string {
  return [...customers, ...flooders].map((c) => [c.token, c.readKey, c.writeKey].filter((part) => part !== undefined).join(' ')).join('\n') + '\n';
}

export async function serve(o: ServeOptions, log: (line: string) => void): Promise<number> {
  log(`starting the bundled server with ${o.customers} customers and ${o.flooders} flooding${o.fault ? `, fault ${o.fault}` : ''} ...`);
  const server = await startPopulationServer({ customers: o.customers, flooders: o.flooders, fault: o.fault, listen: { host: o.host, port: o.port } });
  writeFileSync(o.tokens, tokenLines(server.customers, server.flooders), { mode: 0o600 });
  // A token file carries no profile: the shards' invalid-token lane is judged against the limit given them.
  const limit = server.invalidTokenLimit && ` --invalid-token-limit ${server.invalidTokenLimit.requests}/${server.invalidTokenLimit.windowSeconds}`;
  log(`serving ${server.baseUrl}; customers in ${o.tokens} (give the shards --tokens ${o.tokens}${o.flooders ? ` --flooders ${o.flooders}` : ''}${limit ?? ''}); SIGINT or SIGTERM stops it`);
  const signal = await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]).then(() => 'stopped');
  log(`${signal}: closing the server`);
  await server.close();
  return 0;
}
