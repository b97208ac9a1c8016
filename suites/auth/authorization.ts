/**
 * Authorization and ownership (spec "Authentication" 2, 6 to 8, endpoint rules 1 and 4, error table
 * rows 403 and 404): one token gives all rights on own projects, every token of a customer is that
 * customer, creation needs an active annual or education license, reading survives an expired
 * license of an unlocked customer, a locked customer gets 403, and foreign resources are as absent
 * as non-existent ones (404, same answer).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { creationResponseSchema, projectDetailResponseSchema, projectListResponseSchema, type ProjectListResponse } from '../../spec/contract/projects.js';
import type { ApiResponse } from '../harness/client.js';
import { check, harnessProjectName } from '../harness/check.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';

/** Nine random lowercase letters: a well-formed key that no project has (2^42 keys). */
function absentKey(): string {
  return Array.from(randomBytes(9), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

const needsForeignProject = (p: { resources?: { foreignProjectKey?: string } }) =>
  p.resources?.foreignProjectKey ? undefined : 'resources.foreignProjectKey';

/** The body of an answer with the given identifiers blanked ("same body apart from echoed identifiers"). */
function withoutIdentifiers(res: ApiResponse, ...ids: string[]): string {
  let text = res.text;
  for (const id of ids) text = text.split(id).join('<id>').split(id.toUpperCase()).join('<id>');
  return text;
}

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function authorizationChecks(): void {
  describe('rights of a token', () => {
    check(
      'AUTH-9',
      'one token lists, reads, changes and sets the password of an own project (all 200, no scopes)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject();
        expectSchema(await actor.get('/reports'), projectListResponseSchema);
        const detail = await actor.get(`/reports/${key}`);
        expectStatus(detail, 200);
        expect(expectSchema(detail, projectDetailResponseSchema).projektHeader.key).toBe(key);
        expectStatus(await actor.patch(`/reports/${key}`, { projectData: { bemerkungen: harnessProjectName('AUTH-9') } }), 200);
        expectStatus(await actor.put(`/reports/${key}/password`, { newPassword: `cpf-Passwort-${randomBytes(6).toString('hex')}` }), 200);
      },
      { writes: true },
    );

    check(
      'AUTH-10',
      'every token of the primary customer lists the same projects',
      async (t) => {
        const tokens = t.profile.customers.primary.tokens;
        if (tokens.length < 2) t.skip('profile customers.primary has only one token');
        const list = async (index: number) => {
          const res = await t.as('primary', index).get('/reports');
          expectStatus(res, 200);
          return expectSchema(res, projectListResponseSchema);
        };
        const counts = (l: ProjectListResponse) => l.projekte.length + l.leads.length + l.api.length + l.archiv.length;
        // Parallel checks change the primary customer's projects meanwhile, so a list may fall between
        // two states of the first token's list: the check takes up to three rounds to see each other
        // token's list equal to the first token's list right before or after it. A token of another
        // customer never does.
        const rounds = 3;
        for (let round = 1; ; round++) {
          const before = await list(0);
          if (counts(before) === 0) t.skip('the primary customer has no projects: empty lists cannot tell customers apart');
          const others: ProjectListResponse[] = [];
          for (let index = 1; index < tokens.length; index++) others.push(await list(index));
          const after = await list(0);
          const mismatch = others.findIndex((other) => JSON.stringify(other) !== JSON.stringify(before) && JSON.stringify(other) !== JSON.stringify(after));
          if (mismatch < 0) return;
          if (round === rounds) expect.fail(`token #${mismatch + 2} lists other projects than token #1 in ${rounds} rounds`);
        }
      },
    );

    check(
      'AUTH-10',
      'a project created with one token of the primary customer is read with every other token',
      async (t) => {
        const tokens = t.profile.customers.primary.tokens;
        if (tokens.length < 2) t.skip('profile customers.primary has only one token');
        const creatorIndex = tokens.length - 1;
        const created = await t.as('primary', creatorIndex).post('/reports/with-data', { projectData: { projektName: harnessProjectName('AUTH-10') } });
        expectStatus(created, 201);
        const header = expectSchema(created, creationResponseSchema).projektHeader;
        for (let index = 0; index < creatorIndex; index++) {
          const res = await t.as('primary', index).get(`/reports/${header.key}`);
          expectStatus(res, 200);
          expect(expectSchema(res, projectDetailResponseSchema).projektHeader.id, `token #${index + 1} sees another project`).toBe(header.id);
        }
      },
      { writes: true },
    );
  });

  describe('license', () => {
    check(
      ['AUTH-15', 'ERR-10', 'PROJ-80'],
      'POST /reports and POST /reports/with-data by an unlocked customer with an expired license answer 403 authorization',
      async (t) => {
        const expired = t.as('expiredUnlocked');
        expectError(await expired.post('/reports', {}), 403, 'authorization');
        expectError(await expired.post('/reports/with-data', { projectData: { projektName: harnessProjectName('AUTH-15') } }), 403, 'authorization');
      },
      { writes: true },
    );

    check(
      ['AUTH-15', 'ERR-10', 'PROJ-79'],
      'POST /reports and POST /reports/with-data by a locked customer without license answer 403 authorization',
      async (t) => {
        const locked = t.as('locked');
        expectError(await locked.post('/reports'), 403, 'authorization');
        expectError(await locked.post('/reports/with-data', { projectData: { projektName: harnessProjectName('AUTH-15') } }), 403, 'authorization');
      },
      { writes: true },
    );

    check(
      ['AUTH-15', 'ERR-10'],
      'GET .../pdf?type=check of an own project by a customer without the heat-pump function right answers 403 authorization',
      async (t) => {
        const actor = t.as('noHeatpumpRight');
        const plz = t.profile.resources?.postalCodes?.valid[0] as string;
        const created = await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName('AUTH-15 no heat-pump right'), projektPostleitzahl: plz } });
        expectStatus(created, 201);
        const key = expectSchema(created, creationResponseSchema).projektHeader.key;
        // Endpoint rule 6: "`type=check` additionally needs the heat-pump function right (403 when
        // missing)", whatever the project data; the customer's license and project are in order.
        expectError(await actor.get(`/reports/${key}/pdf?type=check`), 403, 'authorization');
      },
      {
        writes: true,
        needs: (p) =>
          !p.customers.noHeatpumpRight ? 'customers.noHeatpumpRight' : p.resources?.postalCodes?.valid[0] ? undefined : 'resources.postalCodes.valid (to create a project of customers.noHeatpumpRight)',
      },
    );

    check(['AUTH-16', 'ERR-10'], 'GET /reports by a locked customer without license answers 403 authorization', async (t) => {
      expectError(await t.as('locked').get('/reports'), 403, 'authorization');
    });

    check(
      'PROJ-81',
      'POST /reports and POST /reports/with-data by a customer with an active education license answer 201',
      async (t) => {
        const education = t.as('education');
        const empty = await education.post('/reports');
        expectStatus(empty, 201);
        expectSchema(empty, creationResponseSchema);
        const filled = await education.post('/reports/with-data', { projectData: { projektName: harnessProjectName('PROJ-81') } });
        expectStatus(filled, 201);
        expect(expectSchema(filled, creationResponseSchema).projektData.projektName).toBe(harnessProjectName('PROJ-81'));
      },
      { writes: true },
    );

    check(
      ['PROJ-94', 'PROJ-99'],
      'GET /reports and GET /reports/{own key} still answer 200 for an unlocked customer whose license has expired',
      async (t) => {
        const key = t.profile.resources?.expiredUnlockedProjectKey as string;
        const expired = t.as('expiredUnlocked');
        const list = await expired.get('/reports');
        expectStatus(list, 200);
        expectSchema(list, projectListResponseSchema);
        const detail = await expired.get(`/reports/${key}`);
        expectStatus(detail, 200);
        expect(expectSchema(detail, projectDetailResponseSchema).projektHeader.key).toBe(key.toLowerCase());
      },
      { needs: (p) => (p.resources?.expiredUnlockedProjectKey ? undefined : 'resources.expiredUnlockedProjectKey') },
    );
  });

  describe('ownership: foreign and non-existent resources are not found', () => {
    check(
      ['AUTH-17', 'ERR-11'],
      'GET of a foreign project (detail, uppercase key, rooms) answers 404 not_found, while its owner reads it',
      async (t) => {
        const key = t.profile.resources?.foreignProjectKey as string;
        expectStatus(await t.as('foreign').get(`/reports/${key}`), 200);
        const other = await t.owner();
        for (const path of [`/reports/${key}`, `/reports/${key.toUpperCase()}`, `/reports/${key}/rooms`]) {
          expectError(await other.get(path), 404, 'not_found');
        }
      },
      { needs: needsForeignProject },
    );

    check(
      ['AUTH-17', 'ERR-11'],
      'PATCH and PUT password of a foreign project answer 404 not_found and change nothing',
      async (t) => {
        const key = t.profile.resources?.foreignProjectKey as string;
        const other = await t.owner();
        const intrusion = harnessProjectName('AUTH-17 intrusion');
        expectError(await other.patch(`/reports/${key}`, { projectData: { projektName: intrusion } }), 404, 'not_found');
        expectError(await other.put(`/reports/${key}/password`, { newPassword: 'cpf-conformance-Eindringling' }), 404, 'not_found');
        const own = await t.as('foreign').get(`/reports/${key}`);
        expectStatus(own, 200);
        expect(expectSchema(own, projectDetailResponseSchema).projektData.projektName).not.toBe(intrusion);
      },
      { writes: true, needs: needsForeignProject },
    );

    check(['AUTH-18', 'ERR-11'], 'GET of a non-existent project (detail, rooms) answers 404 not_found', async (t) => {
      const owner = await t.owner();
      const key = absentKey();
      expectError(await owner.get(`/reports/${key}`), 404, 'not_found');
      expectError(await owner.get(`/reports/${key}/rooms`), 404, 'not_found');
    });

    check(
      ['AUTH-18', 'ERR-11'],
      'PATCH and PUT password of a non-existent project answer 404 not_found',
      async (t) => {
        const owner = await t.owner();
        const key = absentKey();
        expectError(await owner.patch(`/reports/${key}`, { projectData: { projektName: harnessProjectName('AUTH-18') } }), 404, 'not_found');
        expectError(await owner.put(`/reports/${key}/password`, { newPassword: 'cpf-conformance-Passwort-1' }), 404, 'not_found');
      },
      { writes: true },
    );

    check(
      'AUTH-19',
      'a foreign project and a non-existent one get the same status and the same body (detail and rooms)',
      async (t) => {
        const foreignKey = t.profile.resources?.foreignProjectKey as string;
        const missingKey = absentKey();
        const owner = await t.owner();
        for (const suffix of ['', '/rooms']) {
          const foreign = await owner.get(`/reports/${foreignKey}${suffix}`);
          const missing = await owner.get(`/reports/${missingKey}${suffix}`);
          expect(foreign.status, `GET /reports/{foreign}${suffix} and GET /reports/{missing}${suffix} differ in status`).toBe(missing.status);
          expectError(foreign, 404, 'not_found');
          expect(withoutIdentifiers(foreign, foreignKey)).toBe(withoutIdentifiers(missing, missingKey));
          expect(foreign.headers['content-type']).toBe(missing.headers['content-type']);
        }
      },
      { needs: needsForeignProject },
    );

    check(
      ['AUTH-20', 'ERR-11'],
      'a non-existent room of an own project answers 404 not_found (GET and PATCH)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject();
        for (const roomId of ['999999999', 'cpf-no-such-room']) {
          expectError(await actor.get(`/reports/${key}/rooms/${roomId}`), 404, 'not_found');
        }
        expectError(await actor.patch(`/reports/${key}/rooms/999999999`, { roomData: { raumNotiz: 'cpf' } }), 404, 'not_found');
      },
      { writes: true },
    );

    check(
      ['AUTH-20', 'ERR-11'],
      "a room of another customer's project answers 404 not_found, under its project and under an own project",
      async (t) => {
        const foreignKey = t.profile.resources?.foreignProjectKey as string;
        const foreign = t.as('foreign');
        const created = await foreign.post(`/reports/${foreignKey}/rooms`, { roomData: { raumBezeichnung: harnessProjectName('AUTH-20') } });
        expectStatus(created, 201);
        const roomId = created.json<{ room: { id: string } }>().room.id;
        expect(typeof roomId, 'room.id of the creation response').toBe('string');
        expectStatus(await foreign.get(`/reports/${foreignKey}/rooms/${encodeURIComponent(roomId)}`), 200);
        const { actor, key } = await t.ownerWithProject();
        expectError(await actor.get(`/reports/${foreignKey}/rooms/${encodeURIComponent(roomId)}`), 404, 'not_found');
        expectError(await actor.get(`/reports/${key}/rooms/${encodeURIComponent(roomId)}`), 404, 'not_found');
      },
      { writes: true, needs: needsForeignProject },
    );

    check(['AUTH-21', 'ERR-11'], 'a non-existent funding application answers 404 not_found, and so do the applications of a foreign project', async (t) => {
      const owner = await t.owner();
      for (const id of ['999999999', 'cpf-no-such-application']) {
        expectError(await owner.get(`/funding/applications/${id}`), 404, 'not_found');
      }
      expectError(await owner.get(`/reports/${absentKey()}/funding/applications`), 404, 'not_found');
      const foreignKey = t.profile.resources?.foreignProjectKey;
      if (foreignKey) expectError(await owner.get(`/reports/${foreignKey}/funding/applications`), 404, 'not_found');
    });

    check(
      ['AUTH-21', 'ERR-11'],
      'a funding application of the foreign customer answers 404 not_found for another customer, while its owner reads it',
      async (t) => {
        const id = t.profile.resources?.funding?.foreignApplicationId as string;
        const path = `/funding/applications/${encodeURIComponent(id)}`;
        expectStatus(await t.as('foreign').get(path), 200);
        expectError(await (await t.owner()).get(path), 404, 'not_found');
      },
      { needs: (p) => (p.resources?.funding?.foreignApplicationId ? undefined : 'resources.funding.foreignApplicationId') },
    );

    check(
      ['AUTH-21', 'ERR-11'],
      'a funding application of the primary customer answers 404 not_found for the foreign customer, while its owner reads it',
      async (t) => {
        const id = t.profile.resources?.funding?.applications[0]?.applicationId as string;
        const path = `/funding/applications/${encodeURIComponent(id)}`;
        expectStatus(await t.as('primary').get(path), 200);
        expectError(await t.as('foreign').get(path), 404, 'not_found');
      },
      { needs: (p) => (p.resources?.funding?.applications.length ? undefined : 'resources.funding.applications') },
    );

    check(
      'AUTH-19',
      'a foreign funding application and a non-existent one get the same status and the same body',
      async (t) => {
        const foreignId = t.profile.resources?.funding?.foreignApplicationId as string;
        const missingId = `${foreignId}9`;
        const owner = await t.owner();
        const foreign = await owner.get(`/funding/applications/${encodeURIComponent(foreignId)}`);
        const missing = await owner.get(`/funding/applications/${encodeURIComponent(missingId)}`);
        expect(foreign.status, 'foreign and non-existent application differ in status').toBe(missing.status);
        expectError(foreign, 404, 'not_found');
        expect(withoutIdentifiers(foreign, foreignId)).toBe(withoutIdentifiers(missing, missingId));
      },
      { needs: (p) => (p.resources?.funding?.foreignApplicationId ? undefined : 'resources.funding.foreignApplicationId') },
    );
  });
}
