import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/clock.js';
import { seedDemo } from '../src/seed/demo.js';
import { TSX_LOADER } from '../src/server-process.js';
import { openDatabase } from '../src/store/database.js';
import { createStore } from '../src/store/store.js';
import { useTempDirs } from './support/temp-dirs.js';

describe('npm run admin -- set-webhook', () => {
  const ADMIN = fileURLToPath(new URL('../src/admin.ts', import.meta.url));
  const dir = useTempDirs('cpf-admin-')();
  const db = join(dir, 'admin.sqlite');
  const store = createStore(openDatabase(db));
  const primary = seedDemo(store, manualClock()).customers.primary;
  store.db.close();
  const admin = (...args: string[]) => spawnSync(process.execPath, ['--import', TSX_LOADER, ADMIN, '--db', db, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  const storedTarget = () => {
    const s = createStore(openDatabase(db));
    try {
      return s.customers.webhookTarget(primary.id);
    } finally {
      s.db.close();
    }
  };

  it('refuses a URL the sender would refuse, with the reason and exit code 2, and stores nothing', () => {
    const run = admin('set-webhook', 'Heizungsbau Primus GmbH', 'http://127.0.0.1:8099/hook', 'geheim');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/webhook URL refused.*loopback/);
    expect(storedTarget()).toBeUndefined();
  });

  it('stores a public target, and a loopback one with --allow-loopback-webhooks', () => {
    const run = admin('set-webhook', 'Heizungsbau Primus GmbH', 'https://93.184.215.14/hook', 'geheim');
    expect(run.status).toBe(0);
    expect(storedTarget()?.url).toBe('https://93.184.215.14/hook');
    expect(admin('--allow-loopback-webhooks', 'set-webhook', 'Heizungsbau Primus GmbH', 'http://127.0.0.1:8099/hook', 'geheim').status).toBe(0);
    expect(storedTarget()?.url).toBe('http://127.0.0.1:8099/hook');
  });

  it('names a missing database, an unknown command and an unknown project with the fix, without a stack trace or a new file', () => {
    const missing = join(dir, 'nothing-here', 'none.sqlite');
    const noDb = spawnSync(process.execPath, ['--import', TSX_LOADER, ADMIN, '--db', missing, 'clear-webhook', 'x'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(noDb.status).toBe(2);
    expect(noDb.stderr).toMatch(/no database at .*none\.sqlite\. Fix: start the server once/);
    expect(existsSync(join(dir, 'nothing-here'))).toBe(false);
    const unknown = admin('frob');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'frob'/);
    const noProject = admin('portal-pdf', 'abcdefghi');
    expect(noProject.status).toBe(2);
    expect(noProject.stderr).toMatch(/no project 'abcdefghi'/);
    expect(noProject.stderr).not.toMatch(/ at /);
  });
});
