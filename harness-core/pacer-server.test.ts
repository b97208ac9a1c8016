import { afterEach, describe, expect, it, vi } from 'vitest';
import { pacerCall } from './pacer-client.js';
import { startPacerServer, type LeaseCandidate, type PacerServer } from './pacer-server.js';
import { createQuietPhase } from './quiet-phase.js';

let pacer: PacerServer | undefined;
afterEach(async () => {
  await pacer?.close();
  pacer = undefined;
});

const role = (customer: string, heatpump: boolean, tokens = 1): LeaseCandidate => ({ customer, tokens, heatpump, foreign: customer === 'foreign' });
/** A profile without a pool: its licensed role customers only. */
const ROLES_ONLY = [role('primary', true, 3), role('noHeatpumpRight', false), role('education', false), role('foreign', false)];

async function start(leaseGroup: LeaseCandidate[], expectedRoleRequests: Record<string, number> = {}, maxLeasesPerCustomer = Infinity): Promise<string> {
  pacer = await startPacerServer({ leaseGroup, expectedRoleRequests, maxLeasesPerCustomer });
  return pacer.url;
}

const lease = (url: string, check: string, body: Record<string, unknown> = {}) => pacerCall<{ customer: string | null }>(url, '/lease', { check, kind: 'licensed', exclusive: false, ...body }).then((r) => r.customer);

describe('leases without a pool', () => {
  it('spread over every licensed role customer, by the work expected of each', async () => {
    const url = await start(ROLES_ONLY, { primary: 12 });
    const got = [];
    for (let i = 0; i < 6; i++) got.push(await lease(url, `c${i}`));
    // foreign owns the resources `licensed` checks compare against; primary has 12 requests of its own to come.
    expect(got.filter((c) => c === 'foreign')).toEqual([]);
    expect(new Set(got.slice(0, 2))).toEqual(new Set(['noHeatpumpRight', 'education']));
    expect(got).toContain('primary');
  });

  it('give each kind only the customers it may have, and none when the profile has none', async () => {
    const url = await start(ROLES_ONLY);
    for (let i = 0; i < 4; i++) expect(await lease(url, `h${i}`, { kind: 'heatpump' })).toBe('primary');
    const any = new Set<string | null>();
    for (let i = 0; i < 8; i++) any.add(await lease(url, `o${i}`, { kind: 'own-data-only' }));
    expect(any).toContain('foreign');
    expect(await lease(url, 'x', { exclusive: true, minTokens: 4 })).toBeNull();
  });

  it('give a check that names the customers whose data serve it only one of those, and none when it names none', async () => {
    const url = await start(ROLES_ONLY);
    for (let i = 0; i < 4; i++) expect(await lease(url, `e${i}`, { among: ['education'] })).toBe('education');
    expect(await lease(url, 'none', { among: [] })).toBeNull();
  });

  it('hand out an exclusive customer at once, though every customer is leased, and a second one of the same check is another', async () => {
    const url = await start(ROLES_ONLY);
    for (let i = 0; i < 12; i++) await lease(url, `holder${i}`, { kind: 'own-data-only' });
    const first = await lease(url, 'rate', { exclusive: true });
    const second = await lease(url, 'rate', { exclusive: true });
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    // An exclusive customer gets no further leases until given back.
    const others = new Set<string | null>();
    for (let i = 0; i < 8; i++) others.add(await lease(url, `later${i}`, { kind: 'own-data-only' }));
    expect(others.has(first)).toBe(false);
    await pacerCall(url, '/unlease', { customer: first, check: 'rate' });
    const after = new Set<string | null>();
    for (let i = 0; i < 8; i++) after.add(await lease(url, `after${i}`, { kind: 'own-data-only' }));
    expect(after.has(first)).toBe(true);
  });

  it("hold a check's first lease back while every fitting customer serves the most leases at once, but not its second one or an exclusive one", async () => {
    const url = await start([role('primary', true), role('education', false)], {}, 1);
    expect(new Set([await lease(url, 'a'), await lease(url, 'b')])).toEqual(new Set(['primary', 'education']));
    let third: string | null | undefined;
    const waiting = lease(url, 'c').then((c) => (third = c));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(third, 'a third check waits while both customers serve one lease').toBeUndefined();
    expect(await lease(url, 'a', { kind: 'own-data-only' }), 'the second lease of a check is not held back').not.toBeNull();
    await pacerCall(url, '/unlease', { customer: 'education', check: 'b' });
    await waiting;
    expect(third).toBe('education');
    expect(await lease(url, 'rate', { exclusive: true }), 'nor is an exclusive one').not.toBeNull();
  });

  it('wait for a customer at the cap rather than take one a lease\'s worth busier, as the primary customer with its role work to come', async () => {
    const owner: LeaseCandidate = { customer: 'pool:0', tokens: 2, heatpump: true, foreign: false, owns: ['calculable'] };
    const url = await start([owner, { ...role('primary', true), owns: ['calculable'] }], { primary: 40 }, 1);
    expect(await lease(url, 'general', { kind: 'own-data-only' })).toBe('pool:0');
    let got: string | null | undefined;
    const waiting = lease(url, 'results', { kind: 'calculable' }).then((c) => (got = c));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got, 'primary is under the cap, but 40 requests of its own are to come').toBeUndefined();
    await pacerCall(url, '/unlease', { customer: 'pool:0', check: 'general' });
    await waiting;
    expect(got).toBe('pool:0');
  });

  it('for minTokens take the only customer with enough tokens', async () => {
    const url = await start(ROLES_ONLY);
    expect(await lease(url, 'burst', { exclusive: true, minTokens: 2 })).toBe('primary');
  });
});

describe('seniority', () => {
  it('serves a check the pacer has started before checks that queued earlier but have not started', async () => {
    const url = await start([]);
    const acquire = (check: string) => pacerCall(url, '/acquire', { customer: 'primary', check });
    const release = () => pacerCall(url, '/release', { customer: 'primary' });
    await acquire('started');
    await acquire('other');
    const order: string[] = [];
    const queued = ['new-1', 'new-2'].map((check) => acquire(check).then(() => order.push(check)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const senior = acquire('started').then(() => order.push('started'));
    // One slot frees (a second after this response): it goes to the started check; the other stays in flight.
    await release();
    await senior;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(['started']);
    await release();
    await release();
    await Promise.all(queued);
    expect(order).toEqual(['started', 'new-1', 'new-2']);
    await release();
    await release();
  });

  it('gives a freed customer to a started check waiting for a lease before checks that asked earlier but have not started', async () => {
    const url = await start([role('education', false)], {}, 1);
    expect(await lease(url, 'holder')).toBe('education');
    const got: string[] = [];
    const early = lease(url, 'not-started').then(() => got.push('not-started'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A check the pacer has granted a request (its seniority) now waits for a further customer.
    await pacerCall(url, '/acquire', { customer: 'primary', check: 'started' });
    const senior = lease(url, 'started').then(() => got.push('started'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pacerCall(url, '/unlease', { customer: 'education', check: 'holder' });
    await senior;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got).toEqual(['started']);
    await pacerCall(url, '/unlease', { customer: 'education', check: 'started' });
    await early;
    expect(got).toEqual(['started', 'not-started']);
  });
});

describe('refusals outside the rate-limit checks', () => {
  it('names each grant, and proves no refusal whose second reaches back before the pacer started', async () => {
    const url = await start([]);
    const first = await pacerCall<{ grant: number }>(url, '/acquire', { customer: 'primary' });
    const second = await pacerCall<{ grant: number }>(url, '/acquire', { customer: 'primary' });
    expect(first.grant).not.toBe(second.grant);
    await pacerCall(url, '/release', { customer: 'primary', grant: first.grant, status: 200, label: 'GET /reports' });
    await pacerCall(url, '/release', { customer: 'primary', grant: second.grant, status: 429, label: 'GET /reports' });
    expect(await pacerCall(url, '/judge-429', { customer: 'primary', grant: second.grant, check: 'c', method: 'GET', path: '/reports' })).toEqual({ proof: null });
    expect(pacer?.stats().provenWrongRefusals).toEqual([]);
  });
});

describe('a wall clock set forward during the run', () => {
  it("opens no lane early: the target's count is monotonic, and so is the pacing (a resumed virtual machine, NTP)", async () => {
    const url = await start([]);
    const acquire = () => pacerCall<{ grant: number }>(url, '/acquire', { customer: 'primary' }).then((r) => r.grant);
    for (let i = 0; i < 2; i++) await pacerCall(url, '/release', { customer: 'primary', grant: await acquire(), status: 200, label: 'GET /reports' });
    const wallClock = Date.now.bind(Date);
    const setForward = vi.spyOn(Date, 'now').mockImplementation(() => wallClock() + 60_000);
    try {
      const asked = performance.now();
      await acquire();
      // Two answers within the last second: the third request waits for the first's second to pass.
      expect(performance.now() - asked).toBeGreaterThanOrEqual(900);
    } finally {
      setForward.mockRestore();
    }
  });
});

describe('the invalid-token lane', () => {
  it("counts each rule's requests without a valid token, and a whole-lane hold apart", async () => {
    const url = await start([]);
    const lane = { customer: '#invalid-token', limit: 5, windowMs: 10_000 };
    for (const [check, rule] of [['a', 'AUTH-1'], ['b', 'AUTH-1'], ['c', 'AUTH-4']]) {
      const { grant } = await pacerCall<{ grant: number }>(url, '/acquire', { ...lane, check, rule });
      await pacerCall(url, '/release', { customer: lane.customer, grant, status: 401, label: 'GET /reports' });
    }
    await pacerCall(url, '/acquire', { ...lane, check: 'd', rule: 'RATE-12', grants: 2, hold: true });
    expect(pacer?.stats().laneRequestsByRule).toEqual({ 'AUTH-1': 2, 'AUTH-4': 1, 'RATE-12 (lane held)': 2 });
  });
});

describe('the slowest paced answer', () => {
  it("is the longest a paced request's answer took, counting neither refusals, nor 5xx, nor requests without an answer, nor held lanes", async () => {
    const url = await start([]);
    const answer = async (status: number, waitMs: number) => {
      const { grant } = await pacerCall<{ grant: number }>(url, '/acquire', { customer: 'primary' });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      await pacerCall(url, '/release', { customer: 'primary', grant, status, label: 'GET /reports' });
    };
    await answer(200, 0);
    const quick = (await pacerCall<{ ms: number }>(url, '/slowest-paced-answer', {})).ms;
    for (const status of [429, 502, 0]) await answer(status, 300);
    expect((await pacerCall<{ ms: number }>(url, '/slowest-paced-answer', {})).ms).toBe(quick);
    await answer(404, 300);
    expect((await pacerCall<{ ms: number }>(url, '/slowest-paced-answer', {})).ms).toBeGreaterThanOrEqual(290);
  });
});

describe('a hold that goes last in its lane (RATE-12)', () => {
  it('waits for the other files\' end and for every other request of the lane, then for the lane\'s window; its release can keep another lane quiet', async () => {
    const quiet = createQuietPhase();
    quiet.runStarted(['auth.conformance.ts', 'rate.conformance.ts', 'oracles.quiet.conformance.ts']);
    pacer = await startPacerServer({ leaseGroup: [], quietPhase: quiet });
    const url = pacer.url;
    const pace = { customer: '#invalid-token', limit: 3, windowMs: 200 };
    let lastGranted: number | undefined;
    const last = pacerCall<{ grant: number }>(url, '/acquire', { ...pace, grants: 3, hold: true, last: true, file: 'rate.conformance.ts', check: 'rate' }).then((r) => {
      lastGranted = Date.now();
      return r.grant;
    });
    // Requests of the lane that come after it still go first.
    const other = await pacerCall<{ grant: number }>(url, '/acquire', { ...pace, grants: 1, check: 'auth' });
    await pacerCall(url, '/release', { customer: '#invalid-token', grant: other.grant });
    await new Promise((r) => setTimeout(r, 600));
    expect(lastGranted).toBeUndefined();
    const ended = Date.now();
    quiet.fileEnded('auth.conformance.ts');
    const grant = await last;
    expect(lastGranted).toBeGreaterThanOrEqual(ended);
    for (let i = 0; i < 3; i++) await pacerCall(url, '/release', { customer: '#invalid-token', grant });
    const blocked = await pacerCall<{ grant: number }>(url, '/acquire', { customer: 'blocked', grants: 2, hold: true, check: 'rate' });
    const quietUntil = Date.now() + 400;
    for (let i = 0; i < 2; i++) await pacerCall(url, '/release', { customer: 'blocked', grant: blocked.grant, quietUntil });
    await pacerCall(url, '/acquire', { customer: 'blocked', grants: 1, check: 'later' });
    expect(Date.now()).toBeGreaterThanOrEqual(quietUntil);
  });
});
