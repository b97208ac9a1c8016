import type { Db } from './database.js';

/**
 * Remembers lookups until the database changes. The token lookup is the largest single cost of a
 * protected request (bench:server); customers and tokens change only through the seed, this
 * connection's repository methods (which call `invalidate`) or another process such as the admin
 * script, whose commits `PRAGMA data_version` reveals. Misses (unknown tokens) are not kept, so
 * guessing tokens cannot fill the memory.
 */
export interface ChangeAwareCache<V> {
  lookup(key: string, load: () => V | undefined): V | undefined;
  invalidate(): void;
}

const MAX_ENTRIES = 100_000;

export function createChangeAwareCache<V>(db: Db): ChangeAwareCache<V> {
  const entries = new Map<string, V>();
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seenVersion: unknown;
  return {
    lookup(key, load) {
      const version = dataVersion.get();
      if (version !== seenVersion) {
        entries.clear();
        seenVersion = version;
      }
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const value = load();
      if (value !== undefined) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, value);
      }
      return value;
    },
    invalidate() {
      entries.clear();
    },
  };
}
