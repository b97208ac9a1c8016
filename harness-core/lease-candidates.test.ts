import { describe, expect, it } from 'vitest';
import { parseProfile } from '../spec/profile.schema.js';
import { fundingHasContent, leaseCandidates } from './lease-candidates.js';

const application = { applicationId: '00010001', status: 'created', projectKey: null };

const profile = (resources: Record<string, unknown>, pool: Record<string, unknown>[] = []) =>
  parseProfile(
    {
      name: 'test',
      siteUrl: 'http://127.0.0.1:1',
      customers: { primary: { tokens: ['p'] }, pool: pool.map((resources, i) => ({ tokens: [`pool-${i}`], resources })) },
      resources,
    },
    'test',
  );

const ownsOf = (p: ReturnType<typeof profile>) => Object.fromEntries(leaseCandidates(p).map((c) => [c.customer, c.owns ?? []]));

describe('what the lease candidates own', () => {
  it('funding with an expected application, or a project of either kind, qualifies a customer for funding leases', () => {
    const p = profile({ funding: { applications: [application] } }, [
      { funding: { applications: [], projectWithoutApplications: 'abcdefghi' } },
      { funding: { applications: [], projectWithApplications: 'abcdefghj' } },
    ]);
    expect(ownsOf(p)).toMatchObject({ primary: ['funding'], 'pool:0': ['funding'], 'pool:1': ['funding'] });
  });

  it('an empty funding entry qualifies no one: nothing in it to judge', () => {
    const p = profile({ funding: { applications: [] } }, [{ funding: { applications: [] } }, { calculable: 'abcdefghi', funding: { applications: [] } }]);
    expect(ownsOf(p)).toMatchObject({ primary: [], 'pool:0': [], 'pool:1': ['calculable'] });
    expect(fundingHasContent(undefined)).toBe(false);
    expect(fundingHasContent({ applications: [] })).toBe(false);
  });

  it('a calculable project qualifies primary and pool customers for calculable leases', () => {
    const p = profile({ primaryProjectKeys: { calculable: 'abcdefghi' } }, [{ calculable: 'abcdefghj' }, {}]);
    expect(ownsOf(p)).toMatchObject({ primary: ['calculable'], 'pool:0': ['calculable'], 'pool:1': [] });
  });
});
