import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseProfile } from '../../../spec/profile.schema.js';
import { checkCalculable } from '../calc/results.js';
import { manualClock } from '../clock.js';
import { buildCalcInput } from '../domain/calc-input.js';
import { openDatabase } from '../store/database.js';
import type { Project } from '../store/projects.js';
import { createStore, type Store } from '../store/store.js';
import { DEMO_OPTIONS, seedDemo, SeedMismatch, type SeededDataSet } from './demo.js';
import { buildProfile, reusableProfile, writeProfile } from './profile.js';
import { startReferenceServer } from '../start.js';
import { RESOURCE_OWNERS_IN_POOL } from './pool-resources.js';
import { THIN_OPTIONS } from './thin.js';

const fresh = () => ({ store: createStore(openDatabase(':memory:')), clock: manualClock() });
const BASE = 'http://127.0.0.1:8080/api/v2';
const SITE = 'http://127.0.0.1:8080';

function seedThin(): { store: Store; seed: SeededDataSet } {
  const { store, clock } = fresh();
  return { store, seed: seedDemo(store, clock, THIN_OPTIONS) };
}

/** Every project of every customer the seed made (role customers and pool). */
function allProjects(store: Store, seed: SeededDataSet): Project[] {
  return [...Object.values(seed.customers), ...seed.pool].flatMap((c) => store.projects.listAllByCustomer(c.id));
}

describe('thin seed', () => {
  const { store, seed } = seedThin();
  const profile = buildProfile(seed, BASE, SITE);
  const primary = seed.customers.primary.id;

  it('writes a profile that validates and names only what the data set holds', () => {
    expect(parseProfile(JSON.parse(JSON.stringify(profile)), 'thin profile').name).toBe('cpf reference server (thin seed)');
    expect(Object.keys(JSON.parse(JSON.stringify(profile.resources?.primaryProjectKeys))).sort()).toEqual(['calculable', 'outsideRadius', 'withPictures']);
    expect(profile.webhook).not.toHaveProperty('incompleteProject');
    const owners = profile.customers.pool?.filter((c) => c.resources) ?? [];
    expect(owners).toHaveLength(RESOURCE_OWNERS_IN_POOL);
    expect(owners.every((c) => c.resources?.calculable && c.resources.funding?.applications.length === 1)).toBe(true);
  });

  it('gives every customer one token', () => {
    const customers = [...Object.values(profile.customers).filter((c) => typeof c === 'object' && 'tokens' in c), ...(profile.customers.pool ?? [])];
    expect(customers.length).toBeGreaterThan(7);
    for (const c of [...customers, profile.webhook?.customer, profile.webhook?.ssrf?.customer]) expect(c?.tokens).toHaveLength(1);
  });

  it('holds no project of the primary customer in status 4 or 5 and none it cannot calculate', () => {
    const projects = store.projects.listAllByCustomer(primary);
    expect(projects.map((p) => p.status)).toEqual(projects.map(() => 2));
    for (const p of projects) expect(checkCalculable(buildCalcInput(store, p)), p.data['projektName']).toBeUndefined();
  });

  it('holds no radiator in any building, only floor heating', () => {
    const rooms = allProjects(store, seed).flatMap((p) => buildCalcInput(store, p).rooms);
    expect(rooms.length).toBeGreaterThan(0);
    expect(rooms.flatMap((r) => r.radiators)).toEqual([]);
    expect(rooms.flatMap((r) => r.heatingSurfaces).length).toBeGreaterThan(0);
  });

  it('gives each customer with applications exactly one, bound to an own project, neither canceled nor archived', () => {
    const owners = [seed.customers.primary, seed.customers.foreign, seed.customers.expiredUnlocked, ...seed.pool.slice(0, RESOURCE_OWNERS_IN_POOL)];
    for (const owner of owners) {
      const rows = store.funding.pageOfCustomer(owner.id, 1000, 0).rows;
      expect(rows, owner.name).toHaveLength(1);
      expect(rows[0]).toMatchObject({ application_type: 'project_bound', project_available: 1, archived: 0, status: 'created' });
      expect(store.projects.listAllByCustomer(owner.id).some((p) => p.id === rows[0]?.project_id)).toBe(true);
    }
    for (const other of seed.pool.slice(RESOURCE_OWNERS_IN_POOL)) expect(store.funding.pageOfCustomer(other.id, 1, 0).rows).toEqual([]);
    expect(profile.resources?.funding?.applications).toEqual([expect.objectContaining({ projectKey: seed.projects['portal'], status: 'created' })]);
  });

  it('has no incomplete webhook project and no large project', () => {
    expect(seed.webhook.incomplete).toBeUndefined();
    expect(seed.largeProject).toBeUndefined();
  });
});

describe('demo and thin data sets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpf-seed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the demo seed keeps its data set: the defaults are the demo values', () => {
    const { store, clock } = fresh();
    const seed = seedDemo(store, clock);
    const profile = buildProfile(seed, BASE, SITE);
    expect(DEMO_OPTIONS).toMatchObject({ label: 'demo', poolSize: 96, radiators: true, poolResourceOwners: 6 });
    expect(profile.name).toBe('cpf reference server (demo seed)');
    expect(profile.customers.primary.tokens).toHaveLength(3);
    expect(profile.customers.pool?.map((c) => c.tokens.length)).toEqual(Array.from({ length: 96 }, () => 2));
    expect(Object.keys(profile.resources?.primaryProjectKeys ?? {}).sort()).toEqual(['archived', 'calculable', 'completed', 'incomplete', 'outsideRadius', 'variant', 'withPictures']);
    expect(profile.resources?.funding?.applications).toHaveLength(64);
    expect(profile.webhook?.incompleteProject).toBeDefined();
    expect(seed.largeProject).toBeDefined();
    const rooms = store.projects.listAllByCustomer(seed.customers.primary.id).flatMap((p) => buildCalcInput(store, p).rooms);
    expect(rooms.flatMap((r) => r.radiators).length).toBeGreaterThan(0);
  });

  it('refuses to seed one data set into a database holding the other', () => {
    const demo = fresh();
    seedDemo(demo.store, demo.clock);
    expect(() => seedDemo(demo.store, demo.clock, THIN_OPTIONS)).toThrow(SeedMismatch);
    const thin = fresh();
    seedDemo(thin.store, thin.clock, THIN_OPTIONS);
    expect(() => seedDemo(thin.store, thin.clock)).toThrow(/another data set than the demo seed/);
    // Seeding the same data set again stays idempotent.
    expect(seedDemo(thin.store, thin.clock, THIN_OPTIONS).projects['portal']).toBeDefined();
  });

  it('reuses a written profile only for its own data set', () => {
    const { store, seed } = seedThin();
    const path = join(dir, 'profile.json');
    writeProfile(path, buildProfile(seed, BASE, SITE));
    expect(reusableProfile(path, store, 'thin')?.customers.primary.tokens).toEqual(seed.customers.primary.tokens);
    expect(reusableProfile(path, store, 'demo')).toBeUndefined();
  });
});

describe('--seed thin at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpf-thin-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = { port: 0, host: '127.0.0.1', db: join(dir, 'db.sqlite'), profileOut: join(dir, 'profile.json') };

  it('writes the thin profile, reuses it on a restart, and refuses the demo seed on its database', async () => {
    const first = await startReferenceServer({ ...base, seed: 'thin' });
    await first.close();
    expect(first.profile?.name).toBe('cpf reference server (thin seed)');
    expect(first.profile?.customers.primary.tokens).toHaveLength(1);
    const again = await startReferenceServer({ ...base, seed: 'thin' });
    await again.close();
    expect(again.profileReused).toBe(true);
    expect(again.profile?.customers.primary.tokens).toEqual(first.profile?.customers.primary.tokens);
    await expect(startReferenceServer({ ...base, seed: 'demo' })).rejects.toThrow(SeedMismatch);
  });
});
