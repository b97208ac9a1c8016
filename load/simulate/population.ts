import { existsSync, readFileSync } from 'node:fs';
import type { Profile } from '../../spec/profile.schema.js';
import { poolOfShard, type Shard } from '../../harness-core/shard.js';
import { UsageError } from '../../cli/command-line/usage.js';
import type { Customer } from './engine.js';

const KEY = /^[A-Za-z]{9}$/;

/**
 * `--tokens FILE`: one customer per line, `TOKEN [READ_KEY [WRITE_KEY]]` (the keys of projects
 * of that customer the calls may name; without them the simulator finds or creates one). Blank
 * lines and lines starting with # are ignored. Every customer must be a different one: tokens of
 * one customer share its budget, and the simulator plans each line's budget alone.
 */
export function readTokenFile(path: string): Customer[] {
  if (!existsSync(path)) throw new UsageError(`--tokens ${path}: file not found. Fix: one line per customer, "TOKEN [PROJECT_KEY [WRITE_PROJECT_KEY]]"`);
  const customers: Customer[] = [];
  const seen = new Map<string, number>();
  readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) return;
      const [token, readKey, writeKey, ...rest] = line.split(/\s+/) as [string, ...string[]];
      const where = `--tokens ${path} line ${index + 1}`;
      if (/^bearer$/i.test(token)) throw new UsageError(`${where}: starts with "Bearer". Fix: the bare token, without the prefix`);
      if (rest.length > 0 || [readKey, writeKey].some((k) => k !== undefined && !KEY.test(k))) {
        throw new UsageError(`${where}: expected "TOKEN [PROJECT_KEY [WRITE_PROJECT_KEY]]" with keys of nine letters`);
      }
      const first = seen.get(token);
      if (first !== undefined) throw new UsageError(`${where}: the token of line ${first} again. Fix: one line per customer; tokens of one customer share one budget`);
      seen.set(token, index + 1);
      customers.push({ token, readKey, writeKey });
    });
  if (customers.length === 0) throw new UsageError(`--tokens ${path}: no customer in the file. Fix: one line per customer, "TOKEN [PROJECT_KEY [WRITE_PROJECT_KEY]]"`);
  return customers;
}

/** The profile's pool: one customer per entry, with its first token. */
export function poolCustomers(profile: Profile, profilePath: string): Customer[] {
  const pool = profile.customers.pool ?? [];
  if (pool.length === 0) throw new UsageError(`--profile ${profilePath}: customers.pool is empty. Fix: list the customers to load under customers.pool, or give them in a file with --tokens FILE`);
  return pool.map((c) => ({ token: c.tokens[0] as string }));
}

/**
 * The given customers split into paced ones and `flooders` (the last ones of the list), each
 * list cut to this shard's part: customer k goes to shard (k mod n) + 1, as `--shard` does for
 * the conformance pool, so shards never share a customer's budget.
 */
export function splitPopulation(all: readonly Customer[], flooders: number, shard: Shard | undefined): { customers: Customer[]; flooders: Customer[]; places: { customers: number[]; flooders: number[] } } {
  if (flooders >= all.length) throw new UsageError(`--flooders ${flooders}: the population has only ${all.length} customer(s). Fix: fewer flooders, or more customers`);
  const paced = all.slice(0, all.length - flooders);
  const placesOf = (count: number) => poolOfShard(Array.from({ length: count }, (_, k) => k), shard);
  return {
    customers: poolOfShard(paced, shard),
    flooders: poolOfShard(all.slice(all.length - flooders), shard),
    places: { customers: placesOf(paced.length), flooders: placesOf(flooders) },
  };
}
