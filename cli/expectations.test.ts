import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../harness-core/check-result.js';
import { applyExpectations, loadExpectations, unmatchedEntries } from './expectations.js';
import { UsageError } from './command-line/usage.js';

const check = (title: string, state: CheckResult['state'], rules: string[] = []): CheckResult => ({ title, file: 'f', area: 'a', rules, state, durationMs: 0 });

describe('expectations baseline', () => {
  const expectations = {
    expectedFailures: [
      { check: '[PROJ-1] known by title', reason: 'ticket 1' },
      { check: 'AUTH-5', reason: 'query tokens accepted until v3' },
      { check: '[META-1] fixed meanwhile', reason: 'ticket 2' },
    ],
  };

  it('separates known failures, regressions and fixed checks', () => {
    const verdict = applyExpectations(
      [
        check('[PROJ-1] known by title', 'failed', ['PROJ-1']),
        check('[AUTH-5 AUTH-6] by rule', 'failed', ['AUTH-5', 'AUTH-6']),
        check('[PROJ-2] new failure', 'failed', ['PROJ-2']),
        check('[META-1] fixed meanwhile', 'passed', ['META-1']),
        check('[META-2] skipped', 'skipped', ['META-2']),
      ],
      expectations,
    );
    expect(verdict.known.map((k) => k.title)).toEqual(['[PROJ-1] known by title', '[AUTH-5 AUTH-6] by rule']);
    expect(verdict.regressions.map((r) => r.title)).toEqual(['[PROJ-2] new failure']);
    expect(verdict.fixed.map((f) => f.title)).toEqual(['[META-1] fixed meanwhile']);
  });

  it('names the problem in a malformed file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpf-expect-'));
    writeFileSync(join(dir, 'e.json'), JSON.stringify({ expectedFailures: [{ check: 'AUTH-5' }] }));
    expect(() => loadExpectations(join(dir, 'e.json'))).toThrow(UsageError);
    expect(() => loadExpectations(join(dir, 'e.json'))).toThrow(/expectedFailures\.0\.reason/);
    expect(() => loadExpectations(join(dir, 'missing.json'))).toThrow(/file not found/);
  });

  it('refuses entries naming an unknown rule or no check title, and lists titles no check has', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpf-expect-'));
    const file = (entries: { check: string }[]) => {
      writeFileSync(join(dir, 'e.json'), JSON.stringify({ expectedFailures: entries.map((e) => ({ ...e, reason: 'r' })) }));
      return join(dir, 'e.json');
    };
    expect(() => loadExpectations(file([{ check: 'PROJ-9999' }]))).toThrow(/expectedFailures\[0\]\.check "PROJ-9999": unknown rule/);
    expect(() => loadExpectations(file([{ check: '[PROJ-1 FOO-2] title' }]))).toThrow(/names unknown rule\(s\) FOO-2/);
    expect(() => loadExpectations(file([{ check: 'some words' }]))).toThrow(/neither a rule ID nor a check title/);
    const loaded = loadExpectations(file([{ check: '[PROJ-1] known by title' }, { check: '[PROJ-1] renamed since' }]));
    expect(unmatchedEntries([check('[PROJ-1] known by title', 'failed', ['PROJ-1'])], loaded)).toEqual(['[PROJ-1] renamed since']);
  });
});
