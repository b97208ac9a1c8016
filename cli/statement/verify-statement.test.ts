import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../harness-core/check-result.js';
import { buildStatement, testableRuleIds } from './build-statement.js';
import { envelopeOf, type DsseEnvelope } from './dsse.js';
import { allureTitle } from './report-files.js';
import type { Statement } from './statement-schema.js';
import { STATEMENT_FILE, verifyStatement } from './verify-statement.js';

const BASE = 'http://127.0.0.1:9/api/v2';
const [PASSING, FAILING, SKIPPED] = testableRuleIds() as [string, string, string];
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const check = (rule: string, title: string, state: CheckResult['state'], note?: string): CheckResult => ({ title: `[${rule}] ${title}`, file: 'suites/meta/x.test.ts', area: 'meta', rules: [rule], state, note, durationMs: 1 });
// The first title holds a run of white space, which Allure stores collapsed to one space.
const CHECKS = [check(PASSING, 'answers  "\t " too', 'passed'), check(FAILING, 'refuses', 'failed', 'expected 200'), check(SKIPPED, 'writes', 'skipped', 'read-only run: this check writes')];

/** A report dir as a run leaves it: reports, one Allure result per check, and its statement. */
function reportDir(signKey?: KeyObject): { dir: string; statement: Statement } {
  const dir = mkdtempSync(join(tmpdir(), 'h5-stmt-test-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'allure-results'));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ target: BASE }));
  writeFileSync(join(dir, 'checks.json'), JSON.stringify(CHECKS));
  writeFileSync(join(dir, 'junit.xml'), '<testsuites/>');
  CHECKS.forEach((c, i) => {
    const result = { name: allureTitle(c.title), fullName: `cpf-conformance:${c.file}#${allureTitle(c.title)}`, status: c.state, labels: c.rules.map((value) => ({ name: 'rule', value })) };
    writeFileSync(join(dir, 'allure-results', `r${i}-result.json`), JSON.stringify(result));
  });
  writeFileSync(join(dir, 'profile.json'), JSON.stringify({ customers: { primary: { tokens: ['secret'] } }, webhook: { authenticate: 'hush' } }));
  const statement = buildStatement({
    reportDir: dir,
    checks: CHECKS,
    baseUrl: BASE,
    answers: { root: { version: '2.5.0' }, health: { status: 'ok' }, at: '2026-01-01T00:00:00.000Z' },
    profilePath: join(dir, 'profile.json'),
    profile: JSON.parse(readFileSync(join(dir, 'profile.json'), 'utf8')),
    selection: { areas: ['meta'] },
    counts: { passed: 1, failed: 1, broken: 0, skipped: 1 },
    wallSeconds: 1,
    floorSeconds: 1,
  });
  writeEnvelope(dir, envelopeOf(Buffer.from(JSON.stringify(statement)), signKey));
  return { dir, statement };
}

const writeEnvelope = (dir: string, envelope: DsseEnvelope) => writeFileSync(join(dir, STATEMENT_FILE), JSON.stringify(envelope));

/** Rewrites the statement (keeping the signatures it had, which then no longer match). */
function tamper(dir: string, edit: (s: Statement) => void): void {
  const envelope = JSON.parse(readFileSync(join(dir, STATEMENT_FILE), 'utf8')) as DsseEnvelope;
  const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as Statement;
  edit(statement);
  writeEnvelope(dir, { ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') });
}

const keys = () => generateKeyPairSync('ed25519');

describe('statement', () => {
  it('lists every testable rule, the verdicts of the run, and no secret', () => {
    const { statement } = reportDir();
    const c = statement.predicate.cpfConformance;
    expect(Object.keys(c.rules)).toEqual(expect.arrayContaining(testableRuleIds()));
    expect([c.rules[PASSING]?.verdict, c.rules[FAILING]?.verdict, c.rules[SKIPPED]?.verdict]).toEqual(['pass', 'fail', 'skip']);
    expect(Object.values(c.rules).filter((r) => r.verdict === 'not-selected')).toHaveLength(testableRuleIds().length - 3);
    expect(statement.predicate.result).toBe('FAILED');
    expect(JSON.stringify(c.profile.redacted)).not.toMatch(/secret|hush/);
  });

  it('an untouched statement is accepted, unsigned and signed', () => {
    expect(verifyStatement(reportDir().dir)).toEqual({ accepted: true, reasons: [], signer: 'unsigned' });
    const { privateKey, publicKey } = keys();
    const outcome = verifyStatement(reportDir(privateKey).dir, publicKey);
    expect(outcome.accepted, outcome.reasons.join('\n')).toBe(true);
  });
});

describe('tamper corpus: each is rejected', () => {
  const cases: [string, (dir: string) => void][] = [
    ['a rule dropped', (dir) => tamper(dir, (s) => delete s.predicate.cpfConformance.rules[SKIPPED])],
    ['a verdict flipped', (dir) => tamper(dir, (s) => void ((s.predicate.cpfConformance.rules[FAILING] as { verdict: string }).verdict = 'pass'))],
    ['a failing check left out of its rule', (dir) => tamper(dir, (s) => void Object.assign(s.predicate.cpfConformance.rules[FAILING] as object, { verdict: 'not-selected', checks: [] }))],
    ['a result file edited', (dir) => writeFileSync(join(dir, 'allure-results', 'r1-result.json'), readFileSync(join(dir, 'allure-results', 'r1-result.json'), 'utf8').replace('"failed"', '"passed"'))],
    ['the target swapped', (dir) => tamper(dir, (s) => {
      s.subject[0] = { name: 'http://127.0.0.1:10/api/v2', digest: s.subject[0]!.digest };
      s.predicate.cpfConformance.target.baseUrl = 'http://127.0.0.1:10/api/v2';
    })],
    ['a digest changed', (dir) => tamper(dir, (s) => void (s.predicate.cpfConformance.files['junit.xml'] = '0'.repeat(64)))],
    ['a report edited', (dir) => writeFileSync(join(dir, 'junit.xml'), '<testsuites tests="0"/>')],
  ];
  for (const [name, apply] of cases) {
    it(`${name} (unsigned)`, () => {
      const { dir } = reportDir();
      apply(dir);
      const outcome = verifyStatement(dir);
      expect(outcome.accepted).toBe(false);
      expect(outcome.reasons.length).toBeGreaterThan(0);
    });
    it(`${name} (signed: the signature no longer holds either)`, () => {
      const { privateKey, publicKey } = keys();
      const { dir } = reportDir(privateKey);
      apply(dir);
      expect(verifyStatement(dir, publicKey).accepted).toBe(false);
    });
  }

  it('a check edited in checks.json and re-digested: the message names what the result file and checks.json say now', () => {
    const { dir } = reportDir();
    const edited = CHECKS.map((c) => (c.state === 'skipped' ? { ...c, state: 'passed' as const, note: undefined } : c));
    writeFileSync(join(dir, 'checks.json'), JSON.stringify(edited));
    tamper(dir, (s) => void (s.predicate.cpfConformance.files['checks.json'] = createHash('sha256').update(readFileSync(join(dir, 'checks.json'))).digest('hex')));
    expect(verifyStatement(dir).reasons).toContain(`rule ${SKIPPED}, check "[${SKIPPED}] writes": stated skipped, its result file says skipped, and checks.json passed (the two disagree)`);
  });

  it('a pass the result file does not show judged is rejected', () => {
    const { dir } = reportDir();
    const path = join(dir, 'allure-results', 'r0-result.json');
    const result = JSON.parse(readFileSync(path, 'utf8')) as { labels: { name: string; value: string }[] };
    result.labels.push({ name: 'judged', value: 'NOT-1' });
    writeFileSync(path, JSON.stringify(result));
    tamper(dir, (s) => {
      const c = s.predicate.cpfConformance;
      const digest = createHash('sha256').update(readFileSync(path)).digest('hex');
      c.files['allure-results/r0-result.json'] = digest;
      for (const check of c.rules[PASSING]?.checks ?? []) check.sha256 = digest;
    });
    expect(verifyStatement(dir).reasons).toContain(`rule ${PASSING}: stated pass, its checks' results give skip`);
  });

  it('the signature of another key', () => {
    const { dir } = reportDir(keys().privateKey);
    const outcome = verifyStatement(dir, keys().publicKey);
    expect(outcome.accepted).toBe(false);
    expect(outcome.reasons.join('\n')).toMatch(/no signature by the given key/);
  });

  it('an unsigned statement when a key is asked for', () => {
    expect(verifyStatement(reportDir().dir, keys().publicKey).reasons).toEqual(['the statement is unsigned, --key asks for a signature']);
  });
});
