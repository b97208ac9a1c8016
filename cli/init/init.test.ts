import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../reference-server/src/start.js';
import { startRecordedTarget, type Received } from '../testing/recorded-target.js';
import { parseProfile, type Profile } from '../../spec/profile.schema.js';
import { runCli } from '../cli.js';
import { doctor } from '../doctor/doctor.js';
import { parseRunOptions } from '../options.js';
import { UsageError } from '../command-line/usage.js';
import { parseInitOptions } from './init-options.js';

/**
 * init against the bundled server as a foreign target: only the seed's tokens go in, and the
 * draft must find the seeded projects by what they answer, parse, and pass doctor.
 */
let server: RunningServer;
let dir: string;
let seed: Profile;
let target: Awaited<ReturnType<typeof startRecordedTarget>>;
let requests: Received[];

beforeAll(async () => {
  target = await startRecordedTarget('cpf-init-test-');
  ({ server, dir, requests } = target);
  seed = parseProfile(target.written, 'seed');
}, 60_000);

afterAll(() => target?.close());

/** Two pool customers with resources and one without, as a handful of test customers would be. */
const POOL = [0, 1, 10];

function tokensFile(): string {
  const c = seed.customers;
  const lines = ['# tokens of the bundled demo seed', ''];
  for (const role of ['primary', 'foreign', 'expiredUnlocked', 'locked', 'blocked', 'noHeatpumpRight', 'education'] as const) {
    lines.push(`${role} ${c[role]?.tokens.join(' ')}`);
  }
  for (const i of POOL) lines.push(`pool ${c.pool?.[i]?.tokens.join(' ')}`);
  lines.push(`webhook ${seed.webhook?.customer?.tokens.join(' ')}`);
  return `${lines.join('\n')}\n`;
}

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('init', () => {
  it('drafts a profile from tokens alone that classifies the seeded resources and passes doctor, reading only and paced', async () => {
    const tokens = join(dir, 'tokens.txt');
    const draftPath = join(dir, 'draft.json');
    writeFileSync(tokens, tokensFile());
    const receiver = 'https://hooks.example.net/cpf';
    const args = ['init', '--base-url', server.baseUrl, '--tokens', tokens, '--out', draftPath, '--receiver-url', receiver];

    const { code, out, err } = await cli(args);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(statSync(draftPath).mode & 0o777).toBe(0o600);
    const draft = parseProfile(JSON.parse(readFileSync(draftPath, 'utf8')), 'draft');

    const expected = seed.resources;
    expect(draft.siteUrl).toBe(seed.siteUrl);
    expect(draft.resources?.primaryProjectKeys).toMatchObject({
      calculable: expected?.primaryProjectKeys?.calculable,
      incomplete: expected?.primaryProjectKeys?.incomplete,
      archived: expected?.primaryProjectKeys?.archived,
      completed: expected?.primaryProjectKeys?.completed,
      outsideRadius: expected?.primaryProjectKeys?.outsideRadius,
      withPictures: expected?.primaryProjectKeys?.withPictures,
    });
    expect(draft.resources?.primaryProjectKeys?.variant).toBeUndefined();
    expect(draft.resources?.foreignProjectKey).toBe(expected?.foreignProjectKey);
    expect(draft.resources?.expiredUnlockedProjectKey).toBe(expected?.expiredUnlockedProjectKey);
    expect(draft.resources?.funding?.foreignApplicationId).toBe(expected?.funding?.foreignApplicationId);
    const core = (apps: readonly { applicationId: string; status: string; projectKey: string | null; bzaId?: string | null; bndId?: string | null }[] = []) =>
      apps.map(({ applicationId, status, projectKey, bzaId, bndId }) => ({ applicationId, status, projectKey, bzaId, bndId }));
    expect(core(draft.resources?.funding?.applications)).toEqual(core(expected?.funding?.applications));
    expect(draft.customers.pool?.map((c) => c.resources?.calculable)).toEqual(POOL.map((i) => seed.customers.pool?.[i]?.resources?.calculable));
    expect(draft.webhook).toMatchObject({ mode: 'receiver', receiverPublicUrl: receiver, incompleteProject: seed.webhook?.incompleteProject });
    expect(new Set(draft.webhook?.freshCalculableProjects)).toEqual(new Set(seed.webhook?.freshCalculableProjects));
    expect(draft.resources?.primaryProjectKeys?.$comment).toMatch(/^Inferred by init: calculable by results 200; /);
    expect(draft.$comment).toMatch(/To do: \(1\) /);
    const todos = [
      'resources.primaryProjectKeys.variant',
      'resources.expiredUnlockedCalculableKey',
      'resources.lockedCalculableKey',
      'resources.noHeatpumpRightCalculableKey',
      'resources.expiredLinks',
      'resources.postalCodes.invalid',
      'webhook.freshCalculableProjects',
      'webhook.authenticate',
      'limits.invalidTokenPerIp',
    ];
    for (const todo of todos) {
      expect(draft.$comment, todo).toContain(`${todo}: `);
      expect(out.some((line) => line.includes(`. ${todo}: `)), todo).toBe(true);
    }

    // init may have spent its customers' current second; doctor paces anew.
    await sleep(1_100);
    expect(await doctor(server.baseUrl, draft, () => {})).toBe(0);
    expect(requests.filter((r) => r.method !== 'GET' || /\/pdf$/.test(r.path))).toEqual([]);
    expect(requests.filter((r) => r.status === 429)).toEqual([]);

    const again = await cli(args);
    expect(again.code).toBe(2);
    expect(again.err.join('\n')).toMatch(/--out .* exists already\. Fix: another path, or --force/);
  }, 180_000);

  it('names a malformed tokens line and writes nothing', async () => {
    const tokens = join(dir, 'bad-tokens.txt');
    const draftPath = join(dir, 'never.json');
    writeFileSync(tokens, 'primary abc\nprimray def\n');
    const { code, err } = await cli(['init', '--base-url', server.baseUrl, '--tokens', tokens, '--out', draftPath]);
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/line 2: unknown role 'primray'\. Fix: one of primary, /);
    expect(existsSync(draftPath)).toBe(false);
  });

  it('refuses a control character in a token and a tokens file without end with exit 2 and the fix, never a stack', async () => {
    const escaped = join(dir, 'escape-tokens.txt');
    writeFileSync(escaped, 'primary abc\u001b]0;x\u0007def\n');
    for (const [tokens, reason] of [
      [escaped, /line 1: character U\+001B at column 12, which an Authorization header cannot carry\. Fix: /],
      ['/dev/zero', /--tokens \/dev\/zero: more than 1048576 bytes, .* Fix: one line per customer: ROLE TOKEN/],
    ] as const) {
      const { code, err } = await cli(['init', '--base-url', server.baseUrl, '--tokens', tokens, '--out', join(dir, 'never.json')]);
      expect(code).toBe(2);
      expect(err.join('\n')).toMatch(reason);
      expect(err.join('\n')).not.toMatch(/\n\s+at /);
      expect(err.join('\n')).not.toContain('\u001b');
    }
  });
});

describe('the init command line', () => {
  const base = ['--base-url', 'https://api.example.com/api/v2'];
  it('takes --tokens, --out, --force and --receiver-url, and needs the first two and --base-url', () => {
    expect(parseInitOptions([...base, '--tokens', 't.txt', '--out=p.json', '--force', '--receiver-url', 'https://hooks.example.net/x'])).toEqual({ baseUrl: 'https://api.example.com/api/v2', tokens: 't.txt', out: 'p.json', force: true, receiverUrl: 'https://hooks.example.net/x' });
    expect(() => parseInitOptions([...base, '--tokens', 't.txt'])).toThrow(/^init needs --out\. Fix: npm run conformance -- init --base-url URL/);
    expect(() => parseInitOptions(['--tokens', 't.txt', '--out', 'p.json'])).toThrow(/^init needs --base-url\./);
  });

  it('refuses flags of a run with init, and init flags without it', () => {
    expect(() => parseInitOptions([...base, '--tokens', 't', '--out', 'p', '--profile', 'x.json'])).toThrow(/^init does not take --profile\. Fix: /);
    expect(() => parseRunOptions([...base, '--profile', 'x.json', '--tokens', 't'])).toThrow(UsageError);
    expect(() => parseRunOptions(['doctor', ...base, '--profile', 'x.json', '--force'])).toThrow(/^--force belongs to init\./);
    expect(() => parseInitOptions([...base, '--tokens', 't', '--out', 'p', '--receiver-url', 'hooks'])).toThrow(/^--receiver-url 'hooks' is not an http\(s\) URL/);
  });
});
