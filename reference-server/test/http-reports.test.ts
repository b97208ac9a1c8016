import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/domain/password-hash.js';
import { PROJECT_FIELDS } from '../src/domain/project-fields.js';
import { jsonInit, startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
let token: string;
let ownerId: number;
let foreignKey: string;

interface Created {
  status: number;
  action: string;
  projektHeader: { key: string; link: string; id: number; status: number };
  projektData: Record<string, string>;
}

beforeAll(async () => {
  s = await startTestServer();
  ({ id: ownerId, token } = s.tokenFor({ name: 'owner', license: 'annual' }));
  const foreign = s.tokenFor({ name: 'foreign', license: 'annual' }).token;
  const res = await s.request('/reports', { method: 'POST', token: foreign });
  foreignKey = ((await res.json()) as Created).projektHeader.key;
});
afterAll(() => s.close());

async function create(data?: Record<string, unknown>): Promise<Created> {
  const res = data
    ? await s.request('/reports/with-data', jsonInit('POST', { projectData: data }, token))
    : await s.request('/reports', { method: 'POST', token });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

describe('project creation', () => {
  it('POST /reports answers 201 with the historic status 200 and a fresh header', async () => {
    const body = await create();
    expect(body.status).toBe(200);
    expect(body.action).toBe('createReport');
    expect(body.projektHeader.key).toMatch(/^[a-z]{9}$/);
    expect(body.projektHeader.link).toBe(`https://site.example/projekt/${body.projektHeader.key}`);
    expect(body.projektHeader.status).toBe(1);
    expect(typeof body.projektHeader.id).toBe('number');
    expect(Object.keys(body.projektData).sort()).toEqual([...PROJECT_FIELDS].sort());
  });

  it('keys are unique and not derived from the id', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 20; i++) keys.add((await create()).projektHeader.key);
    expect(keys.size).toBe(20);
  });

  it('retries on a key collision', async () => {
    const keys = ['aaaaaaaaa', 'aaaaaaaaa', 'bbbbbbbbb'];
    const c = await startTestServer({ generateKey: () => keys.shift() ?? 'ccccccccc' });
    const tk = c.tokenFor({ name: 'c', license: 'annual' }).token;
    const first = await c.request('/reports', { method: 'POST', token: tk });
    const second = await c.request('/reports', { method: 'POST', token: tk });
    await c.close();
    expect(((await first.json()) as Created).projektHeader.key).toBe('aaaaaaaaa');
    expect(((await second.json()) as Created).projektHeader.key).toBe('bbbbbbbbb');
  });

  it.each([{ a: 1 }, [], null, 'x'])('POST /reports with body %j is 422', async (body) => {
    expect((await s.request('/reports', jsonInit('POST', body, token))).status).toBe(422);
  });

  it('POST /reports with {} is 201', async () => {
    expect((await s.request('/reports', jsonInit('POST', {}, token))).status).toBe(201);
  });

  it('with-data fills the project in the same step and validates before creating', async () => {
    const before = s.store.projects.listByCustomer(ownerId).length;
    const bad = await s.request('/reports/with-data', jsonInit('POST', { projectData: { projektName: 'x', projektBaujahr: 999 } }, token));
    expect(bad.status).toBe(422);
    expect(s.store.projects.listByCustomer(ownerId).length).toBe(before);
    const body = await create({ projektName: 4711, projektBewohner: '3,0', projektWaermeerzeugerSolarStatus: true, plz: '01067' });
    expect(body.projektData).toMatchObject({ projektName: '4711', projektBewohner: '3', projektWaermeerzeugerSolarStatus: 'on', plz: '01067' });
  });

  it('with-data accepts the compatible envelope name, and rejects both', async () => {
    expect((await s.request('/reports/with-data', jsonInit('POST', { projektData: { projektName: 'x' } }, token))).status).toBe(201);
    const both = await s.request('/reports/with-data', jsonInit('POST', { projektData: { projektName: 'x' }, projectData: { projektName: 'y' } }, token));
    expect(both.status).toBe(422);
  });
});

describe('project read and change', () => {
  it('GET returns header and released data only, uppercase keys resolve to the same project', async () => {
    const { projektHeader } = await create({ projektName: 'Lesen' });
    await s.request(`/reports/${projektHeader.key}/password`, jsonInit('PUT', { newPassword: 'geheimes-passwort-1' }, token));
    const res = await s.request(`/reports/${projektHeader.key.toUpperCase()}`, { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['action', 'projektData', 'projektHeader', 'status']);
    expect(JSON.stringify(body)).not.toMatch(/password|passwort|scrypt|settings|customer/i);
    expect(body.projektHeader).toEqual(projektHeader);
  });

  it('PATCH changes only the sent fields and deletes with empty or null', async () => {
    const { projektHeader } = await create({ projektName: 'Alt', projektBewohner: 4, ort: 'Berlin', projektBaujahr: 1970 });
    const res = await s.request(`/reports/${projektHeader.key}`, jsonInit('PATCH', { projectData: { projektName: 'Neu', projektBewohner: null, ort: '' } }, token));
    expect(res.status).toBe(200);
    const read = (await (await s.request(`/reports/${projektHeader.key}`, { token })).json()) as Created;
    expect(read.projektData).toMatchObject({ projektName: 'Neu', projektBewohner: '', ort: '', projektBaujahr: '1970' });
  });

  it('PATCH of the postal code to empty is refused and the code stays', async () => {
    const { projektHeader } = await create({ projektPostleitzahl: '10178' });
    const res = await s.request(`/reports/${projektHeader.key}`, jsonInit('PATCH', { projectData: { projektPostleitzahl: '' } }, token));
    expect(res.status).toBe(422);
    const read = (await (await s.request(`/reports/${projektHeader.key}`, { token })).json()) as Created;
    expect(read.projektData.projektPostleitzahl).toBe('10178');
  });

  it('PUT password stores only a salted scrypt hash', async () => {
    const { projektHeader } = await create();
    const res = await s.request(`/reports/${projektHeader.key}/password`, jsonInit('PUT', { newPassword: 'ein-sehr-gutes-passwort' }, token));
    expect(res.status).toBe(200);
    const stored = s.store.db.prepare('SELECT password_hash FROM projects WHERE key = ?').pluck().get(projektHeader.key) as string;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('ein-sehr-gutes-passwort');
    expect(await verifyPassword('ein-sehr-gutes-passwort', stored)).toBe(true);
    expect(await verifyPassword('falsch-falsch-falsch', stored)).toBe(false);
  });

  it.each([{}, { newPassword: 'kurz' }, { newPassword: 'x'.repeat(257) }, { newPassword: 'lang-genug-passwort', extra: 1 }, { newPassword: 123456789012 }])(
    'PUT password %j is 422',
    async (body) => {
      const { projektHeader } = await create();
      expect((await s.request(`/reports/${projektHeader.key}/password`, jsonInit('PUT', body, token))).status).toBe(422);
    },
  );

  it('GET /reports groups projects by origin and archive state', async () => {
    const ids = ['portalaaa', 'leadaaaaa', 'archivaaa'];
    s.store.projects.insert({ key: ids[0] as string, customerId: ownerId, origin: 'portal', status: 2, data: {}, at: new Date() });
    s.store.projects.insert({ key: ids[1] as string, customerId: ownerId, origin: 'lead', status: 1, data: {}, at: new Date() });
    s.store.projects.insert({ key: ids[2] as string, customerId: ownerId, origin: 'portal', status: 5, data: {}, at: new Date() });
    const body = (await (await s.request('/reports', { token })).json()) as Record<string, { key: string }[]>;
    expect(body.projekte?.map((p) => p.key)).toContain('portalaaa');
    expect(body.leads?.map((p) => p.key)).toEqual(['leadaaaaa']);
    expect(body.archiv?.map((p) => p.key)).toEqual(['archivaaa']);
    expect(body.api?.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain(foreignKey);
  });
});

describe('404 indistinguishability', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '', undefined],
    ['PATCH', '', { projectData: { projektName: 'x' } }],
    ['PUT', '/password', { newPassword: 'lang-genug-passwort' }],
  ];
  it.each(routes)('%s /reports/{key}%s: foreign and missing keys answer the same bytes and headers', async (method, suffix, body) => {
    const answer = async (key: string) => {
      const res = await s.request(`/reports/${key}${suffix}`, body === undefined ? { method, token } : jsonInit(method, body, token));
      const headers = [...res.headers.keys()].filter((h) => h !== 'date').sort();
      return { status: res.status, body: await res.text(), headers };
    };
    const foreign = await answer(foreignKey);
    const missing = await answer('qqqqqqqqq');
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(missing);
  });
});

describe('property: random project bodies over HTTP', () => {
  const scalar = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('', '1', '3,5', 'on', 'off', '10178', '99999', '\u0000'));
  const fieldBody = fc.dictionary(fc.constantFrom(...PROJECT_FIELDS, 'unknown', 'projectKey'), fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })), { maxKeys: 5 });
  const body = fc.oneof(
    fc.record({ projectData: fieldBody }),
    fc.record({ projektData: fieldBody }),
    fc.anything(),
  );

  it('never produce a 5xx, and accepted data reads back as returned', async () => {
    const { projektHeader } = await create();
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await s.request(`/reports/${projektHeader.key}`, jsonInit('PATCH', b, token));
        expect(res.status).toBeLessThan(500);
        expect([200, 400, 422]).toContain(res.status);
        if (res.status === 200) {
          const patched = (await res.json()) as Created;
          const read = (await (await s.request(`/reports/${projektHeader.key}`, { token })).json()) as Created;
          expect(read.projektData).toEqual(patched.projektData);
          for (const value of Object.values(read.projektData)) expect(typeof value).toBe('string');
        }
      }),
      { numRuns: 150 },
    );
  });
});
