/**
 * PROJ-2 swept over every route with `{projectKey}` (spec/endpoints.ts): "the route accepts nine
 * letters including uppercase". Each route gets an own project's key in lowercase, uppercase and
 * mixed case; all three must reach the same project. Where the endpoint table gives the answer to
 * a minimal request on a new project, all three must give it; results and pdf need calculable
 * data, which the leased customer's new project lacks, so there the uppercase and mixed-case
 * answers must equal the lowercase one (status and details.type) and none may be 404.
 */
import { expect } from 'vitest';
import { endpointLabel, PROJECT_KEY_ENDPOINTS } from '../../spec/endpoints.js';
import type { ApiResponse } from '../harness/client.js';
import { check, harnessProjectName } from '../harness/check.js';
import { expectStatus } from '../harness/expect-api.js';
import { ownValues } from '../sweeps/path-values.js';
import { send } from '../sweeps/requests.js';

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

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function keyCaseChecks(): void {
  for (const endpoint of PROJECT_KEY_ENDPOINTS) {
    const expected = endpoint.needsCalculableProject ? 'the same answer as the lowercase key, not 404' : `${endpoint.success} like the lowercase key`;
    check(
      'PROJ-2',
      `${endpointLabel(endpoint)} with an own key in uppercase and in mixed case must reach the project (${expected})`,
      async (t) => {
        const { actor, values } = await ownValues(t, endpoint);
        const key = (values.projectKey as string).toLowerCase();
        const answer = (projectKey: string) => send(actor, endpoint, { ...values, projectKey }, { text: harnessProjectName('PROJ-2') });
        const lower = await answer(key);
        const others = [
          { what: 'uppercase', res: await answer(key.toUpperCase()) },
          { what: 'mixed case', res: await answer(mixedCase(key)) },
        ];
        if (endpoint.needsCalculableProject) {
          expect(lower.status, `the lowercase key of an own project must reach it; ${lower.text.slice(0, 200)}`).not.toBe(404);
          for (const { what, res } of others) {
            expect([res.status, errorType(res)], `the ${what} key must be answered like the lowercase key (HTTP ${lower.status}); ${res.text.slice(0, 200)}`).toEqual([lower.status, errorType(lower)]);
          }
          return;
        }
        expectStatus(lower, endpoint.success);
        for (const { res } of others) expectStatus(res, endpoint.success);
        for (const { what, res } of others) {
          expect(projectId(res), `the ${what} key must address the same project as the lowercase key`).toEqual(projectId(lower));
        }
      },
      // The leased customer's project (and room) is created for the check, also for the reading routes.
      { writes: true },
    );
  }
}
