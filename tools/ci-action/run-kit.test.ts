import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The composite action's step (action.yml → tools/ci-action/run-kit.sh) as far as it needs no
 * GitHub: its input checks, and what it hands the engine and the step's outputs. `docker` is a
 * stand-in on PATH that notes its arguments and what the mounted folder held; the kit image's
 * real run is npm run test:container's (tools/container/kit-image-test.ts).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'tools/ci-action/run-kit.sh');
const dir = mkdtempSync(join(tmpdir(), 'cpf-ci-action-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bin = join(dir, 'bin');
mkdirSync(bin);
writeFileSync(
  join(bin, 'docker'),
  `#!/usr/bin/env bash
printf '%s\\n' "$@" > "$CPF_TEST_NOTES/args"
folder=$(printf '%s\\n' "$@" | sed -n 's/:\\/kit$//p')
stat -c '%a %n' "$folder"/* > "$CPF_TEST_NOTES/files"
exit "\${CPF_TEST_EXIT:-0}"
`,
);
chmodSync(join(bin, 'docker'), 0o755);

function step(env: Record<string, string>, name = 'run') {
  const notes = join(dir, name);
  mkdirSync(notes, { recursive: true });
  const output = join(notes, 'github-output');
  writeFileSync(output, '');
  writeFileSync(join(dir, 'expectations.json'), '{"known":[]}');
  const result = spawnSync('bash', [SCRIPT], {
    encoding: 'utf8',
    env: { PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: output, GITHUB_WORKSPACE: dir, RUNNER_TEMP: join(notes, 'runner'), CPF_TEST_NOTES: notes, ...env },
  });
  const read = (file: string) => (existsSync(join(notes, file)) ? readFileSync(join(notes, file), 'utf8') : '');
  return { code: result.status, stderr: result.stderr, args: read('args').trim().split('\n'), files: read('files'), outputs: read('github-output'), work: join(notes, 'runner', 'cpf-conformance') };
}

const PROFILE = '{"name":"staging","customers":{}}';
const KEY = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIP3x\n-----END PRIVATE KEY-----';

describe('the CI action', () => {
  it('declares its inputs and outputs and calls the script', () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { required?: boolean }>; outputs: Record<string, unknown>; runs: { using: string; steps: { run?: string; uses?: string }[] } };
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['base-url', 'profile', 'areas', 'rules', 'expectations', 'sign-key']));
    expect(action.inputs['base-url']?.required).toBe(true);
    expect(Object.keys(action.outputs)).toEqual(expect.arrayContaining(['exit-code', 'statement']));
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps.some((s) => s.run?.includes('tools/ci-action/run-kit.sh'))).toBe(true);
    expect(action.runs.steps.some((s) => s.run?.includes('kit.Dockerfile'))).toBe(true);
    expect(action.runs.steps.some((s) => s.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
  });

  it.each([
    ['no base URL', { CPF_PROFILE: PROFILE }, /the input base-url is empty\. Fix: /],
    ['a base URL that is no URL', { CPF_BASE_URL: 'staging/api/v2', CPF_PROFILE: PROFILE }, /base-url 'staging\/api\/v2' is not an http\(s\) URL\. Fix: /],
    ['no profile', { CPF_BASE_URL: 'https://staging.example.com/api/v2' }, /the input profile is empty\. Fix: .*secrets\.CPF_PROFILE/],
    ['a profile path instead of its content', { CPF_BASE_URL: 'https://staging.example.com/api/v2', CPF_PROFILE: 'ci/profile.json' }, /not a JSON object .*Fix: /],
    ['expectations that are not in the workspace', { CPF_BASE_URL: 'https://s.example.com/api/v2', CPF_PROFILE: PROFILE, CPF_EXPECTATIONS: 'ci/missing.json' }, /expectations names 'ci\/missing\.json', which is not a file of the workspace\. Fix: /],
    ['a sign key that is no PEM', { CPF_BASE_URL: 'https://s.example.com/api/v2', CPF_PROFILE: PROFILE, CPF_SIGN_KEY: 'abc' }, /sign-key is not a private key PEM .*Fix: /],
  ])('refuses %s with exit 2, a GitHub error annotation and the fix, before docker runs', (name, env, message) => {
    const result = step(env, name.replace(/\W+/g, '-'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^::error title=cpf-conformance::/m);
    expect(result.stderr).toMatch(message);
    expect(result.args).toEqual(['']);
  });

  it('runs the kit image in a folder of its own with the inputs as flags, hands on its exit code, and removes the secrets before the upload', () => {
    const result = step({ CPF_BASE_URL: 'https://staging.example.com/api/v2', CPF_PROFILE: PROFILE, CPF_AREAS: 'projects, auth', CPF_RULES: 'PROJ-* AUTH-5', CPF_EXPECTATIONS: 'expectations.json', CPF_SIGN_KEY: KEY, CPF_NETWORK: 'ci-net', CPF_IMAGE: 'kit:test', CPF_TEST_EXIT: '1' });
    expect(result.code).toBe(1);
    const uid = `${process.getuid?.()}:${process.getgid?.()}`;
    expect(result.args).toEqual(['run', '--rm', '--user', uid, '-v', `${result.work}:/kit`, '--network', 'ci-net', 'kit:test', '--base-url', 'https://staging.example.com/api/v2', '--profile', 'profile.json', '--report-dir', 'reports', '--area', 'projects', '--area', 'auth', '--rules', 'PROJ-*', '--rules', 'AUTH-5', '--expect', 'expectations.json', '--sign-key', 'sign.pem']);
    // The secrets were there for the run, readable by the caller alone, and are gone after it.
    expect(result.files).toMatch(/^600 .*\/profile\.json$/m);
    expect(result.files).toMatch(/^600 .*\/sign\.pem$/m);
    expect(existsSync(join(result.work, 'profile.json'))).toBe(false);
    expect(existsSync(join(result.work, 'sign.pem'))).toBe(false);
    expect(result.outputs).toBe(`report-dir=${result.work}/reports\nexit-code=1\nstatement=${result.work}/reports/statement.json\n`);
  });
});
