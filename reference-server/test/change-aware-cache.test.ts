import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashApiToken } from '../src/domain/api-token.js';
import { openDatabase } from '../src/store/database.js';
import { createStore } from '../src/store/store.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('token lookup cache', () => {
  it('sees a change another process commits (admin script) on the next lookup', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpf-token-cache-'));
    dirs.push(dir);
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
