import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/store/database.js';
import { runServerExpectingExit, spawnServer } from '../src/server-process.js';
import { useTempDirs } from './support/temp-dirs.js';

describe('npm run server as a process', () => {
  const tempDir = useTempDirs('cpf-main-');

  it('starts with defaults: creates and migrates a 0600 database, seeds, writes a 0600 profile, prints no tokens unless asked', async () => {
    const dir = tempDir();
    const s = await spawnServer([], { cwd: dir, env: { CPF_PORT: '0' } });
    let token: string;
    try {
      const profile = JSON.parse(readFileSync(join(dir, 'data/profile.json'), 'utf8')) as { customers: { primary: { tokens: string[] } } };
      token = profile.customers.primary.tokens[0] as string;
      expect(statSync(join(dir, 'data/profile.json')).mode & 0o777).toBe(0o600);
      // The database holds the link-signing key and the token hashes; SQLite's -wal and -shm follow its mode.
      for (const file of ['reference.sqlite', 'reference.sqlite-wal', 'reference.sqlite-shm']) {
        expect(statSync(join(dir, 'data', file)).mode & 0o777, file).toBe(0o600);
      }
      expect(s.output()).not.toContain(token);
      expect(s.output()).toContain('data/profile.json');
      expect(s.output()).toContain('--print-tokens');
      expect(s.output()).toContain(`${s.origin}/api/v2`);
      expect((await fetch(`${s.origin}/api/v2/health`)).status).toBe(200);
      const list = await fetch(`${s.origin}/api/v2/reports`, { headers: { authorization: `Bearer ${token}` } });
      expect(list.status).toBe(200);
    } finally {
      s.child.kill('SIGTERM');
      await once(s.child, 'exit');
    }
    // Data and tokens survive a restart: the profile is reused, not renewed.
    const again = await spawnServer(['--print-tokens'], { cwd: dir, env: { CPF_PORT: '0' } });
    try {
      expect(again.output()).toContain('reused');
      expect(again.output()).toContain(token);
    } finally {
      again.child.kill('SIGTERM');
      expect(await once(again.child, 'exit')).toEqual([0, null]);
    }
  });

  it.each([
    [['--port', 'x'], {}, '--port'],
    [['--seed', 'lots'], {}, '--seed'],
    [['--frobnicate'], {}, '--frobnicate'],
    [[], { CPF_SITE_URL: 'not a url' }, 'CPF_SITE_URL'],
    // Addresses every delivery would refuse, as `npm run admin -- set-webhook` refuses them.
    [['--webhook-url', 'http://10.1.2.3/hook'], {}, '--webhook-url'],
    [[], { CPF_WEBHOOK_URL: 'http://127.0.0.1:9/hook' }, '--webhook-url (CPF_WEBHOOK_URL)'],
  ])('refuses %j %j with exit code 2 and one line naming the option', async (args, env, name) => {
    const { code, output } = await runServerExpectingExit(args, env);
    expect(code).toBe(2);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toContain(name);
  });

  it('a kill -9 during concurrent writes loses no acknowledged project (WAL)', async () => {
    const dir = tempDir();
    const db = join(dir, 'kill.sqlite');
    const s = await spawnServer(['--port', '0', '--db', db, '--profile-out', join(dir, 'p.json')]);
    const profile = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')) as { customers: { pool: { tokens: string[] }[] } };
    const tokens = profile.customers.pool.map((c) => c.tokens[0] as string);
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (token: string) => {
      while (!killed) {
        try {
          const res = await fetch(`${s.origin}/api/v2/reports/with-data`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ projectData: { projektName: 'kill test' } }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { projektHeader: { key: string } }).projektHeader.key);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 510));
      }
    };
    const writers = tokens.map(writer);
    await new Promise((r) => setTimeout(r, 1500));
    s.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(20);
    const reopened = openDatabase(db);
    const stored = new Set(reopened.prepare('SELECT key FROM projects').pluck().all() as string[]);
    reopened.close();
    expect(acknowledged.filter((k) => !stored.has(k))).toEqual([]);
  });
});
