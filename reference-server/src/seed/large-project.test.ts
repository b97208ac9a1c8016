import { describe, expect, it } from 'vitest';
import { checkCalculable } from '../calc/results.js';
import { manualClock } from '../clock.js';
import { hashApiToken } from '../domain/api-token.js';
import { buildCalcInput } from '../domain/calc-input.js';
import { seedDemo } from './demo.js';
import { LARGE_PROJECT_CUSTOMER, seedLargeProject } from './large-project.js';
import { buildProfile } from './profile.js';
import { openDatabase } from '../store/database.js';
import type { Project } from '../store/projects.js';
import { createStore } from '../store/store.js';

const fresh = () => ({ store: createStore(openDatabase(':memory:')), clock: manualClock() });

describe('large project seed', () => {
  it('makes a customer of its own with a calculable project of 1000 rooms', () => {
    const { store, clock } = fresh();
    const seeded = seedLargeProject(store, clock);
    const customer = store.customers.findByTokenHash(hashApiToken(seeded.token));
    expect(customer).toMatchObject({ id: seeded.customerId, name: LARGE_PROJECT_CUSTOMER, license: 'annual', heatpumpRight: true, blocked: false });
    const project = store.projects.findOwned(seeded.projectKey, seeded.customerId) as Project;
    const input = buildCalcInput(store, project);
    expect(input.rooms).toHaveLength(1000);
    expect(checkCalculable(input)).toBeUndefined();
  });

  it('is idempotent: a second call finds customer and project and adds a token, the first stays valid', () => {
    const { store, clock } = fresh();
    const first = seedLargeProject(store, clock, { rooms: 12 });
    const again = seedLargeProject(store, clock, { rooms: 12 });
    expect(again).toMatchObject({ customerId: first.customerId, projectKey: first.projectKey });
    expect(again.token).not.toBe(first.token);
    expect(store.customers.findByTokenHash(hashApiToken(first.token))?.id).toBe(first.customerId);
    const project = store.projects.findOwned(first.projectKey, first.customerId) as Project;
    expect(store.rooms.listByProject(project.id)).toHaveLength(12);
  });

  it('is part of the demo seed and stays out of the profile the suites read', () => {
    const { store, clock } = fresh();
    const seed = seedDemo(store, clock);
    expect(store.customers.findByTokenHash(hashApiToken(seed.largeProject.token))?.name).toBe(LARGE_PROJECT_CUSTOMER);
    const profile = JSON.stringify(buildProfile(seed, 'http://127.0.0.1:1/api/v2', 'http://127.0.0.1:1'));
    expect(profile).not.toContain(seed.largeProject.projectKey);
    expect(profile).not.toContain(seed.largeProject.token);
    expect(seedDemo(store, clock).largeProject.projectKey).toBe(seed.largeProject.projectKey);
  });
});
