/**
 * Reading and changing projects: `GET /reports`, `GET /reports/{projectKey}`, `PATCH
 * /reports/{projectKey}` (endpoint rule 3), `PUT /reports/{projectKey}/password` (endpoint rule 5),
 * license rule 4 (reading after expiry) and the absence of a delete operation.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { forbiddenDetailKeys, projectListResponseSchema, RELEASED_PROJECT_FIELDS, PASSWORD_LENGTH } from '../../spec/contract/projects.js';
import { jsonScalarSchema } from '../../spec/contract/common.js';
import { REFUSED, type Actor } from '../harness/client.js';
import { check, harnessProjectName } from '../harness/check.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';
import { fieldLocks, withLocks } from '../harness/field-locks.js';
import { marker } from '../harness/marker.js';
import { readOnward } from '../harness/read-onward.js';
import { customersWithMainProjects, foreignProjectUnshown, knownByKey, knownMainProjects } from './known-projects.js';
import {
  createdProject,
  detailOf,
  expectReadBack,
  expectRejected,
  isListed,
  listEntries,
  needsForeignProject,
  patchAccepted,
  readData,
  readDetail,
  validPostalCodes,
} from './support.js';

const WRITES = { writes: true } as const;

/** The entries of the four groups of GET /reports, read to find projects in them (PROJ-89 judges the answer). */
async function projectList(actor: Actor): Promise<unknown[]> {
  return listEntries(await actor.get('/reports'));
}

/** The detail members PROJ-96 names: the header (with the key of the project) and the data. */
const detailMembersSchema = z.looseObject({ projektHeader: z.looseObject({ key: z.string() }), projektData: z.looseObject({}) });

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function readChangeChecks(): void {
  describe('GET /reports/{projectKey}', () => {
    check('PROJ-95', 'GET /reports/{projectKey} of an own project must answer 200', async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      expectStatus(await actor.get(`/reports/${key}`), 200);
    }, WRITES);

    check(
      'PROJ-96',
      'GET /reports/{projectKey} must carry projektHeader with the key of the project and the released data in projektData (a value just written shows there)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const note = `Detail ${marker()}`;
        await withLocks(fieldLocks(key, ['bemerkungen']), async () => {
          await patchAccepted(actor, key, { bemerkungen: note });
          const res = await actor.get(`/reports/${key}`);
          readOnward(res, { status: 200, schema: z.unknown(), owner: 'PROJ-95', what: `the detail of project ${key}` });
          const detail = expectSchema(res, detailMembersSchema, 'project detail');
          expect(detail.projektHeader.key.toLowerCase(), 'projektHeader.key must be the key of the requested project').toBe(key.toLowerCase());
          expectReadBack(detail.projektData, 'bemerkungen', { text: note });
        });
      },
      WRITES,
    );

    check('PROJ-88', 'the released fields in projektData of GET /reports/{projectKey} are scalar values ("Only scalar values are allowed")', async (t) => {
      const { actor, key } = await t.ownerWithProject('own-data-only');
      const data = (await readDetail(actor, key)).projektData;
      const notScalar = RELEASED_PROJECT_FIELDS.filter((field) => field in data && !jsonScalarSchema.safeParse(data[field]).success).map((field) => `${field}: ${JSON.stringify(data[field])}`);
      expect(notScalar, 'released project fields that are not scalars').toEqual([]);
    }, WRITES);

    check(
      'PROJ-97',
      'GET /reports/{projectKey} must not carry password, internal or owner fields',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const res = await actor.get(`/reports/${key}`);
        readOnward(res, { status: 200, schema: z.unknown(), owner: 'PROJ-95', what: `the detail of project ${key}` });
        expect(forbiddenDetailKeys(JSON.parse(res.text) as unknown), 'the detail must omit internal settings, passwords and owner data').toEqual([]);
        expect(res.text, 'the detail must not carry password fields').not.toMatch(/pass(?:wort|word)/i);
      },
      WRITES,
    );
  });

  describe('PATCH /reports/{projectKey}', () => {
    check(
      ['PROJ-102', 'PROJ-101'],
      'PATCH /reports/{projectKey} must change only the sent field; every other released field and the header stay unchanged',
      async (t) => {
        const actor = await t.owner('own-data-only');
        const plz = validPostalCodes(t.profile)[0];
        const created = await actor.post('/reports/with-data', {
          projectData: {
            projektName: harnessProjectName('patch only sent fields'),
            ...(plz ? { projektPostleitzahl: plz } : {}),
            projektArtHeizung: 3,
            projektAlterHeizung: 2,
            projektBewohner: 5,
            projektJahresverbrauch: 21000,
            projektBaujahr: 1968,
            projektTrinkwasser: 1,
            projektWaermeerzeugerSolarStatus: 'on',
            projektWaermeerzeugerSolarArt: 2,
            projektKollektorflaecheSolar: 8.5,
            projektWaermeerzeugerHolzStatus: true,
            projektJahresverbrauchHolz: 1200,
            projektWaermeerzeugerHolzArt: 1800,
            email: 'bestand@example.org',
            anrede: 'Herr',
            vorname: 'Karl',
            name: 'Bestand',
            strasse: 'Altweg',
            hausnummer: '7',
            ort: 'Altstadt',
            telefon: '0301234',
            bemerkungen: 'unverändert',
            plz: '04109',
          },
        });
        const { key } = createdProject(created);
        const before = await readDetail(actor, key);
        await patchAccepted(actor, key, { ort: 'Neustadt' });
        const after = await readDetail(actor, key);
        expectReadBack(after.projektData, 'ort', { text: 'Neustadt' });
        for (const field of RELEASED_PROJECT_FIELDS.filter((f) => f !== 'ort')) {
          expect(after.projektData[field], `${field} was not sent and must stay unchanged`).toEqual(before.projektData[field]);
        }
        expect(after.projektHeader.key).toBe(before.projektHeader.key);
        expect(after.projektHeader.id).toEqual(before.projektHeader.id);
      },
      WRITES,
    );

    check(
      ['PROJ-27', 'PROJ-33', 'PROJ-39', 'PROJ-60', 'PROJ-67', 'PROJ-63'],
      'optional values sent together as empty string or null in one PATCH must all be deleted',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const fields = ['projektArtHeizung', 'projektBewohner', 'projektBaujahr', 'email', 'plz', 'bemerkungen'];
        await withLocks(fieldLocks(key, fields), async () => {
          await patchAccepted(actor, key, { projektArtHeizung: 4, projektBewohner: 2, projektBaujahr: 1990, email: 'weg@example.org', plz: '12345', bemerkungen: 'weg' });
          await patchAccepted(actor, key, { projektArtHeizung: '', projektBewohner: null, projektBaujahr: '', email: '', plz: null, bemerkungen: null });
          const data = await readData(actor, key);
          for (const field of fields) expectReadBack(data, field, field === 'bemerkungen' ? { emptyText: true } : { deleted: true });
        });
      },
      WRITES,
    );

    check(
      'PROJ-106',
      'an unlocked customer whose annual license has expired must be able to change own project data (PATCH 200, value stored)',
      async (t) => {
        const actor = t.as('expiredUnlocked');
        const key = t.profile.resources?.expiredUnlockedProjectKey as string;
        const note = harnessProjectName(`expired license ${marker()}`);
        await patchAccepted(actor, key, { bemerkungen: note });
        expectReadBack(await readData(actor, key), 'bemerkungen', { text: note });
      },
      { ...WRITES, needs: (p) => (p.resources?.expiredUnlockedProjectKey ? undefined : 'resources.expiredUnlockedProjectKey') },
    );

    check(
      'PROJ-118',
      'DELETE /reports/{projectKey} must leave the project in place (projects are not deletable through this interface)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const before = await readDetail(actor, key);
        // Sent again past a gateway's answer: a DELETE that must change nothing changes nothing twice, and one that deletes shows in the read below.
        await actor.send('DELETE', `/reports/${key}`, REFUSED);
        const res = await actor.get(`/reports/${key}`);
        expect(res.status, `the project must still exist after DELETE; GET /reports/${key} answered ${res.status}`).toBe(200);
        expect(detailOf(res).projektHeader.id, 'the project must still exist after DELETE').toEqual(before.projektHeader.id);
      },
      WRITES,
    );
  });

  describe('PUT /reports/{projectKey}/password', () => {
    const password = (length: number) => `Pw-${marker()}${'x'.repeat(length)}`.slice(0, length);

    for (const length of [PASSWORD_LENGTH.min, PASSWORD_LENGTH.max]) {
      check(
        ['PROJ-107', 'PROJ-108', 'PROJ-114', 'PROJ-115'],
        `PUT .../password with ${length} characters must answer 200; the password never appears in a response, and the API token keeps working`,
        async (t) => {
          const { actor, key } = await t.ownerWithProject('own-data-only');
          const newPassword = password(length);
          expect([...newPassword].length).toBe(length);
          const res = await actor.put(`/reports/${key}/password`, { newPassword });
          expectStatus(res, 200);
          expect(res.text, 'the password change response must not echo the password').not.toContain(newPassword);
          // The portal password changed, not the API token: the same token still authenticates.
          expectStatus(await actor.get('/reports'), 200);
          const detail = await actor.get(`/reports/${key}`);
          readOnward(detail, { status: 200, schema: z.unknown(), owner: 'PROJ-95', what: `the detail of project ${key}` });
          expect(detail.text, 'the project detail must never show the password').not.toContain(newPassword);
        },
        WRITES,
      );
    }

    const rejections: [string, string, unknown[]][] = [
      ['PROJ-109', 'fewer than 12 characters (11, 11 with umlauts, empty)', [{ newPassword: password(11) }, { newPassword: 'äöüäöüäöüäö' }, { newPassword: '' }]],
      ['PROJ-110', 'more than 256 characters (257)', [{ newPassword: password(257) }]],
      ['PROJ-111', 'no `newPassword` (body {})', [{}]],
      ['PROJ-112', 'a `newPassword` that is not a string (number, null, array, boolean)', [{ newPassword: 123456789012345 }, { newPassword: null }, { newPassword: [password(12)] }, { newPassword: true }]],
      ['PROJ-113', 'a field besides `newPassword` (`extra`, `projectData`)', [{ newPassword: password(12), extra: 1 }, { newPassword: password(12), projectData: { ort: 'x' } }]],
    ];
    for (const [rule, label, bodies] of rejections) {
      check(
        rule,
        `PUT .../password with ${label} must give 422 validation`,
        async (t) => {
          const { actor, key } = await t.ownerWithProject('own-data-only');
          for (const body of bodies) expectRejected(await actor.put(`/reports/${key}/password`, body));
        },
        WRITES,
      );
    }
  });

  describe('GET /reports', () => {
    check('PROJ-89', 'GET /reports must answer 200 with the groups `projekte`, `leads`, `api` and `archiv`, each an array', async (t) => {
      const actor = await t.owner('own-data-only');
      const res = await actor.get('/reports');
      expectStatus(res, 200);
      expectSchema(res, projectListResponseSchema, 'project list');
    });

    check(
      'PROJ-92',
      'a project created by the customer must appear in its GET /reports (in any group; an entry may name it by key, link or id)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const header = (await readDetail(actor, key)).projektHeader;
        const list = await projectList(actor);
        expect(isListed(list, { key, id: header.id, link: header.link }), `created project ${key} must be listed`).toBe(true);
        t.judged('PROJ-92', 1, `created project found among ${list.length} list ${list.length === 1 ? 'entry' : 'entries'}`);
      },
      WRITES,
    );

    check(
      'PROJ-91',
      'GET /reports must never list a project of another customer (resources.foreignProjectKey)',
      async (t) => {
        const foreign = t.profile.resources?.foreignProjectKey as string;
        // Positive controls: the foreign key names an existing project of another customer, and the
        // list of the leased customer names a project it owns by its key (the customer is leased
        // among those the profile names a main project of).
        const unshown = await foreignProjectUnshown(t);
        const among = customersWithMainProjects(t.profile, [foreign]);
        const actor = await t.owner('licensed', among.length > 0 ? { among } : {});
        const known = await knownMainProjects(t, actor, [foreign]);
        const list = await projectList(actor);
        expect(isListed(list, { key: foreign }), `foreign project ${foreign} must not be listed`).toBe(false);
        if (unshown) return t.notExercised('PROJ-91', unshown);
        const control = knownByKey(list, known, `the leased customer ${actor.label}`);
        if ('reason' in control) return t.notExercised('PROJ-91', `${control.reason}: a listed foreign project might go unseen as well`);
        t.judged('PROJ-91', list.length, `list entries of ${actor.label} without the foreign project ${foreign}; the same list names the own project ${control.found} by its key`);
      },
      { needs: needsForeignProject },
    );

    check(
      'PROJ-89',
      'an own archived or completed project (resources.primaryProjectKeys.archived) must be listed in GET /reports (in any group)',
      async (t) => {
        const primary = t.as('primary');
        const archived = t.profile.resources?.primaryProjectKeys?.archived as string;
        const header = (await readDetail(primary, archived)).projektHeader;
        const list = await projectList(primary);
        expect(isListed(list, { key: archived, id: header.id, link: header.link }), `archived project ${archived} must be listed`).toBe(true);
        t.judged('PROJ-89', 1, `archived project (resources.primaryProjectKeys.archived ${archived}) found among ${list.length} list ${list.length === 1 ? 'entry' : 'entries'}`);
      },
      { needs: (p) => (p.resources?.primaryProjectKeys?.archived ? undefined : 'resources.primaryProjectKeys.archived') },
    );
  });

  describe('reading after license expiry', () => {
    check('PROJ-94', 'GET /reports must answer 200 for an unlocked customer whose annual license has expired', async (t) => {
      expectStatus(await t.as('expiredUnlocked').get('/reports'), 200);
    });

    check(
      'PROJ-99',
      'GET /reports/{projectKey} must answer 200 for an own project of an unlocked customer whose annual license has expired',
      async (t) => {
        const key = t.profile.resources?.expiredUnlockedProjectKey as string;
        const res = await t.as('expiredUnlocked').get(`/reports/${key}`);
        expectStatus(res, 200);
        expect(detailOf(res).projektHeader.key.toLowerCase()).toBe(key.toLowerCase());
      },
      { needs: (p) => (p.resources?.expiredUnlockedProjectKey ? undefined : 'resources.expiredUnlockedProjectKey') },
    );
  });
}
