import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/store/database.js';
import { createStore } from '../src/store/store.js';
import { startOnLoopback } from './support/started-server.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('cpf-start-webhook-');

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
    const base = { db: join(dir, 'db.sqlite'), seed: 'demo' as const, profileOut: join(dir, 'profile.json') };
    await (await startOnLoopback(base)).close();
    const second = await startOnLoopback({ ...base, webhook: { url: 'https://hooks.example.test/cpf', authenticate: 'later' } });
    expect(second.profileReused).toBe(true);
    await second.close();
    expect(webhookOf(base.db)).toEqual({ url: 'https://hooks.example.test/cpf', authenticate: 'later' });
    expect(webhookOf(base.db, 'Webhook Empfang GmbH'), "the profile's webhook.customer gets it too").toEqual({ url: 'https://hooks.example.test/cpf', authenticate: 'later' });
  });

  it('can be changed per customer through the in-process pro area', async () => {
    const dir = tempDir();
    const server = await startOnLoopback({ db: join(dir, 'db.sqlite'), seed: 'demo' });
    server.proArea.setWebhook('Webhook Adressprüfung KG', { url: 'http://10.1.2.3/hook', authenticate: 'a' });
    expect(() => server.proArea.setWebhook('Niemand GmbH', null)).toThrow(/no customer named/);
    await server.close();
    expect(webhookOf(join(dir, 'db.sqlite'), 'Webhook Adressprüfung KG')).toEqual({ url: 'http://10.1.2.3/hook', authenticate: 'a' });
  });

  it('is refused without the demo seed', async () => {
    const dir = tempDir();
    await expect(
      startOnLoopback({ db: join(dir, 'db.sqlite'), seed: 'none', webhook: { url: 'https://hooks.example.test/cpf', authenticate: 'x' } }),
    ).rejects.toThrow(/demo seed/);
  });
});
