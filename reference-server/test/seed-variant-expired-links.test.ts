import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../src/domain/signed-links.js';
import { seedDemo, type SeedResult } from '../src/seed/demo.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
let seed: SeedResult;

beforeAll(async () => {
  s = await startTestServer();
  seed = seedDemo(s.store, s.clock);
});
afterAll(() => s.close());

const DAY_MS = 86_400_000;

/** The verdict of the server's signer (the store's secret) on a seeded link, at `at`. */
function verdict(link: string, at: Date): string {
  const url = new URL(link, 'http://origin.invalid');
  return createLinkSigner(s.store.settings.signingSecret(), () => at).verify(url.pathname, url.searchParams.get('expires') ?? undefined, url.searchParams.get('sig') ?? undefined);
}

describe('demo seed: project variant', () => {
  it('GET /reports lists main projects only; the variant itself is readable', async () => {
    const token = seed.customers.primary.tokens[0];
    const list = await (await s.request('/reports', { token })).text();
    expect(list).toContain(seed.projects['portal']);
    expect(list).not.toContain(seed.projects['variant']);
    expect((await s.request(`/reports/${seed.projects['variant']}`, { token })).status).toBe(200);
  });

  it('seeding again duplicates neither the variant nor the old document', () => {
    const again = seedDemo(s.store, s.clock);
    expect(again.projects['variant']).toBe(seed.projects['variant']);
    expect(new URL(again.expiredLinks.document, 'http://origin.invalid').pathname).toBe(new URL(seed.expiredLinks.document, 'http://origin.invalid').pathname);
  });
});

describe('demo seed: expired links', () => {
  it('signs a picture and a document link with the server secret whose lifetime has passed, valid a day before', () => {
    for (const link of [seed.expiredLinks.picture as string, seed.expiredLinks.document]) {
      expect(verdict(link, s.clock.now())).toBe('expired');
      expect(verdict(link, new Date(s.clock.now().getTime() - DAY_MS))).toBe('valid');
    }
  });

  it('states which applications lost their project and the stored advisor names', () => {
    const lost = seed.primaryApplications.filter((a) => a.projectNoLongerAvailable);
    expect(lost.length).toBeGreaterThan(0);
    for (const a of lost) expect(a.projectKey).toBeNull();
    const both = seed.primaryApplications.filter((a) => a.advisor.fullName !== null && a.advisor.storedName !== null);
    const storedOnly = seed.primaryApplications.filter((a) => a.advisor.fullName === null && a.advisor.storedName !== null);
    expect(both.length).toBeGreaterThan(0);
    expect(storedOnly.length).toBeGreaterThan(0);
  });
});

describe('site files', () => {
  it('answer picture links with Cache-Control private, no-store', async () => {
    const res = await s.request(`/reports/${seed.projects['portal']}/pictures`, { token: seed.customers.primary.tokens[0] });
    const { pictures } = (await res.json()) as { pictures: { url: string }[] };
    const image = await fetch(new URL((pictures[0] as { url: string }).url, s.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('private, no-store');
  });
});
