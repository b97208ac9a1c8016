import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../harness-core/check-result.js';
import { parseRunOptions } from '../options.js';
import { failedSelection, rerunOptions } from './rerun-failed.js';

const check = (rules: string[], state: CheckResult['state'], area = 'projects', file = `suites/${area}/a.conformance.ts`): CheckResult => ({
  title: `[${rules.join(' ')}] ${state} check`,
  file,
  area,
  rules,
  state,
  durationMs: 0,
});

const root = mkdtempSync(join(tmpdir(), 'cpf-rerun-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A report folder of an earlier run with these checks (and a statement carrying its exploration seed). */
function earlierRun(name: string, checks: CheckResult[], exploreSeed?: number): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'checks.json'), JSON.stringify(checks));
  if (exploreSeed !== undefined) {
    const payload = { predicate: { cpfConformance: { selection: { exploreSeed } } } };
    writeFileSync(join(dir, 'statement.json'), JSON.stringify({ payloadType: 'application/vnd.in-toto+json', payload: Buffer.from(JSON.stringify(payload)).toString('base64'), signatures: [] }));
  }
  return dir;
}

function folderWith(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

function rerun(dir: string, argv: string[] = []) {
  const lines: string[] = [];
  const options = rerunOptions(parseRunOptions(['--rerun-failed', dir, ...argv]), dir, (line) => lines.push(line));
  return { options, output: lines.join('\n') };
}

describe('the selection of --rerun-failed', () => {
  it('takes the rules of the failed and broken checks, each once and sorted, and counts those checks', () => {
    const selection = failedSelection([check(['PROJ-12', 'ERR-3'], 'failed'), check(['AUTH-1'], 'passed'), check(['PROJ-12'], 'broken'), check(['META-1'], 'skipped')]);
    expect(selection).toEqual({ rules: ['ERR-3', 'PROJ-12'], failing: 2, total: 4, exploration: false, ruleless: [] });
  });

  it('notes a failing exploration and the files of failing checks that name no rule', () => {
    const selection = failedSelection([check(['PROJ-1', 'PROJ-2'], 'failed', 'explore'), check([], 'broken', 'rooms', 'suites/rooms/b.conformance.ts')]);
    expect(selection).toMatchObject({ rules: ['PROJ-1', 'PROJ-2'], exploration: true, ruleless: ['suites/rooms/b.conformance.ts'] });
  });
});

describe('--rerun-failed DIR', () => {
  it('runs the failing rules as --rules and prints them with the count of checks', () => {
    const dir = earlierRun('failed', [check(['PROJ-12'], 'failed'), check(['AUTH-3'], 'broken'), check(['META-1'], 'passed')]);
    const { options, output } = rerun(dir, ['--area', 'projects']);
    expect(options).toMatchObject({ rules: ['AUTH-3', 'PROJ-12'], areas: ['projects'], rerunFailed: dir });
    expect(output).toBe(`--rerun-failed ${dir}: 2 of its 3 checks failed or broke; running the checks of their 2 rules: AUTH-3, PROJ-12`);
  });

  it('says so and selects no run when nothing failed', () => {
    const dir = earlierRun('green', [check(['META-1'], 'passed'), check(['META-2'], 'skipped')]);
    expect(rerun(dir)).toEqual({ options: undefined, output: `--rerun-failed ${dir}: none of its 2 checks failed or broke; nothing to run` });
  });

  it("replays the earlier run's exploration seed when the exploration failed, unless --seed is given", () => {
    const dir = earlierRun('explore', [check(['PROJ-1'], 'failed', 'explore')], 4242);
    expect(rerun(dir).options?.seed).toBe(4242);
    expect(rerun(dir).output).toContain('the exploration failed there: replaying its seed 4242');
    expect(rerun(dir, ['--seed', '7']).options?.seed).toBe(7);
  });

  it('names the files of failing checks without rules, and refuses when only those failed', () => {
    const ruleless = check([], 'broken', 'rooms', 'suites/rooms/b.conformance.ts');
    expect(rerun(earlierRun('mixed', [check(['PROJ-12'], 'failed'), ruleless])).output).toContain('run them with --file suites/rooms/b.conformance.ts');
    expect(() => rerun(earlierRun('collection', [ruleless]))).toThrow(/name no rule .* Fix: run their files: --file suites\/rooms\/b\.conformance\.ts$/);
  });

  it.each([
    ['a missing folder', () => join(root, 'nowhere'), /^--rerun-failed .*nowhere: no such folder\. Fix: give the --report-dir of an earlier run/],
    ['a folder without checks.json', () => folderWith('bare', {}), /^--rerun-failed .*bare: no checks\.json in it, so no run to repeat\. Fix: /],
    ['a checks.json of another shape', () => folderWith('odd', { 'checks.json': '{"checks": []}' }), /^--rerun-failed .*odd\/checks\.json: not a check list of the kit \(\(root\): .*\)\. Fix: /],
  ])('refuses %s naming the flag and the fix', (_case, dir, message) => {
    expect(() => rerun(dir())).toThrow(message);
  });
});
