import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../clock.js';
import type { HeavyJob } from './heavy-jobs.js';
import { createHeavyWork, inlineHeavyWork, poolLimits, WAITING_PER_CUSTOMER } from './heavy-work.js';
import { projectRef, readProjectSnapshot } from './project-snapshot.js';
import { transferableOf } from './worker-messages.js';
import { DEFAULT_SYSTEM } from '../domain/results-query.js';
import { ApiError } from '../http/api-error.js';
import { seedLargeProject } from '../seed/large-project.js';
import { openDatabase } from '../store/database.js';
import type { Project } from '../store/projects.js';
import { createStore, type Store } from '../store/store.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-heavy-work-'));
// Two copies of one project: in memory (the event loop hands the rows over) and in a file (the worker reads them itself).
const stores: Record<'memory' | 'file', Store> = { memory: createStore(openDatabase(':memory:')), file: createStore(openDatabase(join(dir, 'heavy.sqlite'))) };
const projects = {} as Record<'memory' | 'file', Project>;
// Every job goes to the one worker thread, however small.
const pooled = createHeavyWork({ workers: 1, inlineWeightLimit: 0 });

beforeAll(() => {
  for (const where of ['memory', 'file'] as const) {
    const seeded = seedLargeProject(stores[where], manualClock(), { rooms: 30 });
    projects[where] = stores[where].projects.findByKey(seeded.projectKey) as Project;
  }
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await pooled.close();
  for (const store of Object.values(stores)) store.db.close();
  rmSync(dir, { recursive: true, force: true });
});

const resultsJob = (where: 'memory' | 'file' = 'memory'): HeavyJob => ({ kind: 'results', project: projectRef(projects[where]), params: DEFAULT_SYSTEM });
const pdfJob = (where: 'memory' | 'file' = 'memory'): HeavyJob => ({ kind: 'pdf', project: projectRef(projects[where]), pdfKind: 'check', at: new Date('2026-03-01T10:00:00Z') });

/**
 * The document without the modification date, which pdf-lib stamps with the moment of rendering
 * (inside a compressed object stream): saved again the same way, equal documents are equal bytes.
 */
async function withoutModDate(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  doc.setModificationDate(new Date(0));
  return Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
}

/** Counts the event loop's reads of a project's rows (the project row itself is the route's). */
function rowReads(store: Store) {
  const rooms = vi.spyOn(store.rooms, 'listByProject');
  const building = vi.spyOn(store.building, 'ofProject');
  return () => rooms.mock.calls.length + building.mock.calls.length;
}

describe('heavy work in a worker thread', () => {
  it('reads a file database in the worker: the event loop reads none of the rows, and the answer is the inline one', async () => {
    const store = stores.file;
    const inline = await inlineHeavyWork.run(1, resultsJob('file'), store);
    const reads = rowReads(store);
    const inWorker = await pooled.run(1, resultsJob('file'), store);
    expect(reads()).toBe(0);
    expect(Buffer.from(inWorker).equals(Buffer.from(inline))).toBe(true);
    expect(JSON.parse(Buffer.from(inWorker).toString())).toMatchObject({ status: 200, action: 'getResults', project: { key: projects.file.key } });
  });

  it('renders the PDF from the file database in the worker, the same document as inline', async () => {
    const store = stores.file;
    const inline = await inlineHeavyWork.run(1, pdfJob('file'), store);
    const reads = rowReads(store);
    const inWorker = await pooled.run(1, pdfJob('file'), store);
    expect(reads()).toBe(0);
    expect(Buffer.from(inWorker).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await withoutModDate(inWorker)).toBe(await withoutModDate(inline));
  });

  it('sees what the event loop committed just before (its own connection reads the newest state)', async () => {
    const store = stores.file;
    const [room] = store.rooms.listByProject(projects.file.id);
    if (!room) throw new Error('the seeded project has no rooms');
    store.rooms.updateData(room.id, { ...room.data, raumTemperatur: '23' }, new Date());
    const inWorker = JSON.parse(Buffer.from(await pooled.run(1, resultsJob('file'), store)).toString()) as { results: { roomHeatLoads: { roomId: string; indoorTemperature: number }[] } };
    expect(inWorker.results.roomHeatLoads.find((r) => r.roomId === room.publicId)).toMatchObject({ indoorTemperature: 23 });
    store.rooms.updateData(room.id, room.data, new Date());
  });

  it('runs a project below the inline weight on the event loop', async () => {
    const store = stores.file;
    const inlineFirst = createHeavyWork({ workers: 1, inlineWeightLimit: 10_000 });
    const reads = rowReads(store);
    expect(Buffer.from(await inlineFirst.run(1, resultsJob('file'), store)).equals(Buffer.from(await inlineHeavyWork.run(1, resultsJob('file'), store)))).toBe(true);
    expect(reads()).toBeGreaterThan(0);
    await inlineFirst.close();
  });

  it('reads through a store whose reads a fault wrapped, so the worker computes what that store answers', async () => {
    const store = stores.file;
    const [, ...others] = store.rooms.listByProject(projects.file.id);
    const wrapped: Store = { ...store, rooms: { ...store.rooms, listByProject: () => others } };
    const inWorker = JSON.parse(Buffer.from(await pooled.run(1, resultsJob('file'), wrapped)).toString()) as { results: { roomHeatLoads: unknown[] } };
    expect(inWorker.results.roomHeatLoads).toHaveLength(others.length);
    expect(Buffer.from(await pooled.run(1, resultsJob('file'), wrapped)).equals(Buffer.from(await inlineHeavyWork.run(1, resultsJob('file'), wrapped)))).toBe(true);
  });

  it('hands the rows of an in-memory database over and answers the same as inline', async () => {
    const store = stores.memory;
    expect(Buffer.from(await pooled.run(1, resultsJob(), store)).equals(Buffer.from(await inlineHeavyWork.run(1, resultsJob(), store)))).toBe(true);
    expect(await withoutModDate(await pooled.run(1, pdfJob(), store))).toBe(await withoutModDate(await inlineHeavyWork.run(1, pdfJob(), store)));
  });

  it('answers 404 for a project that is no longer the customer’s when the worker reads it', async () => {
    const job: HeavyJob = { ...resultsJob('file'), project: { ...projectRef(projects.file), customerId: projects.file.customerId + 1 } };
    const refused: unknown = await pooled.run(1, job, stores.file).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
  });

  it("passes the job's own refusal back as that answer, not as an internal error", async () => {
    const job: HeavyJob = { kind: 'results', project: projectRef(projects.memory), params: { ...DEFAULT_SYSTEM, spread: 5e-324 } };
    const refused: unknown = await pooled.run(1, job, stores.memory).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).toBody()).toMatchObject({ status: 422, details: { type: 'calculation_unavailable', calculationStatus: 'unavailable' } });
  });

  it('refuses with 503 service_unavailable once a customer has too many jobs waiting, and not the others', async () => {
    const job = resultsJob();
    const store = stores.memory;
    // Submitted at once: one runs, WAITING_PER_CUSTOMER wait, the next is refused.
    const outcomes = Array.from({ length: WAITING_PER_CUSTOMER + 2 }, () => pooled.run(7, job, store).then(() => 'ok', (err: unknown) => err));
    const other = pooled.run(8, job, store);
    const settled = await Promise.all(outcomes);
    expect(settled.filter((o) => o === 'ok')).toHaveLength(WAITING_PER_CUSTOMER + 1);
    const refused = settled.find((o) => o !== 'ok');
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).toBody()).toMatchObject({ status: 503, details: { type: 'service_unavailable' } });
    expect((refused as ApiError).headers).toEqual({ 'Retry-After': '1' });
    expect(Buffer.from(await other).equals(Buffer.from(await inlineHeavyWork.run(8, job, store)))).toBe(true);
  });

  it('fails the job of a worker that ends, and starts a new worker for the next', async () => {
    const own = createHeavyWork({ workers: 1, inlineWeightLimit: 0 });
    const job = resultsJob('file');
    const lost = own.run(1, job, stores.file);
    await own.close();
    await expect(lost).rejects.toThrow();
    expect(Buffer.from(await own.run(1, job, stores.file)).equals(Buffer.from(await inlineHeavyWork.run(1, job, stores.file)))).toBe(true);
    await own.close();
  });
});

describe('the weight that decides between event loop and worker', () => {
  it('counts the rooms and what they hold, up to the limit', () => {
    const { input } = readProjectSnapshot(stores.memory, projectRef(projects.memory));
    const weight = input.rooms.reduce((sum, room) => sum + 1 + room.components.length + room.radiators.length + room.heatingSurfaces.length, 0);
    expect(stores.memory.building.weightUpTo(projects.memory.id, 1_000_000)).toBe(weight);
    expect(stores.memory.building.weightUpTo(projects.memory.id, 10)).toBe(10);
  });
});

describe('handing bytes over', () => {
  it('transfers a buffer the bytes fill alone, never one they share', () => {
    const own = new TextEncoder().encode('x'.repeat(100));
    expect(transferableOf(own)).toEqual([own.buffer]);
    expect(transferableOf(own.subarray(1))).toEqual([]);
    // Small Buffers are slices of a shared pool.
    expect(transferableOf(Buffer.from('small'))).toEqual([]);
  });
});

describe('pool limits', () => {
  it('lets one customer run on at most half of the workers, at least one', () => {
    expect(poolLimits(1).runningPerOwner).toBe(1);
    expect(poolLimits(2).runningPerOwner).toBe(1);
    expect(poolLimits(3).runningPerOwner).toBe(2);
    expect(poolLimits(8)).toMatchObject({ slots: 8, runningPerOwner: 4 });
  });
});
