import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalOf } from '../src/app.js';
import { DOCUMENTS_KEPT_PER_PROJECT } from '../src/documents/document-service.js';
import { seedDemo, type SeedResult } from '../src/seed/demo.js';
import type { WebhookDispatcher, WebhookTarget } from '../src/webhook/dispatcher.js';
import type { PdfGeneratedInput } from '../src/webhook/payload.js';
import { useTempDirs } from './support/temp-dirs.js';
import { startTestServer, type TestServer } from './support/test-server.js';

interface PdfResponse {
  status: number;
  action: string;
  linkToDocument: string;
  file: { url: string; viewerUrl: string };
}

const sent: { target: WebhookTarget; input: PdfGeneratedInput }[] = [];
const recordingDispatcher: WebhookDispatcher = {
  dispatch(target, input) {
    sent.push({ target, input });
    return { eventId: `event-${sent.length}`, settled: new Promise(() => {}) };
  },
  idle: async () => {},
};

let s: TestServer;
let seed: SeedResult;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ webhook: recordingDispatcher });
  seed = seedDemo(s.store, s.clock);
  token = seed.customers.primary.tokens[0] as string;
  s.store.customers.setWebhook(seed.customers.primary.id, 'https://hooks.example.com/cpf', 'geheim-123');
});
afterAll(() => s.close());

const tempDir = useTempDirs('cpf-pdf-');
const pdf = (key: string, query = '', t = token) => s.request(`/reports/${key}/pdf${query}`, { token: t });

function siteToLocal(url: string): string {
  return url.replace('https://site.example', s.url);
}

describe('pdf documents', () => {
  it('answers links under the site URL to a real, parseable PDF showing the rooms', async () => {
    const res = await pdf(seed.projects['portal'] as string);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PdfResponse;
    expect(body.linkToDocument.startsWith('https://site.example/files/documents/')).toBe(true);
    expect(body.file.viewerUrl.startsWith('https://site.example/files/viewer/')).toBe(true);
    const file = await fetch(siteToLocal(body.file.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(0);
    expect(doc.getTitle()).toBe('Heizlastbericht');
    expect((await fetch(siteToLocal(body.file.viewerUrl))).status).toBe(200);
    const tampered = new URL(siteToLocal(body.file.url));
    tampered.searchParams.set('sig', 'x');
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('page 1 renders to a non-blank image (pdftoppm)', async (ctx) => {
    if (spawnSync('pdftoppm', ['-v']).error) return ctx.skip('pdftoppm (Debian poppler-utils) is not installed');
    const body = (await (await pdf(seed.projects['portal'] as string)).json()) as PdfResponse;
    const dir = tempDir();
    writeFileSync(join(dir, 'doc.pdf'), Buffer.from(await (await fetch(siteToLocal(body.file.url))).arrayBuffer()));
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', '-gray', join(dir, 'doc.pdf'), join(dir, 'page')]);
    const pgm = readFileSync(join(dir, 'page-1.pgm'));
    // Binary PGM: "P5 <width> <height> <max>" then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(pgm.subarray(0, 50).toString('latin1'));
    const [width, height] = [Number(header?.[1]), Number(header?.[2])];
    const pixels = pgm.subarray(pgm.length - width * height);
    const dark = pixels.filter((v) => v < 128).length;
    // Text lines of a filled A4 page: well above a blank page's zero, far below a black page.
    expect(dark).toBeGreaterThan(300);
    expect(dark).toBeLessThan(pixels.length / 4);
  });

  it('the heat-pump check needs the heat-pump right; an invalid type is 422', async () => {
    const noRight = s.tokenFor({ name: 'np', license: 'annual', heatpumpRight: false });
    s.store.projects.insert({ key: 'nohpright', customerId: noRight.id, origin: 'portal', data: { projektPostleitzahl: '10178' }, at: new Date() });
    expect((await pdf('nohpright', '?type=check', noRight.token)).status).toBe(403);
    expect((await pdf(seed.projects['portal'] as string, '?type=pdf')).status).toBe(422);
    expect((await pdf(seed.projects['portal'] as string, '?type=check')).status).toBe(200);
  });

  it('license, radius and ownership checks as for results', async () => {
    expect((await pdf(seed.projects['outside'] as string)).status).toBe(403);
    expect((await pdf(seed.projects['expired'] as string, '', seed.customers.expiredUnlocked.tokens[0])).status).toBe(403);
    const foreign = await pdf(seed.projects['foreign'] as string);
    const missing = await pdf('qqqqqqqqq');
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
  });
});

describe('pdf.generated trigger', () => {
  it('sends exactly once per project over repeated and concurrent creations; a failed creation sends nothing', async () => {
    const key = seed.projects['large'] as string;
    const before = sent.length;
    expect((await pdf(seed.projects['completed'] as string)).status).toBe(422);
    expect(sent.length).toBe(before);
    const statuses = await Promise.all(Array.from({ length: 5 }, () => pdf(key).then((r) => r.status)));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    await pdf(key, '?type=check');
    const mine = sent.slice(before).filter((d) => d.input.projectKey === key);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.target).toEqual({ url: 'https://hooks.example.com/cpf', authenticate: 'geheim-123' });
    expect(mine[0]?.input.document.url.startsWith('https://site.example/')).toBe(true);
  });

  it('the portal creation counts as the first one', async () => {
    const created = await s.request('/reports/with-data', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectData: { projektName: 'Portal zuerst', projektPostleitzahl: '10178', projektBaujahr: 1970 } }),
    });
    const key = ((await created.json()) as { projektHeader: { key: string } }).projektHeader.key;
    const target = s.store.projects.findOwned(key, seed.customers.primary.id);
    // Copy a calculable building into the new project through the portal side.
    const { seedBuilding, HOUSE_1970 } = await import('../src/seed/building-demo.js');
    seedBuilding(s.store, s.clock, target?.id as number, '1970', HOUSE_1970);
    const before = sent.length;
    await portalOf(s.app).createDocument(key, 'service');
    expect((await pdf(key)).status).toBe(200);
    expect(sent.slice(before).map((d) => d.input.projectKey)).toEqual([key]);
  });

  it('a customer without webhook address gets nothing sent, and the first creation is still consumed', async () => {
    const other = seed.customers.education;
    const before = sent.length;
    s.store.projects.insert({ key: 'eduprojec', customerId: other.id, origin: 'portal', data: { projektPostleitzahl: '10178', projektBaujahr: '1970' }, at: new Date() });
    const project = s.store.projects.findOwned('eduprojec', other.id);
    const { seedBuilding, HOUSE_1970 } = await import('../src/seed/building-demo.js');
    seedBuilding(s.store, s.clock, project?.id as number, '1970', HOUSE_1970);
    expect((await pdf('eduprojec', '', other.tokens[0])).status).toBe(200);
    expect(sent.length).toBe(before);
  });
});

describe('stored documents per project', () => {
  it('keeps the newest ones and the first; the links of the others answer 404', async () => {
    const owner = seed.customers.education;
    s.store.projects.insert({ key: 'retention', customerId: owner.id, origin: 'portal', data: { projektPostleitzahl: '10178', projektBaujahr: '1970' }, at: new Date() });
    const project = s.store.projects.findOwned('retention', owner.id);
    const { seedBuilding, HOUSE_1970 } = await import('../src/seed/building-demo.js');
    seedBuilding(s.store, s.clock, project?.id as number, '1970', HOUSE_1970);
    const created: string[] = [];
    for (let i = 0; i < DOCUMENTS_KEPT_PER_PROJECT + 3; i++) created.push((await portalOf(s.app).createDocument('retention', i % 2 === 0 ? 'service' : 'check')).url);
    expect(s.store.documents.countOfProject(project?.id as number)).toBe(DOCUMENTS_KEPT_PER_PROJECT + 1);
    const status = async (i: number) => (await fetch(siteToLocal(created[i] as string))).status;
    expect(await status(0)).toBe(200);
    expect([await status(1), await status(2), await status(3)]).toEqual([404, 404, 200]);
    expect(await status(created.length - 1)).toBe(200);
  });
});
