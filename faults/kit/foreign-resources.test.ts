import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../reference-server/src/clock.js';
import { seedDemo } from '../../reference-server/src/seed/demo.js';
import { openDatabase } from '../../reference-server/src/store/database.js';
import { createStore } from '../../reference-server/src/store/store.js';
import { namesForeignResource } from './foreign-resources.js';

describe('namesForeignResource', () => {
  const store = createStore(openDatabase(':memory:'));
  const seed = seedDemo(store, manualClock());
  const primary = seed.customers.primary.id;
  const foreignKey = seed.projects['foreign'] as string;
  const ownKey = seed.projects['portal'] as string;
  const projectId = (key: string) => store.projects.findByKey(key)?.id as number;
  store.rooms.insert({ publicId: 'rforeign00000001', projectId: projectId(foreignKey), data: {}, baujahr: '', at: new Date() });
  store.rooms.insert({ publicId: 'rown000000000001', projectId: projectId(ownKey), data: {}, baujahr: '', at: new Date() });
  const ownApplication = seed.primaryApplications[0]?.applicationId as string;
  const isForeign = namesForeignResource({ store, siteUrl: 'https://site.example' });
  const names = (path: string) => isForeign({ path } as Request, primary);

  it('finds a project of another customer by its key, in either case and below it', () => {
    expect([names(`/reports/${foreignKey}`), names(`/reports/${foreignKey.toUpperCase()}`), names(`/reports/${foreignKey}/rooms`)]).toEqual([true, true, true]);
    expect([names(`/reports/${ownKey}`), names('/reports/zzzzzzzzq')]).toEqual([false, false]);
  });

  it("finds another customer's room under an own project, not an own or a missing one", () => {
    expect(names(`/reports/${ownKey}/rooms/rforeign00000001`)).toBe(true);
    expect([names(`/reports/${ownKey}/rooms/rown000000000001`), names(`/reports/${ownKey}/rooms/r0000000000000000`)]).toEqual([false, false]);
  });

  it("finds another customer's funding application, not an own or a missing one", () => {
    expect(names(`/funding/applications/${seed.foreignApplicationId}`)).toBe(true);
    expect([names(`/funding/applications/${ownApplication}`), names('/funding/applications/0000990999')]).toEqual([false, false]);
  });

  it('leaves undecodable ids alone (the route answers them 404 as malformed)', () => {
    expect(names(`/reports/${ownKey}/rooms/%E0%A4%A`)).toBe(false);
  });
});
