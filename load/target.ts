import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Profile, ProfileCustomer } from '../spec/profile.schema.js';
import type { AppDeps } from '../reference-server/src/app.js';
import { generateApiToken, hashApiToken } from '../reference-server/src/domain/api-token.js';
import { startReferenceServer } from '../reference-server/src/start.js';
import { UsageError } from '../cli/command-line/usage.js';
import { loadProfile } from '../cli/target/target.js';
import { faults as catalogue } from '../faults/catalog/index.js';
import { conformingTargets } from './conforming-targets.js';

/** The catalogue's faults (which must fail) and the conforming variants (which must pass). */
const faults = [...catalogue, ...conformingTargets];

/** The customer a load run drives: its pacer-style name and the tokens it sends with. */
export interface LoadTarget {
  baseUrl: string;
  customer: string;
  tokens: string[];
  kind: 'bundled' | 'external';
  fault: string | undefined;
  close(): Promise<void>;
}

function customerOf(profile: Profile, name: string): ProfileCustomer | undefined {
  const pool = /^pool:(\d+)$/.exec(name);
  if (pool) return profile.customers.pool?.[Number(pool[1])];
  const entry = (profile.customers as Record<string, unknown>)[name];
  return entry && typeof entry === 'object' && 'tokens' in entry ? (entry as ProfileCustomer) : undefined;
}

/**
 * Without a base URL: the bundled reference server in a child process (`startBundled`: temporary
 * database, demo seed, profile in the temp dir), the chosen customer topped up to `tokens` tokens,
 * optionally with one fault of the catalogue. With a base URL: the profile's customer and its
 * first `tokens` tokens.
 */
export async function prepareLoadTarget(options: {
  baseUrl?: string | undefined;
  profile?: string | undefined;
  customer: string;
  tokens?: number | undefined;
  fault?: string | undefined;
}): Promise<LoadTarget> {
  const fault = options.fault === undefined ? undefined : faults.find((f) => f.id === options.fault);
  if (options.fault !== undefined && !fault) throw new UsageError(`--fault ${options.fault}: unknown. Known: ${faults.map((f) => f.id).join(', ')}`);
  if (options.baseUrl || options.profile) {
    if (fault) throw new UsageError('--fault only works with the bundled server (no --base-url / --profile)');
    if (!options.profile) throw new UsageError('--base-url needs --profile FILE (the tokens of the customer to load)');
    const profile = loadProfile(options.profile);
    const baseUrl = (options.baseUrl ?? profile.baseUrl ?? '').replace(/\/+$/, '');
    if (!baseUrl) throw new UsageError(`profile ${options.profile} has no baseUrl and no --base-url was given`);
    const entry = customerOf(profile, options.customer);
    if (!entry) throw new UsageError(`--customer ${options.customer}: the profile has no such customer (primary, foreign, ..., pool:N)`);
    const count = options.tokens ?? entry.tokens.length;
    if (count > entry.tokens.length) throw new UsageError(`--tokens ${count}: customer ${options.customer} has only ${entry.tokens.length} token(s) in the profile`);
    return { baseUrl, customer: options.customer, tokens: entry.tokens.slice(0, count), kind: 'external', fault: undefined, close: async () => {} };
  }

  // The bundled server runs in a child process (bundled-server.ts), so the load generator and the
  // server do not share one event loop: the recorded send/receive times stay tight.
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bundled-server.ts'), JSON.stringify({ customer: options.customer, tokens: options.tokens, fault: fault?.id })], {
    cwd: resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const started = await new Promise<BundledServer | { error: string }>((resolveStart, reject) => {
    child.once('message', (m) => resolveStart(m as BundledServer | { error: string }));
    child.once('exit', (code) => reject(new Error(`bundled server exited early (code ${code})`)));
  });
  const close = () =>
    new Promise<void>((resolveClose) => {
      if (child.exitCode !== null) return resolveClose();
      child.once('exit', () => resolveClose());
      child.send({ cmd: 'stop' });
    });
  if ('error' in started) {
    await close();
    throw new UsageError(started.error);
  }
  return { baseUrl: started.baseUrl, customer: options.customer, tokens: started.tokens, kind: 'bundled', fault: fault?.id, close };
}

/** What bundled-server.ts reports once it listens. */
export interface BundledServer {
  baseUrl: string;
  tokens: string[];
}

/**
 * In the child: the bundled server (temporary database, demo seed, profile in the temp dir), the
 * customer topped up to `tokens` tokens, optionally with a fault of the catalogue.
 */
export async function startBundled(options: { customer: string; tokens?: number | undefined; fault?: string | undefined }) {
  const fault = options.fault === undefined ? undefined : faults.find((f) => f.id === options.fault);
  const dir = mkdtempSync(join(tmpdir(), 'cpf-load-'));
  const profilePath = join(dir, 'profile.json');
  const extra: string[] = [];
  const server = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    db: join(dir, 'reference.sqlite'),
    seed: 'demo',
    profileOut: profilePath,
    configure: (deps: AppDeps) => {
      // The seed and its profile are written before the app is built: top the customer up here.
      const seeded = customerOf(JSON.parse(readFileSync(profilePath, 'utf8')) as Profile, options.customer);
      const first = seeded?.tokens[0];
      const id = first === undefined ? undefined : deps.store.customers.findByTokenHash(hashApiToken(first))?.id;
      if (seeded && id !== undefined) {
        for (let i = seeded.tokens.length; i < (options.tokens ?? 0); i++) {
          const token = generateApiToken();
          deps.store.customers.addToken(id, hashApiToken(token), `load ${i + 1}`, new Date());
          extra.push(token);
        }
      }
      return fault ? fault.configure(deps) : deps;
    },
  });
  const close = async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
  const entry = server.profile ? customerOf(server.profile, options.customer) : undefined;
  if (!entry) {
    await close();
    return { error: `--customer ${options.customer}: the demo seed has no such customer (primary, foreign, ..., pool:N)`, close: async () => {} };
  }
  const tokens = [...entry.tokens, ...extra].slice(0, options.tokens ?? entry.tokens.length);
  return { baseUrl: server.baseUrl, tokens, close };
}
