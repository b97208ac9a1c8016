import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckResult, CheckState } from '../../harness-core/check-result.js';
import { runDiff } from './main.js';

const root = mkdtempSync(join(tmpdir(), 'cpf-diff-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function check(rule: string, state: CheckState, note?: string): CheckResult {
  return { title: `[${rule}] ${rule.toLowerCase()} holds`, file: 'suites/x.test.ts', area: 'x', rules: [rule], state, durationMs: 1, ...(note ? { note } : {}) };
}

/** A report folder as the CLI leaves it without a statement: checks.json alone. */
function reportFolder(name: string, checks: CheckResult[]): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'checks.json'), JSON.stringify(checks));
  return dir;
}

/** A DSSE envelope around an in-toto statement carrying the given rule verdicts. */
function statement(name: string, rules: Record<string, { verdict: string; reason?: string; checks: { title: string; state: string }[] }>): string {
  const payload = { _type: 'https://in-toto.io/Statement/v1', subject: [], predicateType: 'test-result', predicate: { cpfConformance: { rules } } };
  const file = join(root, name);
  writeFileSync(file, JSON.stringify({ payloadType: 'application/vnd.in-toto+json', payload: Buffer.from(JSON.stringify(payload)).toString('base64'), signatures: [] }));
  return file;
}

async function diff(...args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runDiff(args, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}

describe('runDiff', () => {
  const green = reportFolder('green', [check('A-1', 'passed'), check('A-2', 'failed', 'expected 404'), check('A-3', 'passed'), check('A-4', 'passed')]);
  const red = reportFolder('red', [check('A-1', 'failed', 'expected 200, got 500'), check('A-2', 'passed'), check('A-3', 'skipped', 'profile lacks a locked customer'), check('A-5', 'passed')]);

  it('prints each section and exits 1 on a regression', async () => {
    const { code, out } = await diff(green, red);
    expect(code).toBe(1);
    expect(out).toContain(`diff ${green} → ${red}`);
    expect(out).toContain('Regressions (1)\n  A-1  pass → fail\n      failing: [A-1] a-1 holds\n      reason: expected 200, got 500');
    expect(out).toContain('Fixes (1)\n  A-2  fail → pass\n      failed before: [A-2] a-2 holds\n      reason: expected 404');
    expect(out).toContain('New skips (1)\n  A-3  pass → skip\n      why: profile lacks a locked customer');
    expect(out).toContain('Checks added (1)\n  [A-5] a-5 holds');
    expect(out).toContain('Checks removed (1)\n  [A-4] a-4 holds');
    expect(out).toContain('1 regression, 1 fix, 1 new skip, 0 flaky, 1 checks added, 1 removed');
  });

  it('follows the earned verdicts: a rule a passing check did not judge is a skip, a failure charged to RATE-2 a regression of RATE-2', async () => {
    const judged = (rules: string[], state: CheckState, extra: Partial<CheckResult> = {}): CheckResult => ({ title: `[${rules.join(' ')}] lane`, file: 'suites/x.test.ts', area: 'x', rules, state, durationMs: 1, ...extra });
    const before = reportFolder('earned-before', [judged(['B-1', 'B-2'], 'passed', { judged: ['B-1', 'B-2'] }), check('RATE-2', 'passed')]);
    const charged: CheckResult = { ...check('RATE-2', 'failed', 'RATE-2 failed: the refusal is proven wrong'), title: '[RATE-2] a refusal the pacer\'s timeline proves wrong, met by "[B-1] lane"', metBy: '[B-1 B-2] lane' };
    const after = reportFolder('earned-after', [judged(['B-1', 'B-2'], 'passed', { judged: ['B-1'], notExercised: { 'B-2': 'one token per customer' } }), check('RATE-2', 'passed'), charged]);
    const { code, out } = await diff(before, after);
    expect(code).toBe(1);
    expect(out).toContain('Regressions (1)\n  RATE-2  pass → fail');
    expect(out).toContain('New skips (1)\n  B-2  pass → skip\n      why: not exercised: one token per customer');
  });

  const fixed = reportFolder('fixed', [check('A-1', 'passed'), check('A-2', 'passed'), check('A-3', 'passed'), check('A-4', 'passed')]);

  it('exits 0 without a regression, leaving empty sections out', async () => {
    const { code, out } = await diff(green, fixed);
    expect(code).toBe(0);
    expect(out).not.toContain('Regressions');
    expect(out).toContain('Fixes (1)\n  A-2  fail → pass');
  });

  it('names flaky rules over three runs and judges the exit code by the last two', async () => {
    const { code, out } = await diff(green, red, green);
    expect(code).toBe(1);
    expect(out).toContain('Regressions (1)\n  A-2  pass → fail');
    expect(out).toContain('Flaky (2)\n  A-1  pass → fail → pass\n  A-2  fail → pass → fail');
    expect(out).toContain('(last two runs; flaky over all 3)');
  });

  it('reads statements, treating a rule not selected as absent', async () => {
    const old = statement('old.statement.json', {
      'A-1': { verdict: 'pass', checks: [{ title: '[A-1] a-1 holds', state: 'passed' }] },
      'A-2': { verdict: 'pass', checks: [{ title: '[A-2] a-2 holds', state: 'passed' }] },
    });
    const next = statement('new.statement.json', {
      'A-1': { verdict: 'broken', reason: 'harness could not create a project', checks: [{ title: '[A-1] a-1 holds', state: 'broken' }] },
      'A-2': { verdict: 'not-selected', checks: [] },
    });
    const { code, out } = await diff(old, next);
    expect(code).toBe(1);
    expect(out).toContain('Regressions (1)\n  A-1  pass → broken\n      failing: [A-1] a-1 holds\n      reason: harness could not create a project');
    expect(out).not.toContain('A-2  pass');
  });

  it('prefers the statement of a report folder that holds both', async () => {
    const dir = reportFolder('both', [check('A-1', 'failed')]);
    writeFileSync(join(dir, 'statement.json'), JSON.stringify({ payloadType: 'application/vnd.in-toto+json', payload: Buffer.from(JSON.stringify({ predicate: { cpfConformance: { rules: { 'A-1': { verdict: 'pass', checks: [] } } } } })).toString('base64'), signatures: [] }));
    expect((await diff(green, dir)).code).toBe(0);
  });

  it('says when the runs selected differently', async () => {
    const partial = reportFolder('partial', [check('A-1', 'passed')]);
    writeFileSync(join(partial, 'selection.json'), JSON.stringify({ rules: [], areas: ['rate-limit'], files: [] }));
    writeFileSync(join(green, 'selection.json'), JSON.stringify({ rules: [], areas: [], files: [] }));
    const { out } = await diff(partial, green);
    expect(out).toContain(`note: the runs selected different checks; rules and checks only one of them selected show as absent, added or removed:\n  ${partial}: areas rate-limit\n  ${green}: everything`);
    expect((await diff(green, fixed)).out).not.toContain('note:');
  });

  it('exits 2 naming a path that is neither a statement nor a report folder, and the fix', async () => {
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const junk = join(root, 'junk.json');
    writeFileSync(junk, '{"hello": 1}');
    for (const bad of [join(root, 'missing'), empty, junk]) {
      const { code, out } = await diff(green, bad);
      expect(code).toBe(2);
      expect(out).toContain(bad);
      expect(out).toContain('Fix: pass a report folder');
    }
  });

  it('exits 2 with the usage for fewer than two runs', async () => {
    const { code, out } = await diff(green);
    expect(code).toBe(2);
    expect(out).toContain('usage: npm run conformance -- diff OLD NEW');
  });
});
