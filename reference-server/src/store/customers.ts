import { createChangeAwareCache } from './change-aware-cache.js';
import type { Db } from './database.js';

export type License = 'annual' | 'education' | 'expired' | 'none';

export interface Customer {
  id: number;
  name: string;
  license: License;
  unlocked: boolean;
  blocked: boolean;
  heatpumpRight: boolean;
  licenseCenterPlz: string | null;
  licenseRadiusKm: number | null;
  /** Two-digit postal regions the license radius covers, or '*' for nationwide. */
  licenseRegions: string;
}

export interface NewCustomer {
  name: string;
  license: License;
  unlocked?: boolean;
  blocked?: boolean;
  heatpumpRight?: boolean;
  licenseCenterPlz?: string | null;
  licenseRadiusKm?: number | null;
  licenseRegions?: string;
}

interface CustomerRow {
  id: number;
  name: string;
  license: License;
  unlocked: number;
  blocked: number;
  heatpump_right: number;
  license_center_plz: string | null;
  license_radius_km: number | null;
  license_regions: string;
}

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    license: row.license,
    unlocked: row.unlocked === 1,
    blocked: row.blocked === 1,
    heatpumpRight: row.heatpump_right === 1,
    licenseCenterPlz: row.license_center_plz,
    licenseRadiusKm: row.license_radius_km,
    licenseRegions: row.license_regions,
  };
}

export function createCustomerRepository(db: Db) {
  const tokenCache = createChangeAwareCache<Customer>(db);
  const byTokenHash = db.prepare<[string], CustomerRow>(
    `SELECT c.* FROM api_tokens t JOIN customers c ON c.id = t.customer_id WHERE t.token_hash = ?`,
  );
  const byId = db.prepare<[number], CustomerRow>('SELECT * FROM customers WHERE id = ?');
  const webhook = db.prepare<[number], { webhook_url: string | null; webhook_authenticate: string | null }>(
    'SELECT webhook_url, webhook_authenticate FROM customers WHERE id = ?',
  );
  const setWebhook = db.prepare('UPDATE customers SET webhook_url = ?, webhook_authenticate = ? WHERE id = ?');
  const idByName = db.prepare<[string], number>('SELECT id FROM customers WHERE name = ? ORDER BY id LIMIT 1').pluck();
  const insert = db.prepare(
    `INSERT INTO customers (name, license, unlocked, blocked, heatpump_right, license_center_plz, license_radius_km, license_regions)
     VALUES (@name, @license, @unlocked, @blocked, @heatpumpRight, @licenseCenterPlz, @licenseRadiusKm, @licenseRegions)`,
  );
  const insertToken = db.prepare(
    'INSERT INTO api_tokens (token_hash, customer_id, label, created_at) VALUES (?, ?, ?, ?)',
  );

  return {
    findByTokenHash(tokenHash: string): Customer | undefined {
      return tokenCache.lookup(tokenHash, () => {
        const row = byTokenHash.get(tokenHash);
        return row && Object.freeze(toCustomer(row));
      });
    },
    findById(id: number): Customer | undefined {
      const row = byId.get(id);
      return row && toCustomer(row);
    },
    /** The webhook target configured in the pro area, or undefined when none is. */
    webhookTarget(id: number): { url: string; authenticate: string } | undefined {
      const row = webhook.get(id);
      return row?.webhook_url ? { url: row.webhook_url, authenticate: row.webhook_authenticate ?? '' } : undefined;
    },
    setWebhook(id: number, url: string | null, authenticate: string | null): void {
      setWebhook.run(url, authenticate, id);
      tokenCache.invalidate();
    },
    findIdByName(name: string): number | undefined {
      return idByName.get(name);
    },
    create(c: NewCustomer): number {
      const info = insert.run({
        name: c.name,
        license: c.license,
        unlocked: c.unlocked === false ? 0 : 1,
        blocked: c.blocked ? 1 : 0,
        heatpumpRight: c.heatpumpRight ? 1 : 0,
        licenseCenterPlz: c.licenseCenterPlz ?? null,
        licenseRadiusKm: c.licenseRadiusKm ?? null,
        licenseRegions: c.licenseRegions ?? '*',
      });
      tokenCache.invalidate();
      return Number(info.lastInsertRowid);
    },
    addToken(customerId: number, tokenHash: string, label: string, createdAt: Date): void {
      insertToken.run(tokenHash, customerId, label, createdAt.toISOString());
      tokenCache.invalidate();
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
