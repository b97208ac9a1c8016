import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveDirectory } from './static-server.js';

describe('serveDirectory', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'cpf-static-'));
  const root = join(parent, 'report');
  mkdirSync(join(root, 'data'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<p>report</p>');
  writeFileSync(join(root, 'data', 'a b.json'), '{}');
  writeFileSync(join(parent, 'secret.txt'), 'outside');
  const server = await serveDirectory(root);
  afterAll(() => server.close());

  it('serves index.html for / and files with their type', async () => {
    const index = await fetch(server.url);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await index.text()).toBe('<p>report</p>');
    const data = await fetch(`${server.url}data/a%20b.json?v=1`);
    expect(data.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 404 for missing files, paths outside the directory and malformed escapes', async () => {
    expect((await fetch(`${server.url}missing.js`)).status).toBe(404);
    // %2f survives URL normalisation, so the server itself must keep the path inside.
    expect((await fetch(`${server.url}..%2fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${server.url}%E0%A4%A.js`)).status).toBe(404);
  });
});
