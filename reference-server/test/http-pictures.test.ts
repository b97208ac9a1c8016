import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type SeedResult } from '../src/seed/demo.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
let seed: SeedResult;

beforeAll(async () => {
  s = await startTestServer();
  seed = seedDemo(s.store, s.clock);
});
afterAll(() => s.close());

interface Pictures {
  pictures: { id: string; url: string; type: string; roomName: string | null }[];
}

describe('pictures', () => {
  it('lists signed relative links that resolve against the origin and serve the image', async () => {
    const res = await s.request(`/reports/${seed.projects['portal']}/pictures`, { token: seed.customers.primary.tokens[0] });
    expect(res.status).toBe(200);
    const { pictures } = (await res.json()) as Pictures;
    expect(pictures).toHaveLength(3);
    for (const p of pictures) {
      expect(p.url.startsWith('/files/pictures/')).toBe(true);
      const image = await fetch(new URL(p.url, `${s.url}/api/v2/`));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('refuses tampered and expired links with 403', async () => {
    const { pictures } = (await (await s.request(`/reports/${seed.projects['portal']}/pictures`, { token: seed.customers.primary.tokens[0] })).json()) as Pictures;
    const url = new URL((pictures[0] as { url: string }).url, s.url);
    const other = (pictures[2] as { id: string }).id;
    expect((await fetch(new URL(url.pathname.replace(/[^/]+$/, other) + url.search, s.url))).status).toBe(403);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 10));
    expect((await fetch(url)).status).toBe(403);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) - 10));
    expect((await fetch(url)).status).toBe(200);
    s.clock.advance(901_000);
    expect((await fetch(url)).status).toBe(403);
  });

  it('an own project without pictures has an empty list; foreign and missing answer the same 404', async () => {
    const token = seed.customers.primary.tokens[0];
    expect(await (await s.request(`/reports/${seed.projects['lead']}/pictures`, { token })).json()).toEqual({ pictures: [] });
    const foreign = await s.request(`/reports/${seed.projects['foreign']}/pictures`, { token });
    const missing = await s.request('/reports/qqqqqqqqq/pictures', { token });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
  });
});
