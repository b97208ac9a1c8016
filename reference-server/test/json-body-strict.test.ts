import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

/** Issue 29: bodies that parsers read differently are refused like malformed JSON. */

describe('POST and PATCH bodies over HTTP', () => {
  let s: TestServer;
  let token: string;
  let customer: number;

  beforeAll(async () => {
    s = await startTestServer();
    ({ id: customer, token } = s.tokenFor({ name: 'A', license: 'annual' }));
  });
  afterAll(() => s.close());

  const post = (body: string) =>
    s.request('/reports/with-data', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body });

  it('a duplicated envelope is 400 naming it, and nothing is created', async () => {
    const before = s.store.projects.listByCustomer(customer).length;
    const res = await post('{"projectData":{"bogus":1},"projectData":{"projektName":"x"}}');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, details: { type: 'validation', field: 'projectData' } });
    expect(s.store.projects.listByCustomer(customer)).toHaveLength(before);
  });

  it('an escaped lone surrogate is 400 like invalid UTF-8, in a value and in a name', async () => {
    for (const body of ['{"projectData":{"projektName":"a\\ud800b"}}', '{"projectData":{"projektName":"a","x\\udfff":1}}']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 400, details: { type: 'validation' } });
    }
  });

  it('an escaped surrogate pair is stored as its character', async () => {
    const res = await post('{"projectData":{"projektName":"Haus \\ud83c\\udfe0"}}');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { projektData: { projektName: string } }).projektData.projektName).toBe('Haus 🏠');
  });

  it('a duplicated project field is 400 on PATCH too', async () => {
    const created = (await (await post('{"projectData":{"projektName":"R"}}')).json()) as { projektHeader: { key: string } };
    const res = await s.request(`/reports/${created.projektHeader.key}`, {
      method: 'PATCH',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"projectData":{"projektName":"a","projektName":"b"}}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: { type: 'validation', field: 'projektName' } });
  });
});
