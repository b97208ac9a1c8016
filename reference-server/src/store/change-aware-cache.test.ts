import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../test/support/temp-dirs.js';
import { hashApiToken } from '../domain/api-token.js';
import { openDatabase } from './database.js';
import { createStore } from './store.js';

const tempDir = useTempDirs('cpf-token-cache-');

describe('token lookup cache', () => {
  it('sees a change another process commits (admin script) on the next lookup', () => {
    const dir = tempDir();
    const server = openDatabase(join(dir, 'db.sqlite'));
    const admin = openDatabase(join(dir, 'db.sqlite'));
    const store = createStore(server);
    const id = store.customers.create({ name: 'Cache Test GmbH', license: 'annual' });
    store.customers.addToken(id, hashApiToken('token-1'), 'test', new Date());
    expect(store.customers.findByTokenHash(hashApiToken('token-1'))?.blocked).toBe(false);
    expect(store.customers.findByTokenHash(hashApiToken('token-1'))?.blocked).toBe(false);
    admin.prepare('UPDATE customers SET blocked = 1, license = ? WHERE id = ?').run('expired', id);
    expect(store.customers.findByTokenHash(hashApiToken('token-1'))).toMatchObject({ blocked: true, license: 'expired' });
    server.close();
    admin.close();
  });

  it('sees tokens added through this connection and never caches unknown tokens', () => {
    const store = createStore(openDatabase(':memory:'));
    const id = store.customers.create({ name: 'Cache Test GmbH', license: 'annual' });
    expect(store.customers.findByTokenHash(hashApiToken('later'))).toBeUndefined();
    store.customers.addToken(id, hashApiToken('later'), 'test', new Date());
    expect(store.customers.findByTokenHash(hashApiToken('later'))?.id).toBe(id);
  });
});
