/**
 * PROJ-2 swept over every route with `{projectKey}` (spec/endpoints.ts). "Newly created keys are
 * nine lowercase letters; the route accepts nine letters including uppercase": the route takes an
 * uppercase spelling as a key, never refuses it as malformed; whether the lookup ignores case is
 * not said. So two readings conform, and each route gets an own project's key in lowercase,
 * uppercase and mixed case to see which one it takes:
 *
 * - case-insensitive: both spellings reach the project. Where the endpoint table gives the answer
 *   to a minimal request on a new project, that answer (the same project); results and pdf need
 *   calculable data, which the leased customer's new project lacks, so there the lowercase key's
 *   answer (status and details.type), which is no 404;
 * - case-sensitive: both spellings are a key no project has, answered exactly as a never-existing
 *   key (404 not_found, compared with expectIndistinguishable, as foreign keys are in not-found.ts).
 *
 * A lookup either ignores case or does not, so both spellings and every project route must take
 * the same reading: each route's is compared with the one of GET /reports/{projectKey}.
 */
import { expect } from 'vitest';
import { endpointById, endpointLabel, PROJECT_KEY_ENDPOINTS, type Endpoint } from '../../spec/endpoints.js';
import { absentProjectKey } from '../harness/absent-key.js';
import { check, harnessProjectName } from '../harness/check.js';
import type { Actor, ApiResponse } from '../harness/client.js';
import { expectError, expectIndistinguishable, expectStatus, type NamedAnswer } from '../harness/expect-api.js';
import { ownValues } from '../sweeps/path-values.js';
import { send } from '../sweeps/requests.js';

type Reading = 'case-insensitive' | 'case-sensitive';

const READINGS: Record<Reading, string> = {
  'case-insensitive': 'case-insensitive lookup: uppercase and mixed-case keys reach the project',
  'case-sensitive': 'case-sensitive lookup: uppercase and mixed-case keys are answered as a key that does not exist',
};

const DETAIL = endpointLabel(endpointById('reports.detail'));

const mixedCase = (key: string) => [...key].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');

function errorType(res: ApiResponse): unknown {
  try {
    return res.json<{ details?: { type?: unknown } }>().details?.type;
  } catch {
    return undefined;
  }
}

function projectId(res: ApiResponse): unknown {
  try {
    return res.json<{ projektHeader?: { id?: unknown } }>().projektHeader?.id;
  } catch {
    return undefined;
  }
}

/** What reaching the project means on the route (see the module comment). */
function reachDescription(endpoint: Endpoint): string {
  return endpoint.needsCalculableProject ? 'the same answer as the lowercase key, not 404' : `${endpoint.success} like the lowercase key`;
}

function reachedProject(endpoint: Endpoint, res: ApiResponse, lower: ApiResponse): boolean {
  if (endpoint.needsCalculableProject) return res.status === lower.status && errorType(res) === errorType(lower);
  return res.status === endpoint.success && projectId(res) === projectId(lower);
}

/** The reading an answer to a spelling of an own key shows; an answer that shows neither fails the check. */
function readingOf(endpoint: Endpoint, spelling: { what: string; key: string; res: ApiResponse }, lower: ApiResponse, missing: readonly [NamedAnswer, NamedAnswer]): Reading {
  const { what, key, res } = spelling;
  if (reachedProject(endpoint, res, lower)) return 'case-insensitive';
  if (res.status !== 404) {
    expect.fail(
      `the ${what} key must reach the project (${reachDescription(endpoint)}) or be answered as a key that does not exist (404 not_found); got HTTP ${res.status}: ${res.text.slice(0, 200)}`,
    );
  }
  expectError(res, 404, 'not_found');
  expectIndistinguishable({ res, ids: [key] }, missing, `${endpointLabel(endpoint)} with the ${what} key of an own project (read case-sensitively, so compared as the foreign key is: with two never-existing keys)`);
  return 'case-sensitive';
}

/** The reading of GET /reports/{projectKey}; its own check judges the answer itself. */
async function detailReading(actor: Actor, key: string): Promise<Reading> {
  const res = await actor.get(`/reports/${key.toUpperCase()}`);
  if (res.status === 404) return 'case-sensitive';
  expectStatus(res, 200);
  return 'case-insensitive';
}

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function keyCaseChecks(): void {
  for (const endpoint of PROJECT_KEY_ENDPOINTS) {
    const label = endpointLabel(endpoint);
    const alike = label === DETAIL ? 'in both spellings alike' : `in both spellings alike and as ${DETAIL} does`;
    check(
      'PROJ-2',
      `${label} with an own key in uppercase and in mixed case must reach the project (${reachDescription(endpoint)}) or answer exactly as a never-existing key (404 not_found), ${alike}`,
      async (t) => {
        const { actor, values } = await ownValues(t, endpoint);
        const key = (values.projectKey as string).toLowerCase();
        const answer = (projectKey: string) => send(actor, endpoint, { ...values, projectKey }, { text: harnessProjectName('PROJ-2') });
        // The spellings between the two never-existing keys: a value that grows (a clock, a counter) differs between those too.
        const [missingKey, baselineKey] = [absentProjectKey(), absentProjectKey()];
        const missing = await answer(missingKey);
        const lower = await answer(key);
        const [upperKey, mixedKey] = [key.toUpperCase(), mixedCase(key)];
        const spellings = [
          { what: 'uppercase', key: upperKey, res: await answer(upperKey) },
          { what: 'mixed-case', key: mixedKey, res: await answer(mixedKey) },
        ];
        const baseline = await answer(baselineKey);

        if (endpoint.needsCalculableProject) expect(lower.status, `the lowercase key of an own project must reach it; ${lower.text.slice(0, 200)}`).not.toBe(404);
        else expectStatus(lower, endpoint.success);
        const never: readonly [NamedAnswer, NamedAnswer] = [
          { res: missing, ids: [missingKey] },
          { res: baseline, ids: [baselineKey] },
        ];
        const [upper, mixed] = spellings.map((spelling) => readingOf(endpoint, spelling, lower, never)) as [Reading, Reading];
        expect(mixed, `a lookup either ignores case or does not: the uppercase key showed a ${upper} lookup`).toBe(upper);
        const detail = label === DETAIL ? upper : await detailReading(actor, key);
        expect(upper, `every project route must look keys up alike: ${DETAIL} showed a ${detail} lookup`).toBe(detail);
        t.note(label === DETAIL ? READINGS[upper] : `${READINGS[upper]}, on this route as on ${DETAIL}`);
      },
      // The leased customer's project (and room) is created for the check, also for the reading routes.
      { writes: true },
    );
  }
}
