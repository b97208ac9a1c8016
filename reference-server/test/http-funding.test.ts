import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type SeedResult } from '../src/seed/demo.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
let seed: SeedResult;
let primary: string;

interface Application {
  applicationId: string;
  applicationType: string;
  projectId: number | null;
  projectKey: string | null;
  bzaId: string | null;
  status: string;
  statusStep: number;
  advisor: { id: string | null; name: string | null; title: string | null; assigned: boolean };
  [time: string]: unknown;
}
interface List {
  status: number;
  action: string;
  applications: Application[];
  total: number;
  page: number;
  limit: number;
}

beforeAll(async () => {
  s = await startTestServer();
  seed = seedDemo(s.store, s.clock);
  primary = seed.customers.primary.tokens[0] as string;
});
afterAll(() => s.close());

const list = async (path: string, token = primary) => {
  const res = await s.request(path, { token });
  return { status: res.status, body: (await res.json()) as List };
};

describe('funding lists', () => {
  it('pages through every application exactly once, sorted by id descending, default limit 50', async () => {
    const first = await list('/funding/applications');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 200, page: 1, limit: 50, total: 64 });
    expect(first.body.applications).toHaveLength(50);
    const second = await list('/funding/applications?page=2');
    expect(second.body.applications).toHaveLength(14);
    const third = await list('/funding/applications?page=3');
    expect(third.body.applications).toEqual([]);
    const ids = [...first.body.applications, ...second.body.applications].map((a) => a.applicationId);
    expect(new Set(ids).size).toBe(64);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(ids.sort()).toEqual(seed.primaryApplications.map((a) => a.applicationId).sort());
  });

  it('covers every status, both application types, unavailable projects and leading zeros', async () => {
    const all = (await list('/funding/applications?limit=100')).body.applications;
    expect(new Set(all.map((a) => a.status)).size).toBe(11);
    expect(new Set(all.map((a) => a.applicationType))).toEqual(new Set(['project_bound', 'standalone']));
    expect(all.some((a) => a.applicationType === 'project_bound' && a.projectKey === null && a.projectId === null)).toBe(true);
    expect(all.some((a) => a.bzaId?.startsWith('00'))).toBe(true);
    expect(all.some((a) => a.advisor.assigned && a.advisor.name === 'Dr. Erika Beraterin')).toBe(true);
    expect(all.some((a) => !a.advisor.assigned && a.advisor.id === null)).toBe(true);
    for (const a of all) {
      expect(typeof a.statusStep).toBe('number');
      for (const field of ['orderedAt', 'bzaCreatedAt', 'approvalReceivedAt', 'approvalDeadlineAt', 'bndStartedAt', 'bndCreatedAt', 'payoutConfirmedAt']) {
        const value = a[field];
        if (value !== null) expect(value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      }
    }
    // The historic 0/1 ordering flag comes out as null although the record was ordered.
    expect(all.some((a) => a.orderedAt === null && a.status !== 'created')).toBe(true);
  });

  it.each(['page=0', 'page=1000001', 'page=abc', 'page=1.5', 'limit=0', 'limit=101', 'limit=', 'sort=asc', 'page=1&page=2', 'offset=10'])(
    '%s is 422 validation',
    async (query) => {
      const res = await s.request(`/funding/applications?${query}`, { token: primary });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { details: { type: string } }).details.type).toBe('validation');
    },
  );

  it('accepts the maximum page and answers an empty list', async () => {
    const res = await list('/funding/applications?page=1000000&limit=100');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1000000, limit: 100, total: 64, applications: [] });
  });

  it('the project variant lists only that project, checks ownership, and is empty for a project without', async () => {
    const withApps = await list(`/reports/${seed.projects['portal']}/funding/applications?limit=100`);
    expect(withApps.status).toBe(200);
    expect(withApps.body.applications.length).toBeGreaterThan(0);
    expect(withApps.body.applications.every((a) => a.projectKey === seed.projects['portal'])).toBe(true);
    expect(withApps.body.total).toBe(withApps.body.applications.length);
    const without = await list(`/reports/${seed.projects['api']}/funding/applications`);
    expect(without.body).toMatchObject({ status: 200, total: 0, applications: [] });
    const foreign = await s.request(`/reports/${seed.projects['foreign']}/funding/applications`, { token: primary });
    const missing = await s.request('/reports/qqqqqqqqq/funding/applications', { token: primary });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
  });

  it('keeps reading for an expired but unlocked customer, refuses a locked one', async () => {
    expect((await list('/funding/applications', seed.customers.expiredUnlocked.tokens[0])).body.total).toBe(3);
    expect((await s.request('/funding/applications', { token: seed.customers.locked.tokens[0] })).status).toBe(403);
  });
});

describe('single application', () => {
  it('is found by its exact id only', async () => {
    const id = seed.primaryApplications[0]?.applicationId as string;
    const res = await s.request(`/funding/applications/${id}`, { token: primary });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: number; action: string; application: Application };
    expect(body).toMatchObject({ status: 200, action: 'getFundingApplication', application: { applicationId: id } });
    expect((await s.request(`/funding/applications/${Number(id)}`, { token: primary })).status).toBe(404);
  });

  it('answers foreign and missing ids with the same bytes', async () => {
    const foreign = await s.request('/funding/applications/00020001', { token: primary });
    const missing = await s.request('/funding/applications/99999999', { token: primary });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
  });
});
