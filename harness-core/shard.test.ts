import { describe, expect, it } from 'vitest';
import { parseProfile, type Profile } from '../spec/profile.schema.js';
import { emptyShardWarning, parseShard, poolOfShard, profileOfShard } from './shard.js';

const customer = (id: string) => ({ id, tokens: [`token-${id}`] });
const profile = (poolSize: number): Profile =>
  parseProfile(
    {
      name: 'test',
      siteUrl: 'http://127.0.0.1:8080',
      customers: { primary: customer('primary'), foreign: customer('foreign'), ...(poolSize > 0 ? { pool: Array.from({ length: poolSize }, (_, k) => customer(`pool-${k}`)) } : {}) },
    },
    'test',
  );

describe('shard pool split', () => {
  it('parses i/n and rejects anything else', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of [undefined, '', '0/3', '4/3', '1/0', '1-3', 'a/b']) expect(parseShard(bad)).toBeUndefined();
  });

  it('gives pool customer k to shard (k mod n) + 1, disjoint and complete', () => {
    const pool = Array.from({ length: 7 }, (_, k) => k);
    const parts = [1, 2, 3].map((index) => poolOfShard(pool, { index, count: 3 }));
    expect(parts).toEqual([
      [0, 3, 6],
      [1, 4],
      [2, 5],
    ]);
    expect(poolOfShard(pool, undefined)).toEqual(pool);
  });

  it('narrows the profile to the shard part and keeps the role customers', () => {
    const narrowed = profileOfShard(profile(5), { index: 2, count: 2 });
    expect(narrowed.customers.pool?.map((c) => c.id)).toEqual(['pool-1', 'pool-3']);
    expect(narrowed.customers.primary.id).toBe('primary');
    expect(narrowed.customers.foreign?.id).toBe('foreign');
  });

  it('falls back to no pool, with a warning, when the shard gets no pool customer', () => {
    const shard = { index: 3, count: 3 };
    expect(profileOfShard(profile(2), shard).customers.pool).toBeUndefined();
    expect(emptyShardWarning(profile(2), shard)).toMatch(/shard 3\/3 gets no pool customer \(the profile's pool has 2/);
    expect(emptyShardWarning(profile(3), shard)).toBeUndefined();
    // A profile without a pool runs as it always did: nothing to warn about.
    expect(emptyShardWarning(profile(0), shard)).toBeUndefined();
  });
});
