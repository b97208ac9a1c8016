/**
 * The rate limit swept over the endpoint table (spec/endpoints.ts) and over the kinds of business
 * rejection: "shared over all protected endpoints" (RATE-4) and "authenticated calls rejected for
 * business reasons count as well" (RATE-9), for every protected endpoint and every rejection the
 * rule names, 403 included.
 *
 * Like the other rate-limit checks (rate-limit.test.ts), each runs on a customer nobody else sends
 * for meanwhile, sends unpaced and is judged from the harness's own send and receive times only
 * (probe.ts): a violation is reported when the timestamps prove it; a probe that jitter leaves
 * undecided is repeated and then reported inconclusive.
 */
import { endpointLabel, fillPath, PROTECTED_ENDPOINTS, type Endpoint } from '../../spec/endpoints.js';
import type { CustomerRole, Profile } from '../../spec/profile.schema.js';
import { Actor, PREREQUISITE, type ApiResponse } from '../harness/client.js';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import { expectStatus } from '../harness/expect-api.js';
import { target } from '../harness/target.js';
import { absentValues } from '../sweeps/path-values.js';
import { probe, type Step } from './probe.js';
import { absentProjectKey } from '../harness/absent-key.js';

const RATE = { expects429: true } as const;

/** One plan step: the endpoint's minimal valid request on resources that do not exist (404 counts too). */
function stepTo(actor: Actor, endpoint: Endpoint, expected: Step['expect'], after?: Step['after']): Step {
  const body = endpoint.minimalBody(harnessProjectName('RATE-4'));
  return {
    label: `${endpointLabel(endpoint)} as ${actor.label}`,
    actor,
    method: endpoint.method,
    path: fillPath(endpoint, absentValues()),
    ...(body === undefined ? {} : { send: { body } }),
    at: 0,
    expect: expected,
    ...(after ? { after } : {}),
  };
}

/**
 * The protected endpoints in pairs, reading ones with reading ones (a read-only run sends no
 * writes, so it keeps the pairs of reads). One probe per pair: both fill the window, so each
 * endpoint is one of the two counted requests once, and one of the refused ones in every other
 * probe.
 */
function pairs(): [Endpoint, Endpoint][] {
  const out: [Endpoint, Endpoint][] = [];
  for (const group of [PROTECTED_ENDPOINTS.filter((e) => !e.writes), PROTECTED_ENDPOINTS.filter((e) => e.writes)]) {
    for (let i = 0; i < group.length; i += 2) out.push([group[i] as Endpoint, (group[i + 1] ?? group[0]) as Endpoint]);
  }
  return out;
}

/**
 * Both pacer grants of a role customer (e.g. `locked`), so no other check sends for it until
 * `release`; granted once its window on the target is empty. Returns unpaced actors of its token.
 */
async function holdRole(t: CheckContext, role: CustomerRole): Promise<{ actor: Actor; release: () => Promise<void> }> {
  const token = t.profile.customers[role]?.tokens[0];
  if (token === undefined) return t.skip(`profile has no customers.${role}`);
  const release = await t.holdLane(role, { grants: 2 });
  return { actor: new Actor(role, token, undefined, t), release };
}

interface Rejection {
  what: string;
  status: number;
  /** A customer nobody else sends for meanwhile (unpaced actor) and the GET path it is rejected on. */
  setup: (t: CheckContext) => Promise<{ actor: Actor; path: string; release?: () => Promise<void> }>;
  needs?: (p: Profile) => string | undefined;
  writes?: boolean;
}

const REJECTIONS: readonly Rejection[] = [
  {
    what: '403 for a missing license (GET /reports of the locked customer)',
    status: 403,
    setup: async (t) => ({ ...(await holdRole(t, 'locked')), path: '/reports' }),
    needs: (p) => (p.customers.locked ? undefined : 'customers.locked'),
  },
  {
    what: '403 for a missing function right (pdf type=check of an own project of the customer without the heat-pump right)',
    status: 403,
    setup: async (t) => {
      const plz = t.profile.resources?.postalCodes?.valid[0] as string;
      // Sent again past a gateway's answer: a project a lost answer leaves behind goes unused.
      const created = await t.as('noHeatpumpRight').post('/reports/with-data', { projectData: { projektName: harnessProjectName('RATE-9'), projektPostleitzahl: plz } }, PREREQUISITE);
      expectStatus(created, 201);
      const key = created.json<{ projektHeader: { key: string } }>().projektHeader.key;
      return { ...(await holdRole(t, 'noHeatpumpRight')), path: `/reports/${key}/pdf?type=check` };
    },
    needs: (p) =>
      !p.customers.noHeatpumpRight ? 'customers.noHeatpumpRight' : p.resources?.postalCodes?.valid[0] ? undefined : 'resources.postalCodes.valid (to create a project of customers.noHeatpumpRight)',
    writes: true,
  },
  {
    what: '404 for a project that does not exist',
    status: 404,
    setup: async (t) => ({ actor: (await t.exclusiveOwner()).tokens[0] as Actor, path: `/reports/${absentProjectKey()}` }),
  },
  {
    what: '422 for an invalid list parameter (GET /funding/applications?limit=101)',
    status: 422,
    setup: async (t) => ({ actor: (await t.exclusiveOwner()).tokens[0] as Actor, path: '/funding/applications?limit=101' }),
  },
];

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function sweepChecks(): void {
  for (const [first, second] of pairs()) {
    check(
      'RATE-4',
      `${endpointLabel(first)} and ${endpointLabel(second)} count in the one window of the customer: after them every other protected endpoint is refused within the second`,
      async (t) => {
        const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
        const rest = PROTECTED_ENDPOINTS.filter((e) => e !== first && e !== second && (!target().readOnly || !e.writes));
        await probe(t, () => ({
          // The first, then the second once the first was answered: the window is full. A limiter
          // that keeps a window per endpoint, or leaves one of the two out of the customer's,
          // admits a third request within the second.
          steps: [
            stepTo(actor, first, 'admitted'),
            stepTo(actor, second, 'admitted', { steps: [0], plusMs: 0 }),
            ...rest.map((e) => stepTo(actor, e, 'refused', { steps: [1], plusMs: 0 })),
          ],
        }));
      },
      { ...RATE, writes: first.writes || second.writes },
    );
  }

  for (const rejection of REJECTIONS) {
    check(
      ['RATE-9', 'RATE-1'],
      `business rejections count: after two answers ${rejection.what} the next request within the second is refused`,
      async (t) => {
        const { actor, path, release } = await rejection.setup(t);
        try {
          const run = await probe(t, () => ({
            steps: [
              { label: `GET ${path}`, actor, path, at: 0, expect: 'admitted' },
              { label: `GET ${path}`, actor, path, at: 0, expect: 'admitted' },
              { label: 'GET /reports', actor, path: '/reports', at: 0, expect: 'refused', after: { steps: [0, 1], plusMs: 10 } },
            ],
          }));
          const rejected = run.responses.slice(0, 2) as ApiResponse[];
          if (rejected.some((res) => res.status !== rejection.status)) {
            t.skip(`the rejected requests answered HTTP ${rejected.map((r) => r.status).join(' and ')}, not ${rejection.status}: this check cannot tell whether a ${rejection.status} counts`);
          }
        } finally {
          await release?.();
        }
      },
      { ...RATE, ...(rejection.writes ? { writes: true } : {}), ...(rejection.needs ? { needs: rejection.needs } : {}) },
    );
  }
}
