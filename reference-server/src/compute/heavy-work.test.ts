import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { runHeavyJob, type HeavyJob } from './heavy-jobs.js';
import { createHeavyWork, poolLimits, WAITING_PER_CUSTOMER } from './heavy-work.js';
import { buildCalcInput } from '../domain/calc-input.js';
import { DEFAULT_SYSTEM } from '../domain/results-query.js';
import { ApiError } from '../http/api-error.js';
import { seedLargeProject } from '../seed/large-project.js';
import { openDatabase } from '../store/database.js';
import type { Project } from '../store/projects.js';
import { createStore, type Store } from '../store/store.js';

let store: Store;
let project: Project;
// Every job goes to the one worker thread, however small.
const pooled = createHeavyWork({ workers: 1, inlineWeightLimit: 0 });

beforeAll(() => {
  store = createStore(openDatabase(':memory:'));
  const seeded = seedLargeProject(store, manualClock(), { rooms: 30 });
  project = store.projects.findByKey(seeded.projectKey) as Project;
});
afterAll(() => pooled.close());

const resultsJob = (): HeavyJob & { kind: 'results' } => ({ kind: 'results', input: buildCalcInput(store, project), params: DEFAULT_SYSTEM, projectKey: project.key });
const pdfJob = (): HeavyJob & { kind: 'pdf' } => ({
  kind: 'pdf',
  input: buildCalcInput(store, project),
  project,
  rooms: store.rooms.listByProject(project.id),
  pdfKind: 'check',
  at: new Date('2026-03-01T10:00:00Z'),
});

describe('heavy work in a worker thread', () => {
  it('answers the same results text as on the event loop', async () => {
    const job = resultsJob();
    expect(await pooled.run(1, job)).toBe(await runHeavyJob(job));
  });

  it('renders the PDF there', async () => {
    const bytes = await pooled.run(1, pdfJob());
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.byteLength).toBeGreaterThan(1000);
  });

  it("passes the job's own refusal back as that answer, not as an internal error", async () => {
    const job = { ...resultsJob(), params: { ...DEFAULT_SYSTEM, spread: 5e-324 } };
    const refused: unknown = await pooled.run(1, job).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).toBody()).toMatchObject({ status: 422, details: { type: 'calculation_unavailable', calculationStatus: 'unavailable' } });
  });

  it('refuses with 503 service_unavailable once a customer has too many jobs waiting, and not the others', async () => {
    const job = resultsJob();
    // Submitted at once: one runs, WAITING_PER_CUSTOMER wait, the next is refused.
    const outcomes = Array.from({ length: WAITING_PER_CUSTOMER + 2 }, () => pooled.run(7, job).then(() => 'ok', (err: unknown) => err));
    const other = pooled.run(8, job);
    const settled = await Promise.all(outcomes);
    expect(settled.filter((o) => o === 'ok')).toHaveLength(WAITING_PER_CUSTOMER + 1);
    const refused = settled.find((o) => o !== 'ok');
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).toBody()).toMatchObject({ status: 503, details: { type: 'service_unavailable' } });
    expect((refused as ApiError).headers).toEqual({ 'Retry-After': '1' });
    expect(await other).toBe(await runHeavyJob(job));
  });

  it('fails the job of a worker that ends, and starts a new worker for the next', async () => {
    const own = createHeavyWork({ workers: 1, inlineWeightLimit: 0 });
    const job = resultsJob();
    const lost = own.run(1, job);
    await own.close();
    await expect(lost).rejects.toThrow();
    expect(await own.run(1, job)).toBe(await runHeavyJob(job));
    await own.close();
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
