import { randomBytes } from 'node:crypto';
import type { Db } from './database.js';

/** Server-wide values that must survive restarts and be shared by the server and the admin script. */
export function createSettingsRepository(db: Db) {
  const get = db.prepare<[string], string>('SELECT value FROM server_settings WHERE key = ?').pluck();
  const insert = db.prepare('INSERT OR IGNORE INTO server_settings (key, value) VALUES (?, ?)');
  return {
    /** The HMAC key of document and picture links, created on first use: links stay valid across restarts. */
    signingSecret(): string {
      insert.run('link_signing_secret', randomBytes(32).toString('hex'));
      return get.get('link_signing_secret') as string;
    },
  };
}
