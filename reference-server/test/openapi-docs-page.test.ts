import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { Script } from 'node:vm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi/document.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ maintenance: true });
});
afterAll(() => s.close());

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Debian's chromium, as the report check uses it; without one the browser check is skipped. */
const browserPath = [process.env.CPF_CHROMIUM, ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'chromium')), '/usr/bin/chromium'].find(
  (path): path is string => path !== undefined && path !== '' && executable(path),
);

describe('GET /openapi.json', () => {
  it('serves the generated document without a token, also in maintenance', async () => {
    const res = await fetch(`${s.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });
});

describe('GET /docs', () => {
  it('is one self-contained page: nothing from elsewhere, a policy that allows only its own script and style', async () => {
    const res = await fetch(`${s.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<(?:script|link|img|iframe)[^>]+(?:src|href)=/i);
    expect(html).toContain("fetch('openapi.json'");
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(() => new Script(script)).not.toThrow();
  });

  it.skipIf(browserPath === undefined)('renders every operation and webhook in Chromium without errors or outside requests', async () => {
    const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('request', (request) => {
        if (!request.url().startsWith(s.url)) problems.push(`outside request ${request.url()}`);
      });
      await page.goto(`${s.url}/docs`);
      await page.waitForSelector('article.operation');
      const doc = buildOpenApiDocument();
      const operations = [...Object.values(doc.paths), ...Object.values(doc.webhooks)].reduce((n, item) => n + Object.keys(item).filter((key) => key !== 'parameters').length, 0);
      expect(await page.locator('article.operation').count()).toBe(operations);
      expect(await page.locator('#title').textContent()).toContain(doc.info.title);
      const created = page.locator('#op-createRoom details', { has: page.locator('> summary', { hasText: '201' }) });
      await created.locator('> summary').click();
      await created.locator('summary', { hasText: 'Example' }).click();
      expect(await created.locator('pre').textContent()).toContain('raumEtageBezeichnung');
      await page.fill('#filter', 'funding');
      expect(await page.locator('article.operation:visible').count()).toBeLessThan(operations);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
