import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../reference-server/src/start.js';
import { startRecordedTarget, type Received } from '../testing/recorded-target.js';
import { parseProfile, type Profile } from '../../spec/profile.schema.js';
import { doctor } from './doctor.js';

/**
 * doctor against the bundled server with its seed's profile, cut to keep the test short (two pool
 * customers, no address-policy customer): right as written, and with one wrong entry per kind of
 * resource, each of which doctor must name by its field.
 */
let server: RunningServer;
let seed: Profile;
let target: Awaited<ReturnType<typeof startRecordedTarget>>;
let requests: Received[];

beforeAll(async () => {
  target = await startRecordedTarget('cpf-doctor-test-');
  ({ server, requests } = target);
  const written = target.written;
  const { ssrf: _bundledOnly, ...webhook } = written.webhook ?? { mode: 'capture' };
  seed = parseProfile({ ...written, customers: { ...written.customers, pool: written.customers.pool?.slice(0, 2) }, webhook }, 'seed');
}, 60_000);

afterAll(() => target?.close());

async function runDoctor(profile: Profile): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await doctor(server.baseUrl, profile, (line) => lines.push(line));
  return { code, lines };
}

const failed = (lines: readonly string[]) => lines.flatMap((line) => /^ {2}FAIL (\S+): /.exec(line)?.[1] ?? []);

describe('doctor', () => {
  it('finds the seed profile right, reading only, paced, never the pdf endpoint', async () => {
    const { code, lines } = await runDoctor(seed);
    expect(failed(lines)).toEqual([]);
    expect(lines.at(-1)).toBe('doctor: all good');
    expect(code).toBe(0);
    expect(requests.filter((r) => r.method !== 'GET' || /\/pdf$/.test(r.path))).toEqual([]);
    expect(requests.filter((r) => r.status === 429)).toEqual([]);
  }, 120_000);

  it('names each of a dozen wrong entries by its profile field, with the fix, and exits 2', async () => {
    const keys = seed.resources?.primaryProjectKeys ?? {};
    const funding = seed.resources?.funding;
    const hook = seed.webhook;
    // The first test's doctor may have spent the primary customer's current second.
    await sleep(1_100);
    const pictures = await request(`${server.baseUrl}/reports/${keys.withPictures}/pictures`, { headers: { authorization: `Bearer ${seed.customers.primary.tokens[0]}` } });
    const fresh = ((await pictures.body.json()) as { pictures: { url: string }[] }).pictures[0]?.url as string;
    const first = funding?.applications[0];
    if (!funding || !first || !hook?.customer || !keys.calculable || !keys.archived) throw new Error('the seed profile lacks what this test changes');
    const wrongProfile = parseProfile(
      {
        ...seed,
        siteUrl: 'https://portal.example.com',
        customers: {
          ...seed.customers,
          pool: seed.customers.pool?.map((c, i) => (i === 0 ? { ...c, resources: { ...c.resources, calculable: 'zzzzzzzzz' } } : c)),
        },
        resources: {
          ...seed.resources,
          // A project of the primary customer: not foreign.
          foreignProjectKey: funding.projectWithoutApplications,
          expiredUnlockedProjectKey: seed.resources?.foreignProjectKey,
          noHeatpumpRightCalculableKey: seed.resources?.foreignProjectKey,
          primaryProjectKeys: {
            ...keys,
            archived: keys.calculable,
            calculable: keys.incomplete,
            outsideRadius: keys.withPictures,
            withPictures: keys.archived,
            variant: funding.projectWithoutApplications,
          },
          expiredLinks: { ...seed.resources?.expiredLinks, picture: new URL(fresh, server.origin).href },
          funding: {
            ...funding,
            applications: [{ ...first, status: first.status === 'canceled' ? 'created' : 'canceled' }, ...funding.applications.slice(1)],
            projectWithoutApplications: funding.projectWithApplications,
          },
        },
        webhook: { ...hook, customer: { tokens: [...hook.customer.tokens, 'not-a-token-of-this-target'] }, incompleteProject: hook.freshCalculableProjects?.[0] },
      },
      'wrong profile',
    );

    const { code, lines } = await runDoctor(wrongProfile);
    expect(new Set(failed(lines))).toEqual(
      new Set([
        'siteUrl',
        'customers.pool[0].resources.calculable',
        'resources.foreignProjectKey',
        'resources.expiredUnlockedProjectKey',
        'resources.noHeatpumpRightCalculableKey',
        'resources.primaryProjectKeys.archived',
        'resources.primaryProjectKeys.calculable',
        'resources.primaryProjectKeys.outsideRadius',
        'resources.primaryProjectKeys.withPictures',
        'resources.primaryProjectKeys.variant',
        'resources.expiredLinks.picture',
        'resources.funding.applications[0].status',
        'resources.funding.projectWithoutApplications',
        `webhook.customer.tokens[${hook.customer.tokens.length}]`,
        'webhook.incompleteProject',
      ]),
    );
    for (const line of lines.filter((l) => l.startsWith('  FAIL'))) expect(line, 'every wrong entry comes with its fix').toMatch(/\. Fix: \S/);
    expect(lines.find((l) => l.includes('FAIL resources.primaryProjectKeys.archived'))).toMatch(/projektHeader\.status is 2, not 4 or 5/);
    expect(lines.find((l) => l.includes('FAIL webhook.incompleteProject'))).toMatch(/results answered 200, expected 422 calculation_unavailable/);
    expect(lines.at(-1)).toMatch(/^doctor: \d+ problem\(s\)$/);
    expect(code).toBe(2);
    expect(requests.filter((r) => r.method !== 'GET' || /\/pdf$/.test(r.path))).toEqual([]);
  }, 120_000);
});
