import Database from 'better-sqlite3';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations, type Migration } from './migrations.js';

export type Db = Database.Database;

/**
 * Opens (creating when needed) and migrates the database. WAL keeps readers off writers'
 * backs and makes a committed transaction survive a killed process; synchronous=FULL adds
 * the fsync per commit that the sandbox's "loses nothing" promise needs.
 */
export function openDatabase(path: string, list: readonly Migration[] = migrations): Db {
  if (path !== ':memory:') createPrivately(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, list);
  return db;
}

/**
 * A second connection to a database the server has opened and migrated, for reading only (a
 * worker thread reads a large project's rows itself). It migrates nothing and cannot write.
 */
export function openDatabaseReadOnly(path: string): Db {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * The file holds the link-signing key and the token hashes, so only its owner may read it. SQLite
 * creates the -wal and -shm files with the mode of the database file, so creating that one 0600
 * (before SQLite would create it under the umask, usually 0644) covers all three. An existing
 * file keeps its mode: its owner may have chosen it.
 */
function createPrivately(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

export function migrate(db: Db, list: readonly Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of [...list].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    })();
  }
}

export function schemaVersion(db: Db): number {
  return (db.prepare('SELECT max(version) FROM schema_migrations').pluck().get() as number | null) ?? 0;
}
