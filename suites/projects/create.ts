/**
 * Project creation: `POST /reports` and `POST /reports/with-data` (endpoint table, endpoint rules 1
 * and 2, "Resources and their fields > Project"). Every creation costs a project that cannot be
 * deleted, so each check creates as few as it needs and names them with `harnessProjectName()`.
 */
import { describe, expect } from 'vitest';
import { creationResponseSchema, projectDetailResponseSchema, projectListResponseSchema, type CreationResponse } from '../../spec/contract/projects.js';
import type { Actor, ApiResponse } from '../harness/client.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { withLocks } from '../harness/field-locks.js';
import { expectReadBack, expectRejected, expectUnderSiteUrl, readData, validPostalCodes, type ReadBack } from './support.js';

const WRITES = { writes: true } as const;

/** HTTP 201 and the creation response exactly as the spec writes it; the link lies under {site_url}. */
function expectCreated(res: ApiResponse): CreationResponse {
  expectStatus(res, 201);
  const body = expectSchema(res, creationResponseSchema, 'creation response');
  expectUnderSiteUrl(body.projektHeader.link);
  return body;
}

/**
 * The project list body. The fields of a list entry are "not shown", so the keys it lists are taken
 * as every nine-letter word of the body (a superset of the keys, stable between two reads).
 */
async function listedKeys(actor: Actor): Promise<Set<string>> {
  const res = await actor.get('/reports');
  expectStatus(res, 200);
  expectSchema(res, projectListResponseSchema, 'project list');
  return new Set([...res.text.matchAll(/(?<![A-Za-z])[A-Za-z]{9}(?![A-Za-z])/g)].map((m) => m[0].toLowerCase()));
}

/** Marks the names of projects that must never come into being. */
const MUST_NOT_EXIST = '(must not exist)';

/**
 * Runs `attempt` as the education customer (the only role besides the pool that may create, and
 * one the pool-based checks never use) and proves it created no project: keys that appear in GET
 * /reports between before and after are read; one whose name marks it as sent by a refused request,
 * or an unnamed one, counts against the target. An unnamed project may also come from a concurrent
 * check of another file (e.g. an empty POST /reports of the auth suite), so the proof is repeated
 * once before it fails; a project named by another check is ignored. All checks of this file that
 * use the education customer hold one lock.
 */
async function createsNoProject(t: CheckContext, attempt: (actor: Actor) => Promise<void>): Promise<void> {
  const actor = t.as('education');
  await withLocks(['education:projects'], async () => {
    for (let round = 1; ; round++) {
      const before = await listedKeys(actor);
      await attempt(actor);
      const added = [...(await listedKeys(actor))].filter((k) => !before.has(k));
      const suspects: string[] = [];
      let marked = false;
      for (const key of added) {
        const res = await actor.get(`/reports/${key}`);
        if (res.status !== 200) continue; // a nine-letter word of the list body that is not a key
        const name = expectSchema(res, projectDetailResponseSchema, 'project detail').projektData.projektName;
        if (typeof name === 'string' && name !== '' && !name.includes(MUST_NOT_EXIST)) continue;
        suspects.push(key);
        marked ||= typeof name === 'string' && name.includes(MUST_NOT_EXIST);
      }
      if (suspects.length === 0) return;
      if (marked || round === 2) {
        expect(suspects, `the refused requests must not create a project; new projects in GET /reports: ${suspects.join(', ')}`).toEqual([]);
      }
    }
  });
}

/** An omitted body where one is required: a validation error (400 for "no JSON" or 422 for "no envelope"). */
function expectNoBodyRefused(res: ApiResponse): void {
  expectStatus(res, [400, 422]);
  expectError(res, res.status, 'validation');
}

/** The fields a with-data creation sends, and what each must read back as (normalized). */
function presetData(t: CheckContext, suffix: string): { sent: Record<string, unknown>; expected: Record<string, ReadBack> } {
  const name = harnessProjectName(suffix);
  const plz = validPostalCodes(t.profile)[0];
  const sent: Record<string, unknown> = {
    projektName: name,
    projektBewohner: '3',
    projektJahresverbrauch: '12000,5',
    projektArtHeizung: '2',
    projektWaermeerzeugerSolarStatus: true,
    plz: '01234',
    ort: 4711,
    ...(plz ? { projektPostleitzahl: plz } : {}),
  };
  const expected: Record<string, ReadBack> = {
    projektName: { text: name },
    projektBewohner: { number: 3 },
    projektJahresverbrauch: { number: 12000.5 },
    projektArtHeizung: { number: 2 },
    projektWaermeerzeugerSolarStatus: { on: true },
    plz: { text: '01234' },
    ort: { text: '4711' },
    ...(plz ? { projektPostleitzahl: { text: plz } } : {}),
  };
  return { sent, expected };
}

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function createChecks(): void {
  describe('POST /reports', () => {
    check(
      ['PROJ-72', 'PROJ-76', 'PROJ-1', 'PROJ-70', 'PROJ-71', 'PROJ-73', 'PROJ-74', 'PROJ-75', 'STAT-1'],
      'POST /reports without a body must answer 201 with {status: 200, action: createReport, projektHeader, projektData}: key of nine lowercase letters, absolute link under {site_url}, numeric id, status 1',
      async (t) => {
        const actor = await t.owner('own-data-only');
        const body = expectCreated(await actor.post('/reports'));
        expect(body.projektHeader.key).toMatch(/^[a-z]{9}$/);
        expect(Number.isInteger(body.projektHeader.id), `projektHeader.id ${body.projektHeader.id} must be a number identifying the project`).toBe(true);
      },
      WRITES,
    );

    check(
      ['PROJ-77', 'PROJ-82', 'PROJ-1'],
      'POST /reports with the body {} must answer 201, and a repeated identical call must create a further project with a different key',
      async (t) => {
        const actor = await t.owner('own-data-only');
        const first = expectCreated(await actor.post('/reports', {}));
        const second = expectCreated(await actor.post('/reports', {}));
        expect(second.projektHeader.key, 'a repeated creation must not return the first project (no idempotency key)').not.toBe(first.projektHeader.key);
        expect(second.projektHeader.id, 'a repeated creation must create a further project').not.toBe(first.projektHeader.id);
      },
      WRITES,
    );

    // Endpoint rule 1 names both creation endpoints; identical preset data is where a target that
    // deduplicates would be tempted to hand back the first project.
    check(
      'PROJ-82',
      'POST /reports/with-data repeated with the same preset body must answer 201 twice with two different projects (no idempotency key)',
      async (t) => {
        const actor = await t.owner('own-data-only');
        const body = { projectData: { projektName: harnessProjectName('repeated with-data') } };
        const first = expectCreated(await actor.post('/reports/with-data', body));
        const second = expectCreated(await actor.post('/reports/with-data', body));
        expect(second.projektHeader.key, 'a repeated creation with the same data must not return the first project (no idempotency key)').not.toBe(first.projektHeader.key);
        expect(second.projektHeader.id, 'a repeated creation with the same data must create a further project').not.toBe(first.projektHeader.id);
      },
      WRITES,
    );

    for (const [body, label] of [
      [{ projektName: 'x' }, 'a project field'],
      [{ projectData: { projektName: 'x' } }, 'an envelope'],
      [{ unbekannt: true }, 'an unknown property'],
    ] as const) {
      check(
        'PROJ-78',
        `POST /reports with ${label} in the body must give 422 validation`,
        async (t) => {
          const actor = await t.owner('own-data-only');
          expectRejected(await actor.post('/reports', body));
        },
        WRITES,
      );
    }
  });

  describe('POST /reports/with-data', () => {
    for (const envelope of ['projectData', 'projektData'] as const) {
      check(
        [envelope === 'projectData' ? 'PROJ-5' : 'PROJ-6', 'PROJ-84', 'PROJ-87', 'PROJ-1', 'PROJ-119'],
        `POST /reports/with-data with the envelope \`${envelope}\` must answer 201 with the creation response showing the sent values normalized, and the detail must show them too`,
        async (t) => {
          const actor = await t.owner('own-data-only');
          const { sent, expected } = presetData(t, `with-data ${envelope}`);
          const created = expectCreated(await actor.post('/reports/with-data', { [envelope]: sent }));
          for (const [field, want] of Object.entries(expected)) expectReadBack(created.projektData, field, want, sent[field]);
          const stored = await readData(actor, created.projektHeader.key);
          for (const [field, want] of Object.entries(expected)) expectReadBack(stored, field, want, sent[field]);
        },
        WRITES,
      );
    }

    const name = (what: string) => harnessProjectName(`${what} ${MUST_NOT_EXIST}`);
    const refused: { rules: string[]; label: string; body?: unknown; field?: string }[] = [
      { rules: ['PROJ-7'], label: 'both `projectData` and `projektData`', body: { projectData: { projektName: name('both') }, projektData: { projektName: name('both') } } },
      { rules: ['PROJ-86'], label: 'an invalid value (projektBewohner 10001)', body: { projectData: { projektName: name('invalid'), projektBewohner: 10001 } }, field: 'projektBewohner' },
      { rules: ['PROJ-9'], label: 'the body {} (no envelope)', body: {} },
      { rules: ['PROJ-9'], label: 'project fields at the top level', body: { projektName: name('top level') } },
    ];
    for (const c of refused) {
      check(
        c.rules,
        `POST /reports/with-data with ${c.label} must give 422 validation`,
        async (t) => {
          const actor = await t.owner('own-data-only');
          expectRejected(await actor.post('/reports/with-data', c.body), c.field);
        },
        WRITES,
      );
    }
    check(
      'PROJ-85',
      'POST /reports/with-data without a body (Content-Type application/json) must be refused with a validation error',
      async (t) => {
        const actor = await t.owner('own-data-only');
        expectNoBodyRefused(await actor.post('/reports/with-data', undefined, { headers: { 'content-type': 'application/json' } }));
      },
      WRITES,
    );

    check(
      ['PROJ-86', 'PROJ-85'],
      'refused POST /reports/with-data requests (both envelopes, an invalid value, no body) must create no project: validation happens before creation',
      async (t) => {
        await createsNoProject(t, async (actor) => {
          for (const c of refused.slice(0, 2)) expectRejected(await actor.post('/reports/with-data', c.body), c.field);
          expectNoBodyRefused(await actor.post('/reports/with-data', undefined, { headers: { 'content-type': 'application/json' } }));
        });
      },
      { ...WRITES, needs: (p) => (p.customers.education ? undefined : 'customers.education (its project list is compared before and after)') },
    );

    check(
      'PROJ-14',
      'POST /reports/with-data with an empty envelope must give 422 validation',
      async (t) => {
        const actor = await t.owner('own-data-only');
        expectRejected(await actor.post('/reports/with-data', { projectData: {} }));
      },
      WRITES,
    );
  });

  describe('creation and licenses', () => {
    check(
      ['PROJ-81', 'PROJ-1'],
      'POST /reports and POST /reports/with-data must answer 201 for a customer with an active education license',
      async (t) => {
        const actor = t.as('education');
        await withLocks(['education:projects'], async () => {
          expectCreated(await actor.post('/reports'));
          expectCreated(await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName('education') } }));
        });
      },
      WRITES,
    );

    for (const [role, rule, label] of [
      ['locked', 'PROJ-79', 'a customer without license (locked)'],
      ['expiredUnlocked', 'PROJ-80', 'an unlocked customer whose annual license has expired'],
    ] as const) {
      check(
        rule,
        `POST /reports and POST /reports/with-data must give 403 authorization for ${label}`,
        async (t) => {
          const actor = t.as(role);
          expectError(await actor.post('/reports'), 403, 'authorization');
          expectError(await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName(`${role} ${MUST_NOT_EXIST}`) } }), 403, 'authorization');
        },
        WRITES,
      );
    }
  });
}
