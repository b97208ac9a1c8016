/**
 * "Foreign and non-existent resources are indistinguishable (404)" (What the service does;
 * Authentication 8; endpoint rule 3): for every route under /reports/{projectKey}, a project of
 * another customer and a key that never existed must give the same status, the same body (apart
 * from the echoed key and from what two never-existing keys get differently, expectIndistinguishable in suites/harness/expect-api.ts)
 * and the same header names. Also: keys that are not nine letters are 404.
 */
import { describe } from 'vitest';
import { check, harnessProjectName } from '../harness/check.js';
import { REFUSED } from '../harness/client.js';
import { expectError, expectIndistinguishable } from '../harness/expect-api.js';
import { foreignProjectUnshown } from './known-projects.js';
import { needsForeignProject } from './support.js';
import { absentProjectKey } from '../harness/absent-key.js';

interface Route {
  method: 'GET' | 'PATCH' | 'PUT' | 'POST';
  /** Path below /reports/{projectKey} */
  suffix: string;
  /** A body that would be valid for an own project, so only ownership decides the answer. */
  body?: unknown;
  rules: string[];
  /** Requests that write (or generate documents) when the ownership check is missing. */
  writes: boolean;
}

/**
 * Rules about a foreign key as such: they need the foreign project shown to exist (its owner reads
 * it), as a key that never existed answers 404 too. The others also name non-existent resources,
 * which the never-existing keys judge.
 */
const FOREIGN_ONLY = new Set(['AUTH-17', 'AUTH-19', 'PROJ-100', 'PROJ-103', 'PROJ-116', 'ROOM-9']);

/** Indistinguishability first: routes of other areas count under auth in the summary. */
const EQUALITY = ['AUTH-19', 'AUTH-17', 'AUTH-18', 'ERR-11'];
const ROOM_ID = '1';

const ROUTES: Route[] = [
  { method: 'GET', suffix: '', rules: ['PROJ-100', ...EQUALITY], writes: false },
  { method: 'PATCH', suffix: '', body: { projectData: { bemerkungen: harnessProjectName('must not be written') } }, rules: ['PROJ-103', ...EQUALITY], writes: true },
  { method: 'PUT', suffix: '/password', body: { newPassword: 'kein-Zugriff-auf-fremde-Projekte' }, rules: ['PROJ-116', ...EQUALITY], writes: true },
  { method: 'GET', suffix: '/rooms', rules: [...EQUALITY, 'ROOM-9'], writes: false },
  { method: 'POST', suffix: '/rooms', body: { roomData: { raumBezeichnung: harnessProjectName('must not be created') } }, rules: [...EQUALITY, 'ROOM-9'], writes: true },
  { method: 'GET', suffix: `/rooms/${ROOM_ID}`, rules: [...EQUALITY, 'ROOM-9', 'AUTH-20'], writes: false },
  { method: 'PATCH', suffix: `/rooms/${ROOM_ID}`, body: { roomData: { raumNotiz: harnessProjectName('must not be written') } }, rules: [...EQUALITY, 'ROOM-9', 'AUTH-20'], writes: true },
  { method: 'GET', suffix: '/results', rules: [...EQUALITY, 'RES-32'], writes: false },
  { method: 'GET', suffix: '/pdf', rules: [...EQUALITY, 'DOC-14'], writes: true },
  { method: 'GET', suffix: '/pictures', rules: [...EQUALITY, 'DOC-22'], writes: false },
  { method: 'GET', suffix: '/funding/applications', rules: [...EQUALITY, 'FUND-35'], writes: false },
];

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function notFoundChecks(): void {
  describe('foreign and non-existent projects are indistinguishable', () => {
    for (const route of ROUTES) {
      check(
        route.rules,
        `${route.method} /reports/{projectKey}${route.suffix} must answer a foreign and a never-existing key with the same 404 not_found: same body and header names (apart from what also differs between two never-existing keys)`,
        async (t) => {
          const foreignKey = t.profile.resources?.foreignProjectKey as string;
          const unshown = await foreignProjectUnshown(t);
          const actor = await t.owner();
          const [missingKey, baselineKey] = [absentProjectKey(), absentProjectKey()];
          // Each must be refused (404): sent again past a gateway's answer, a refusal's repeat changes nothing (a pdf's and a room creation's too).
          const send = (key: string) => actor.send(route.method, `/reports/${key}${route.suffix}`, { ...REFUSED, ...(route.body === undefined ? {} : { body: route.body }) });
          const missing = await send(missingKey);
          const foreign = await send(foreignKey);
          const baseline = await send(baselineKey);
          expectError(missing, 404, 'not_found');
          expectError(foreign, 404, 'not_found');
          expectIndistinguishable({ res: foreign, ids: [foreignKey] }, [{ res: missing, ids: [missingKey] }, { res: baseline, ids: [baselineKey] }], `${route.method} /reports/{projectKey}${route.suffix}`);
          const foreignOnly = route.rules.filter((rule) => FOREIGN_ONLY.has(rule));
          if (unshown) t.notExercised(foreignOnly, unshown);
          else t.judged(foreignOnly, 1, `foreign project read by its owner (${foreignKey}), against 2 never-existing keys`);
          t.judged(route.rules.filter((rule) => !FOREIGN_ONLY.has(rule)), 2, 'never-existing keys');
        },
        { needs: needsForeignProject, ...(route.writes ? { writes: true } : {}) },
      );
    }
  });

  describe('malformed project keys', () => {
    for (const [key, why] of [
      ['abcdefgh', 'eight letters'],
      ['abcdefghij', 'ten letters'],
      ['abcdefgh1', 'a digit'],
      ['123456789', 'nine digits'],
      ['abcd-efgh', 'a hyphen'],
      ['abcd_efgh', 'an underscore'],
      ['%C3%A4bcdefgh', 'a non-ASCII letter'],
      ['abcdefgh%20', 'a trailing space'],
    ] as const) {
      check('PROJ-3', `GET /reports/${key} (${why}) must give 404 not_found`, async (t) => {
        const actor = await t.owner();
        expectError(await actor.get(`/reports/${key}`), 404, 'not_found');
      });
    }
  });
}
