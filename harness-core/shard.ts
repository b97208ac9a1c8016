import type { Profile } from '../spec/profile.schema.js';

/**
 * `--shard i/n` splits the customer pool as well as the suite files: pool customer k belongs to
 * shard (k mod n) + 1, so shards on several machines never share a pool customer's rate-limit
 * budget. The CLI hands the shard to vitest's global setup in CPF_SHARD.
 */
export interface Shard {
  index: number;
  count: number;
}

export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

export function parseShard(value: string | undefined): Shard | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(value ?? '');
  if (!m) return undefined;
  const shard = { index: Number(m[1]), count: Number(m[2]) };
  return shard.index >= 1 && shard.index <= shard.count ? shard : undefined;
}

export function poolOfShard<T>(pool: readonly T[], shard: Shard | undefined): T[] {
  return shard ? pool.filter((_, k) => k % shard.count === shard.index - 1) : [...pool];
}

/**
 * The profile as one shard sees it: only its part of the pool. Every check reaches pool customers
 * through this profile (leases, and the fallback for checks that need several tokens), so none
 * can touch another shard's customers. Without a part the profile has no pool, and checks lease
 * the licensed role customers as for a profile without one.
 */
export function profileOfShard(profile: Profile, shard: Shard | undefined): Profile {
  if (!shard || !profile.customers.pool) return profile;
  const pool = poolOfShard(profile.customers.pool, shard);
  const { pool: _all, ...roles } = profile.customers;
  return { ...profile, customers: pool.length > 0 ? { ...roles, pool } : roles };
}

/** The warning for a shard without pool customers, or undefined when it has some. */
export function emptyShardWarning(profile: Profile, shard: Shard | undefined): string | undefined {
  const size = profile.customers.pool?.length ?? 0;
  if (!shard || size === 0 || poolOfShard(profile.customers.pool ?? [], shard).length > 0) return undefined;
  return `warning: shard ${formatShard(shard)} gets no pool customer (the profile's pool has ${size}, pool customer k goes to shard (k mod ${shard.count}) + 1); its checks lease the licensed role customers instead (primary, noHeatpumpRight, education, foreign), far slower, and those customers are shared with the other shards. Fix: fewer shards, or at least n pool customers in the profile`;
}
