import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/clock.js';
import { seedDemo } from '../src/seed/demo.js';
import { TSX_LOADER } from '../src/server-process.js';
import { openDatabase } from '../src/store/database.js';
import { createStore } from '../src/store/store.js';
import { checkWebhookTarget } from '../src/webhook-target-check.js';
import type { Resolver } from '../src/webhook/guarded-fetch.js';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('checkWebhookTarget: what the sender would refuse, refused when configured', () => {
  it.each([
    ['not a URL', 'hooks.example.com/x', /absolute URL/],
    ['another scheme', 'ftp://hooks.example.com/x', /scheme ftp:/],
    ['credentials', 'https://user:pw@hooks.example.com/x', /credentials/],
    ['loopback literal', 'http://127.0.0.1:8099/hook', /loopback/],
    ['loopback in inet_aton notation', 'http://0x7f.1/hook', /loopback/],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook', /IPv4-mapped/],
    ['private range', 'https://10.1.2.3/hook', /RFC 1918/],
    ['documentation range', 'https://203.0.113.7/hook', /documentation/],
  ])('refuses %s', async (_what, url, reason) => {
    const verdict = await checkWebhookTarget(url, { allowLoopback: false, resolve: resolvesTo('93.184.215.14') });
    expect(verdict).toEqual({ refused: expect.stringMatching(reason) as unknown });
  });

  it('refuses a name when any of its addresses is not public', async () => {
    const verdict = await checkWebhookTarget('https://hooks.example.com/x', { allowLoopback: false, resolve: resolvesTo('93.184.215.14', '192.168.1.5') });
    expect(verdict).toEqual({ refused: expect.stringMatching(/192\.168\.1\.5 refused/) as unknown });
  });

  it('accepts public targets, and loopback only when allowed', async () => {
    expect(await checkWebhookTarget('https://hooks.example.com/x', { allowLoopback: false, resolve: resolvesTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c') })).toEqual({ ok: true });
    expect(await checkWebhookTarget('http://127.0.0.1:8099/hook', { allowLoopback: true })).toEqual({ ok: true });
  });

  it('does not refuse a name that does not resolve now, but says so', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example.com'), { code: 'ENOTFOUND' });
    };
    expect(await checkWebhookTarget('https://hooks.example.com/x', { allowLoopback: false, resolve: failing })).toEqual({ unresolved: expect.stringMatching(/ENOTFOUND/) as unknown });
  });
});

describe('npm run admin -- set-webhook', () => {
  const ADMIN = fileURLToPath(new URL('../src/admin.ts', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'cpf-admin-'));
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
