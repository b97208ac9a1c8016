import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/store/database.js';
import { createStore } from '../src/store/store.js';
import { startReferenceServer } from '../src/start.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cpf-start-webhook-'));
  dirs.push(dir);
  return dir;
}

function webhookOf(db: string, customer = 'Heizungsbau Primus GmbH'): { url: string; authenticate: string } | undefined {
  const handle = openDatabase(db);
  const store = createStore(handle);
  const id = store.customers.findIdByName(customer);
  const target = id === undefined ? undefined : store.customers.webhookTarget(id);
  handle.close();
  return target;
}

describe('start: webhook targets of the demo customers (as the pro area sets them)', () => {
  it('is applied on a restart that reuses the seeded database and profile', async () => {
    const dir = tempDir();
    const base = { port: 0, host: '127.0.0.1', db: join(dir, 'db.sqlite'), seed: 'demo' as const, profileOut: join(dir, 'profile.json') };
    await (await startReferenceServer(base)).close();
    const second = await startReferenceServer({ ...base, webhook: { url: 'https://hooks.example.test/cpf', authenticate: 'later' } });
    expect(second.profileReused).toBe(true);
    await second.close();
    expect(webhookOf(base.db)).toEqual({ url: 'https://hooks.example.test/cpf', authenticate: 'later' });
    expect(webhookOf(base.db, 'Webhook Empfang GmbH'), "the profile's webhook.customer gets it too").toEqual({ url: 'https://hooks.example.test/cpf', authenticate: 'later' });
  });

  it('can be changed per customer through the in-process pro area', async () => {
    const dir = tempDir();
    const server = await startReferenceServer({ port: 0, host: '127.0.0.1', db: join(dir, 'db.sqlite'), seed: 'demo' });
    server.proArea.setWebhook('Webhook Adressprüfung KG', { url: 'http://10.1.2.3/hook', authenticate: 'a' });
    expect(() => server.proArea.setWebhook('Niemand GmbH', null)).toThrow(/no customer named/);
    await server.close();
    expect(webhookOf(join(dir, 'db.sqlite'), 'Webhook Adressprüfung KG')).toEqual({ url: 'http://10.1.2.3/hook', authenticate: 'a' });
  });

  it('is refused without the demo seed', async () => {
    const dir = tempDir();
    await expect(
      startReferenceServer({ port: 0, host: '127.0.0.1', db: join(dir, 'db.sqlite'), seed: 'none', webhook: { url: 'https://hooks.example.test/cpf', authenticate: 'x' } }),
    ).rejects.toThrow(/demo seed/);
  });
});
