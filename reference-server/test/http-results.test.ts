import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeavyWork, inlineHeavyWork } from '../src/compute/heavy-work.js';
import { seedDemo, type SeedResult } from '../src/seed/demo.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
let seed: SeedResult;
let token: string;

interface Results {
  status: number;
  action: string;
  project: { key: string };
  results: {
    available: boolean;
    status: string;
    summary: { flowTemperature: number; spread: number; buildingHeatLoad: number };
    radiators: { outputAtDesign: number }[];
    floorHeatingBalance: { groups: { spread: number; flowRateSum: number; rooms: { flowRate: number; flowLpm: number; heatingLoad: number; setting: { value: number } }[] }[] };
  };
  projekt: { abgleichFBH: { spreizung: number; summeVolumenstrom: number; raeume: { heizlast: number; durchfluss: number }[] }[] };
}

beforeAll(async () => {
  s = await startTestServer({ heavyWork: inlineHeavyWork });
  seed = seedDemo(s.store, s.clock);
  token = seed.customers.primary.tokens[0] as string;
});
afterAll(() => s.close());

const results = async (key: string, query = '', t = token) => {
  const res = await s.request(`/reports/${key}/results${query}`, { token: t });
  return { status: res.status, body: (await res.json()) as Results & { details: Record<string, unknown> } };
};

describe('results endpoint', () => {
  it('answers the calculation with the compatibility structure from the same values', async () => {
    const { status, body } = await results(seed.projects['portal'] as string);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 200, action: 'getResults', project: { key: seed.projects['portal'] }, results: { available: true, status: 'calculated' } });
    const groups = body.results.floorHeatingBalance.groups;
    expect(groups.map((g) => g.spread)).toEqual([10, 7, 5]);
    groups.forEach((g, i) => {
      const compat = body.projekt.abgleichFBH[i];
      expect(compat?.spreizung).toBe(g.spread);
      expect(compat?.summeVolumenstrom).toBe(g.flowRateSum);
      expect(compat?.raeume.map((r) => [r.heizlast, r.durchfluss])).toEqual(g.rooms.map((r) => [r.heatingLoad, r.setting.value]));
      for (const r of g.rooms) expect(Math.abs(r.flowRate - r.heatingLoad / (1.163 * g.spread))).toBeLessThan(0.06);
    });
  });

  it('applies system temperatures to radiators only, for this call only', async () => {
    const key = seed.projects['portal'] as string;
    const before = s.store.projects.findOwned(key, seed.customers.primary.id);
    const plain = await results(key);
    const cold = await results(key, '?flowTemperature=35&spread=5');
    const alias = await results(key, '?vorlaufT=35&spreizung=5');
    const again = await results(key);
    expect(cold.body.results.summary).toMatchObject({ flowTemperature: 35, spread: 5 });
    expect(alias.body.results).toEqual(cold.body.results);
    expect(cold.body.results.radiators[0]?.outputAtDesign).toBeLessThan(plain.body.results.radiators[0]?.outputAtDesign as number);
    expect(cold.body.results.floorHeatingBalance).toEqual(plain.body.results.floorHeatingBalance);
    expect(again.body).toEqual(plain.body);
    expect(s.store.projects.findOwned(key, seed.customers.primary.id)).toEqual(before);
  });

  it('incomplete data is 422 calculation_unavailable', async () => {
    const { status, body } = await results(seed.projects['completed'] as string);
    expect(status).toBe(422);
    expect(body.details).toEqual({ type: 'calculation_unavailable', calculationStatus: 'unavailable' });
  });

  it('invalid system temperatures are 422 validation', async () => {
    const { status, body } = await results(seed.projects['portal'] as string, '?flowTemperature=20&spread=5');
    expect(status).toBe(422);
    expect(body.details).toMatchObject({ type: 'validation', field: 'flowTemperature' });
  });

  it('outside the license radius, and without an active license, is 403 authorization', async () => {
    expect((await results(seed.projects['outside'] as string)).body.details).toEqual({ type: 'authorization' });
    const expired = await results(seed.projects['expired'] as string, '', seed.customers.expiredUnlocked.tokens[0]);
    expect(expired.status).toBe(403);
  });

  it('foreign and missing projects answer the same 404', async () => {
    const foreign = await s.request(`/reports/${seed.projects['foreign']}/results`, { token });
    const missing = await s.request('/reports/qqqqqqqqq/results', { token });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
  });
});

describe('results of a large project from the worker pool', () => {
  const pooled = createHeavyWork({ workers: 1 });
  let worker: TestServer;
  // Over the same database as the inline server, so both answer the same project.
  beforeAll(async () => {
    worker = await startTestServer({ store: s.store, heavyWork: pooled });
  });
  afterAll(async () => {
    await worker.close();
    await pooled.close();
  });

  it('answers the same bytes and headers as the calculation on the event loop', async () => {
    const { projectKey, token: largeToken } = seed.largeProject;
    for (const query of ['', '?flowTemperature=45&spread=8']) {
      const inline = await s.request(`/reports/${projectKey}/results${query}`, { token: largeToken });
      const pooledAnswer = await worker.request(`/reports/${projectKey}/results${query}`, { token: largeToken });
      expect(pooledAnswer.status).toBe(200);
      expect(pooledAnswer.headers.get('content-type')).toBe(inline.headers.get('content-type'));
      expect(pooledAnswer.headers.get('content-length')).toBe(inline.headers.get('content-length'));
      const text = await pooledAnswer.text();
      expect(text).toBe(await inline.text());
      expect((JSON.parse(text) as { results: { summary: { roomCount: number } } }).results.summary.roomCount).toBe(1000);
    }
  });
});
