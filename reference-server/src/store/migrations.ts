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
  {
    version: 2,
    name: 'rooms and funding applications',
    sql: `
      CREATE TABLE rooms (
        id INTEGER PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        project_id INTEGER NOT NULL REFERENCES projects(id),
        data TEXT NOT NULL,
        baujahr TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX rooms_by_project ON rooms(project_id, id);
      -- Milestone columns hold an ISO time, or the historic 0/1 flag of older records (output null).
      CREATE TABLE funding_applications (
        id INTEGER PRIMARY KEY,
        application_id TEXT NOT NULL UNIQUE,
        customer_id INTEGER NOT NULL REFERENCES customers(id),
        project_id INTEGER REFERENCES projects(id),
        project_available INTEGER NOT NULL DEFAULT 1 CHECK (project_available IN (0, 1)),
        application_type TEXT NOT NULL,
        bza_id TEXT,
        bnd_id TEXT,
        status TEXT NOT NULL,
        status_label TEXT NOT NULL,
        status_step INTEGER NOT NULL,
        next_action TEXT NOT NULL,
        advisor_id TEXT,
        advisor_full_name TEXT,
        advisor_stored_name TEXT,
        advisor_title TEXT,
        advisor_assigned INTEGER NOT NULL DEFAULT 0 CHECK (advisor_assigned IN (0, 1)),
        ordered_at TEXT,
        bza_created_at TEXT,
        approval_received_at TEXT,
        approval_deadline_at TEXT,
        bnd_started_at TEXT,
        bnd_created_at TEXT,
        payout_confirmed_at TEXT,
        archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1))
      );
      CREATE INDEX funding_by_customer ON funding_applications(customer_id, application_id);
      CREATE INDEX funding_by_project ON funding_applications(project_id, application_id);
    `,
  },
  {
    version: 3,
    name: 'building data for the calculation, license regions',
    sql: `
      -- The license radius as the set of two-digit postal regions it covers ('*' = nationwide).
      ALTER TABLE customers ADD COLUMN license_regions TEXT NOT NULL DEFAULT '*';
      ALTER TABLE projects ADD COLUMN building_category TEXT NOT NULL DEFAULT 'existing';
      ALTER TABLE rooms ADD COLUMN room_use TEXT NOT NULL DEFAULT 'living';
      -- Written only by the portal side (seed): the API cannot write components or heating devices.
      CREATE TABLE room_components (
        id INTEGER PRIMARY KEY,
        room_id INTEGER NOT NULL REFERENCES rooms(id),
        kind TEXT NOT NULL CHECK (kind IN ('wall', 'window', 'door', 'floor', 'ceiling', 'roof')),
        area REAL NOT NULL CHECK (area > 0),
        u_value REAL,
        adjacency TEXT NOT NULL CHECK (adjacency IN ('outside', 'ground', 'unheatedCellar', 'unheatedAttic', 'heated')),
        adjacent_temperature REAL
      );
      CREATE INDEX room_components_by_room ON room_components(room_id);
      CREATE TABLE radiators (
        id INTEGER PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        room_id INTEGER NOT NULL REFERENCES rooms(id),
        nominal_output REAL NOT NULL CHECK (nominal_output > 0)
      );
      CREATE INDEX radiators_by_room ON radiators(room_id);
      CREATE TABLE heating_surfaces (
        id INTEGER PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        room_id INTEGER NOT NULL REFERENCES rooms(id),
        area REAL NOT NULL CHECK (area > 0)
      );
      CREATE INDEX heating_surfaces_by_room ON heating_surfaces(room_id);
    `,
  },
  {
    version: 4,
    name: 'documents, pictures, webhook claim and deliveries',
    sql: `
      CREATE TABLE documents (
        id INTEGER PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES projects(id),
        type TEXT NOT NULL CHECK (type IN ('service', 'heatpump-check')),
        name TEXT NOT NULL,
        size INTEGER NOT NULL,
        bytes BLOB NOT NULL,
        temporary INTEGER NOT NULL DEFAULT 0 CHECK (temporary IN (0, 1)),
        trigger TEXT NOT NULL CHECK (trigger IN ('api', 'portal')),
        created_at TEXT NOT NULL
      );
      CREATE INDEX documents_by_project ON documents(project_id, id);
      CREATE TABLE pictures (
        id INTEGER PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        project_id INTEGER NOT NULL REFERENCES projects(id),
        room_name TEXT,
        type TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes BLOB NOT NULL
      );
      CREATE INDEX pictures_by_project ON pictures(project_id, id);
      -- The one pdf.generated delivery per project is claimed here, in the transaction that stores the document.
      ALTER TABLE projects ADD COLUMN webhook_claimed_at TEXT;
      CREATE TABLE webhook_deliveries (
        id INTEGER PRIMARY KEY,
        project_key TEXT NOT NULL,
        event_id TEXT NOT NULL UNIQUE,
        delivered INTEGER NOT NULL CHECK (delivered IN (0, 1)),
        status INTEGER,
        error TEXT,
        duration_ms INTEGER NOT NULL,
        at TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'server settings',
    sql: `CREATE TABLE server_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`,
  },
  {
    version: 6,
    name: 'project variants',
    // A variant is made in the portal beside its main project; GET /reports lists main projects only.
    sql: `ALTER TABLE projects ADD COLUMN variant_of INTEGER REFERENCES projects(id);`,
  },
];
