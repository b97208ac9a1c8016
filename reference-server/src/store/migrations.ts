/**
 * Versioned schema. A migration is never edited once released; later issues append new
 * versions so existing sandbox databases upgrade in place on the next start.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'customers, tokens, projects',
    sql: `
      CREATE TABLE customers (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        license TEXT NOT NULL CHECK (license IN ('annual', 'education', 'expired', 'none')),
        unlocked INTEGER NOT NULL DEFAULT 1 CHECK (unlocked IN (0, 1)),
        blocked INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1)),
        heatpump_right INTEGER NOT NULL DEFAULT 0 CHECK (heatpump_right IN (0, 1)),
        license_center_plz TEXT,
        license_radius_km REAL,
        webhook_url TEXT,
        webhook_authenticate TEXT
      );
      CREATE TABLE api_tokens (
        token_hash TEXT PRIMARY KEY,
        customer_id INTEGER NOT NULL REFERENCES customers(id),
        label TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE projects (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE CHECK (length(key) = 9),
        customer_id INTEGER NOT NULL REFERENCES customers(id),
        origin TEXT NOT NULL CHECK (origin IN ('portal', 'lead', 'api')),
        status INTEGER NOT NULL DEFAULT 1,
        data TEXT NOT NULL DEFAULT '{}',
        password_hash TEXT,
        settings TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        activity_at TEXT NOT NULL
      );
      CREATE INDEX projects_by_customer ON projects(customer_id, id);
    `,
  },
];
