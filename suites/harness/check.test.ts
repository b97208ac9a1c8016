import { afterEach, describe, expect, it, vi, type TestContext } from 'vitest';
import { parseProfile } from '../../spec/profile.schema.js';
import { startPacerServer, type PacerServer } from '../../harness-core/pacer-server.js';
import type { TargetContext } from './target.js';

const context: { current?: TargetContext } = {};
vi.mock('./target.js', () => ({ target: () => context.current }));
const { CheckContext } = await import('./check.js');

const customer = (id: string) => ({ id, tokens: [`token-${id}-1`, `token-${id}-2`] });

let pacer: PacerServer | undefined;
afterEach(async () => {
  await pacer?.close();
  pacer = undefined;
});

async function useTarget(): Promise<void> {
  pacer = await startPacerServer({ leaseGroup: ['pool:0'] });
  context.current = {
    baseUrl: 'http://127.0.0.1:9/api/v2',
    siteUrl: 'http://127.0.0.1:9',
    profile: parseProfile({ name: 'test', siteUrl: 'http://127.0.0.1:9', customers: { primary: customer('primary'), foreign: customer('foreign'), pool: [customer('pool-0')] } }, 'test'),
    readOnly: false,
    pacerUrl: pacer.url,
    runId: 'test',
  };
}

const newContext = (name: string) => new CheckContext(name, true, {} as TestContext);

describe('check context after its end', () => {
  it('gives back a customer the pacer granted only after the check had ended, so later checks are not stalled', async () => {
    await useTarget();
    const holder = newContext('holder');
    await holder.exclusiveOwner();

    const abandoned = newContext('abandoned');
    const waiting = abandoned.exclusiveOwner();
    await abandoned.release();
    await holder.release();
    await expect(waiting).rejects.toThrow(/ended before the pacer granted/);

    const next = newContext('next');
    // A customer not given back would hold this grant until the test's timeout.
    const got = await next.exclusiveOwner();
    expect(got.customer).toBe('pool:0');
    await next.release();
  });

  it('refuses to send a request once the check has ended', async () => {
    await useTarget();
    const t = newContext('ended');
    const owner = await t.owner();
    await t.release();
    await expect(owner.get('/reports')).rejects.toThrow(/check has ended; not sending GET \/reports/);
  });
});
