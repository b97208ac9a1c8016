/**
 * Project creation: `POST /reports` and `POST /reports/with-data` (endpoint table, endpoint rules 1
 * and 2, "Resources and their fields > Project"). Every creation costs a project that cannot be
 * deleted, so each check creates as few as it needs and names them with `harnessProjectName()`.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { createdProjectKeySchema } from '../../spec/contract/common.js';
import { creationResponseSchema, PROJECT_STATUS, projektHeaderSchema } from '../../spec/contract/projects.js';
import { CREATION, REFUSED, type Actor, type ApiResponse } from '../harness/client.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { withLocks } from '../harness/field-locks.js';
import { readOnward } from '../harness/read-onward.js';
import { createdProject, detailOf, expectReadBack, expectRejected, expectUnderSiteUrl, readData, validPostalCodes, type ReadBack } from './support.js';

const WRITES = { writes: true } as const;

/**
 * Every project a creation makes stays (there is no delete), so the checks that each judge one rule
 * of a creation answer share the answer: one `POST /reports` without a body and one `POST
 * /reports/with-data` with preset data per run, sent by the first check that asks (as the customer
 * it leases) and handed to every other with the exchange attached to it.
 */
const sharedCreations = new Map<Creation, Promise<ApiResponse>>();

type Creation = 'empty' | 'with-data';

async function sharedCreation(t: CheckContext, kind: Creation): Promise<ApiResponse> {
  let creation = sharedCreations.get(kind);
  const first = creation === undefined;
  if (!creation) {
    creation = (async () => {
      const actor = await t.owner('own-data-only');
      return kind === 'empty' ? actor.post('/reports') : actor.post('/reports/with-data', { projectData: presetData(t, 'with-data shared').sent });
    })();
    sharedCreations.set(kind, creation);
    creation.catch(() => sharedCreations.delete(kind));
  }
  const res = await creation;
  if (!first) t.record(res.exchange);
  return res;
}

const present = z.unknown().refine((value) => value !== undefined, 'required');

/** The members of a creation answer (PROJ-73); their values are PROJ-74's, PROJ-75's, PROJ-70's and PROJ-88's. */
const creationMembersSchema = z.looseObject({ status: present, action: present, projektHeader: present, projektData: present });

/** A creation answer read for a member another rule judges: the 201 is PROJ-72's (or PROJ-84's). */
function creationBody(res: ApiResponse, owner: string): Record<string, unknown> {
  return readOnward(res, { status: 201, schema: z.looseObject({}), owner, what: 'the creation answer' });
}

/** The header of a creation or detail answer, for the checks of its members. */
function headerOf(res: ApiResponse, status: number, what: string): Record<string, unknown> {
  const schema = z.looseObject({ projektHeader: z.looseObject({}) });
  const creation = new URL(res.exchange.request.url).pathname.endsWith('/with-data') ? 'PROJ-84' : 'PROJ-72';
  return readOnward(res, { status, schema, owner: status === 201 ? 'PROJ-72, PROJ-84 and PROJ-73' : 'PROJ-95 and PROJ-96', statusRule: status === 201 ? creation : 'PROJ-95', what }).projektHeader;
}

/**
 * The project list, for finding new projects: the fields of a list entry are "not shown", so the
 * keys it lists are taken as every nine-letter word of the body (a superset of the keys, stable
 * between two reads); PROJ-89 judges the answer.
 */
async function listedKeys(actor: Actor): Promise<Set<string>> {
  const res = await actor.get('/reports');
  readOnward(res, { status: 200, schema: z.unknown(), owner: 'PROJ-89', what: 'GET /reports' });
  return new Set([...res.text.matchAll(/(?<![A-Za-z])[A-Za-z]{9}(?![A-Za-z])/g)].map((m) => m[0].toLowerCase()));
}

/** A project of customers.education the list must name (the positive control of `createsNoProject`). */
let educationProject: Promise<string> | undefined;

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
    // The positive control: the list names a project of the customer by its key, else a project
    // that a refused request made would not show either. One known project per worker, created
    // here (named, so the proof below passes over it).
    educationProject ??= actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName('list control') } }).then((res) => createdProject(res).key);
    educationProject.catch(() => (educationProject = undefined));
    const known = await educationProject;
    for (let round = 1; ; round++) {
      const before = await listedKeys(actor);
      if (!before.has(known.toLowerCase())) {
        return t.notExercised(t.rules, `GET /reports of customers.education does not name its project ${known} by key: a project made by a refused request would not show either`);
      }
      await attempt(actor);
      const added = [...(await listedKeys(actor))].filter((k) => !before.has(k));
      const suspects: string[] = [];
      let marked = false;
      for (const key of added) {
        const res = await actor.get(`/reports/${key}`);
        if (res.status !== 200) continue; // a nine-letter word of the list body that is not a key
        const name = detailOf(res, `the detail of the new project ${key}`).projektData.projektName;
        if (typeof name === 'string' && name !== '' && !name.includes(MUST_NOT_EXIST)) continue;
        suspects.push(key);
        marked ||= typeof name === 'string' && name.includes(MUST_NOT_EXIST);
      }
      if (suspects.length === 0) return t.judged(t.rules, before.size, `nine-letter words of the project list of customers.education compared before and after (its keys among them, ${known} as well)`);
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
  describe('POST /reports: the creation answer', () => {
    check(['PROJ-72', 'PROJ-76'], 'POST /reports without a body must answer 201', async (t) => {
      expectStatus(await sharedCreation(t, 'empty'), 201);
    }, WRITES);

    // The header's members are PROJ-70's, PROJ-1's and STAT-1's.
    check('PROJ-84', 'POST /reports/with-data must answer 201 with the creation response {status: 200, action: createReport, projektHeader, projektData}', async (t) => {
      const res = await sharedCreation(t, 'with-data');
      expectStatus(res, 201);
      expectSchema(res, creationResponseSchema.extend({ projektHeader: z.looseObject({}) }), 'creation response');
    }, WRITES);

    for (const kind of ['empty', 'with-data'] as const) {
      const endpoint = kind === 'empty' ? 'POST /reports' : 'POST /reports/with-data';
      const owner = kind === 'empty' ? 'PROJ-72' : 'PROJ-84';
      check('PROJ-73', `${endpoint} answers with the members status, action, projektHeader and projektData (further members allowed)`, async (t) => {
        const res = await sharedCreation(t, kind);
        creationBody(res, owner);
        expectSchema(res, creationMembersSchema, 'creation response');
      }, WRITES);

      check('PROJ-74', `${endpoint} answers HTTP 201 with the historic JSON status 200`, async (t) => {
        expect(creationBody(await sharedCreation(t, kind), owner).status, 'the JSON `status` of a creation response').toBe(200);
      }, WRITES);

      check('PROJ-75', `${endpoint} answers with action "createReport"`, async (t) => {
        expect(creationBody(await sharedCreation(t, kind), owner).action, 'the `action` of a creation response').toBe('createReport');
      }, WRITES);

      check('PROJ-70', `projektHeader of the ${endpoint} answer carries key (string), link, id (number) and status (number)`, async (t) => {
        const header = headerOf(await sharedCreation(t, kind), 201, `the ${endpoint} answer`);
        const parsed = projektHeaderSchema.safeParse(header);
        expect(parsed.success, `projektHeader ${JSON.stringify(header)}: ${parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') ?? ''}`).toBe(true);
      }, WRITES);

      check('PROJ-71', `projektHeader.link of the ${endpoint} answer is a full URL under {site_url}`, async (t) => {
        const link = headerOf(await sharedCreation(t, kind), 201, `the ${endpoint} answer`).link;
        expect(typeof link, `projektHeader.link ${JSON.stringify(link)} must be a full URL`).toBe('string');
        expectUnderSiteUrl(link as string);
      }, WRITES);

      check('PROJ-1', `the key of a project created by ${endpoint} is nine lowercase letters`, async (t) => {
        const key = headerOf(await sharedCreation(t, kind), 201, `the ${endpoint} answer`).key;
        expect(createdProjectKeySchema.safeParse(key).success, `projektHeader.key ${JSON.stringify(key)} of a new project must be nine lowercase letters`).toBe(true);
      }, WRITES);

      check('STAT-1', `projektHeader.status of the ${endpoint} answer is 1`, async (t) => {
        expect(headerOf(await sharedCreation(t, kind), 201, `the ${endpoint} answer`).status, 'status of a new project ("1 (value in a creation response)")').toBe(PROJECT_STATUS.created);
      }, WRITES);
    }

    check('PROJ-70', 'projektHeader of GET /reports/{projectKey} carries key (string), link, id (number) and status (number)', async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      const header = headerOf(await actor.get(`/reports/${key}`), 200, 'the project detail');
      const parsed = projektHeaderSchema.safeParse(header);
      expect(parsed.success, `projektHeader ${JSON.stringify(header)}: ${parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') ?? ''}`).toBe(true);
    }, WRITES);

    check('PROJ-71', 'projektHeader.link of GET /reports/{projectKey} is a full URL under {site_url}', async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      const link = headerOf(await actor.get(`/reports/${key}`), 200, 'the project detail').link;
      expect(typeof link, `projektHeader.link ${JSON.stringify(link)} must be a full URL`).toBe('string');
      expectUnderSiteUrl(link as string);
    }, WRITES);
  });

  describe('POST /reports', () => {
    check(
      ['PROJ-77', 'PROJ-82'],
      'POST /reports with the body {} must answer 201, and a repeated identical call must create a further project with a different key',
      async (t) => {
        const actor = await t.owner('own-data-only');
        const firstRes = await actor.post('/reports', {});
        expectStatus(firstRes, 201);
        const first = createdProject(firstRes);
        const secondRes = await actor.post('/reports', {});
        expectStatus(secondRes, 201);
        const second = createdProject(secondRes);
        expect(second.key, 'a repeated creation must not return the first project (no idempotency key)').not.toBe(first.key);
        expect(second.id, 'a repeated creation must create a further project').not.toEqual(first.id);
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
        const firstRes = await actor.post('/reports/with-data', body);
        expectStatus(firstRes, 201);
        const first = createdProject(firstRes);
        const secondRes = await actor.post('/reports/with-data', body);
        expectStatus(secondRes, 201);
        const second = createdProject(secondRes);
        expect(second.key, 'a repeated creation with the same data must not return the first project (no idempotency key)').not.toBe(first.key);
        expect(second.id, 'a repeated creation with the same data must create a further project').not.toEqual(first.id);
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
          expectRejected(await actor.post('/reports', body, REFUSED));
        },
        WRITES,
      );
    }
  });

  describe('POST /reports/with-data', () => {
    for (const envelope of ['projectData', 'projektData'] as const) {
      check(
        [envelope === 'projectData' ? 'PROJ-5' : 'PROJ-6', 'PROJ-87', 'PROJ-119'],
        `POST /reports/with-data with the envelope \`${envelope}\` must answer 201 with the creation response showing the sent values normalized, and the detail must show them too`,
        async (t) => {
          const actor = await t.owner('own-data-only');
          const { sent, expected } = presetData(t, `with-data ${envelope}`);
          const res = await actor.post('/reports/with-data', { [envelope]: sent });
          expectStatus(res, 201);
          const created = createdProject(res);
          for (const [field, want] of Object.entries(expected)) expectReadBack(created.data, field, want, sent[field]);
          const stored = await readData(actor, created.key);
          for (const [field, want] of Object.entries(expected)) expectReadBack(stored, field, want, sent[field]);
        },
        WRITES,
      );
    }

    const name = (what: string) => harnessProjectName(`${what} ${MUST_NOT_EXIST}`);
    const refused: { rules: string[]; label: string; body?: unknown }[] = [
      { rules: ['PROJ-7'], label: 'both `projectData` and `projektData`', body: { projectData: { projektName: name('both') }, projektData: { projektName: name('both') } } },
      { rules: ['PROJ-86'], label: 'an invalid value (projektBewohner 10001)', body: { projectData: { projektName: name('invalid'), projektBewohner: 10001 } } },
      { rules: ['PROJ-9'], label: 'the body {} (no envelope)', body: {} },
      { rules: ['PROJ-9'], label: 'project fields at the top level', body: { projektName: name('top level') } },
    ];
    for (const c of refused) {
      check(
        c.rules,
        `POST /reports/with-data with ${c.label} must give 422 validation`,
        async (t) => {
          const actor = await t.owner('own-data-only');
          expectRejected(await actor.post('/reports/with-data', c.body, REFUSED));
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
          for (const c of refused.slice(0, 2)) expectRejected(await actor.post('/reports/with-data', c.body, REFUSED));
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
        expectRejected(await actor.post('/reports/with-data', { projectData: {} }, REFUSED));
      },
      WRITES,
    );
  });

  describe('creation and licenses', () => {
    check(
      'PROJ-81',
      'POST /reports and POST /reports/with-data must answer 201 for a customer with an active education license',
      async (t) => {
        const actor = t.as('education');
        await withLocks(['education:projects'], async () => {
          // Sent again past a gateway's answer: the repeat's status is judged as the first's would be, and a project a lost answer leaves behind is named by nothing here.
          expectStatus(await actor.post('/reports', undefined, CREATION), 201);
          expectStatus(await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName('education') } }, CREATION), 201);
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
          expectError(await actor.post('/reports', undefined, REFUSED), 403, 'authorization');
          expectError(await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName(`${role} ${MUST_NOT_EXIST}`) } }, REFUSED), 403, 'authorization');
        },
        WRITES,
      );
    }
  });
}
