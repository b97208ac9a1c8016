import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RuleEntry } from '../../cli/statement/statement-schema.js';
import { readStatementRules, THIN_DATA_RULES, thinVerdict } from './thin-verdict.js';

const skip = (reason: string): RuleEntry => ({ verdict: 'skip', reason, checks: [{ title: 'a check', state: 'skipped' }] });

/** Every listed rule skipped with a reason, as a run on the thin data set shows them. */
function thinRules(extra: Record<string, RuleEntry> = {}): Record<string, RuleEntry> {
  return {
    ...Object.fromEntries(THIN_DATA_RULES.map(({ rule }) => [rule, skip(`${rule}: not exercised on thin data`)])),
    'PROJ-1': { verdict: 'pass', evidence: ['1 project'], items: 1, checks: [{ title: 'lists', state: 'passed', judged: true }] },
    ...extra,
  };
}

describe('thin verdict', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpf-thin-verdict-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints each listed rule with its verdict and reason and keeps the CLI code', () => {
    const verdict = thinVerdict({ rules: thinRules({ 'FUND-31': { verdict: 'inconclusive', reason: 'timing', checks: [] } }), cliCode: 0 });
    expect(verdict.code).toBe(0);
    expect(verdict.lines[0]).toBe(`thin data: ${THIN_DATA_RULES.length} rules it cannot exercise must not read pass`);
    expect(verdict.lines).toContain('  AUTH-10: skip: AUTH-10: not exercised on thin data (needs a second token of the primary customer)');
    expect(verdict.lines).toContain('  FUND-31: inconclusive: timing (needs at least two applications of a customer)');
    expect(verdict.lines).toHaveLength(THIN_DATA_RULES.length + 1);
  });

  it('shortens a reason of many parts to its first three', () => {
    const reason = ['one token', 'pool:1 has one token', 'pool:2 has one token', 'pool:3 has one token', 'pool:4 has one token'].join(' | ');
    const verdict = thinVerdict({ rules: thinRules({ 'AUTH-10': skip(reason) }), cliCode: 0 });
    expect(verdict.lines).toContain('  AUTH-10: skip: one token | pool:1 has one token | pool:2 has one token | (2 more like these in the statement) (needs a second token of the primary customer)');
  });

  it('exits 1 when a listed rule reads pass, naming the checks that passed it', () => {
    const passed: RuleEntry = {
      verdict: 'pass',
      evidence: ['1 application'],
      items: 1,
      checks: [
        { title: 'order of the list', state: 'passed', judged: true },
        { title: 'another check', state: 'passed', judged: false },
      ],
    };
    const verdict = thinVerdict({ rules: thinRules({ 'FUND-31': passed }), cliCode: 0 });
    expect(verdict.code).toBe(1);
    expect(verdict.lines).toContain('  FUND-31: PASS although thin data lack at least two applications of a customer; passed by: order of the list; evidence: 1 application');
    expect(verdict.lines.at(-1)).toMatch(/^FUND-31 read pass on data that cannot exercise it/);
  });

  it("keeps the CLI's own failure code", () => {
    expect(thinVerdict({ rules: thinRules(), cliCode: 1 }).code).toBe(1);
    expect(thinVerdict({ rules: thinRules({ 'STAT-5': { verdict: 'pass', checks: [] } }), cliCode: 3 }).code).toBe(3);
  });

  it('exits 3 without a statement, or when a listed rule is not in it', () => {
    expect(thinVerdict({ rules: 'no reports/statement.json was written', cliCode: 0 })).toEqual({
      lines: ['thin data: no reports/statement.json was written, so the verdicts of the rules thin data cannot exercise are unknown'],
      code: 3,
    });
    const { 'HOOK-4': _absent, ...rest } = thinRules();
    const verdict = thinVerdict({ rules: rest, cliCode: 0 });
    expect(verdict.code).toBe(3);
    expect(verdict.lines.join('\n')).toContain('HOOK-4: not in the statement');
  });

  it('reads the rules out of the DSSE envelope of statement.json', () => {
    const file = join(dir, 'statement.json');
    const statement = { predicate: { cpfConformance: { rules: thinRules() } } };
    writeFileSync(file, JSON.stringify({ payloadType: 'application/vnd.in-toto+json', payload: Buffer.from(JSON.stringify(statement)).toString('base64'), signatures: [] }));
    expect(readStatementRules(file)).toEqual(thinRules());
    expect(readStatementRules(join(dir, 'missing.json'))).toMatch(/^no .*missing\.json was written$/);
    writeFileSync(file, '{"payloadType":"x","payload":"bm90IGpzb24=","signatures":[]}');
    expect(readStatementRules(file)).toMatch(/does not read as a statement/);
  });
});
