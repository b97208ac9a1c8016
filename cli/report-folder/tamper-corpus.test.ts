import { generateKeyPairSync, sign } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../harness-core/check-result.js';
import { runCli } from '../cli.js';
import { UsageError } from '../command-line/usage.js';
import { checkHistoryFile } from '../report/allure-history.js';
import { mergeReports } from '../report/merge/merge-reports.js';
import { buildStatement, testableRuleIds } from '../statement/build-statement.js';
import { envelopeOf, keyIdOf, pae, PAYLOAD_TYPE, sha256Hex, type DsseEnvelope } from '../statement/dsse.js';
import { allureTitle } from '../statement/report-files.js';
import type { Statement } from '../statement/statement-schema.js';
import { FILE_CAP_BYTES } from './confined-read.js';

/**
 * The tamper corpus: report folders crafted as an attacker would hand them over (a statement for
 * review, a CI cache, another person's run), each run through the command that reads it. Every
 * one must end in a reason naming the file and what was refused: exit 1 or 2, never 3, no stack,
 * no raw control character. A hang or a read of gigabytes would meet vitest's timeout.
 */

const root = mkdtempSync(join(tmpdir(), 'cpf-tamper-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let serial = 0;
const fresh = (name: string) => join(root, `${name}-${serial++}`);

const OUTSIDE = join(root, 'outside.txt');
writeFileSync(OUTSIDE, 'SECRET-OUTSIDE-CONTENT');

const BASE = 'http://127.0.0.1:9/api/v2';
const [PASSING, FAILING] = testableRuleIds() as [string, string];
const check = (rule: string, title: string, state: CheckResult['state'], note?: string): CheckResult => ({ title: `[${rule}] ${title}`, file: 'suites/meta/x.conformance.ts', area: 'meta', rules: [rule], state, note, durationMs: 1 });
const CHECKS = [check(PASSING, 'answers', 'passed'), check(FAILING, 'refuses', 'failed', 'expected 200')];

function writeResults(dir: string, checks: readonly CheckResult[], status: (c: CheckResult) => string = (c) => c.state): void {
  mkdirSync(join(dir, 'allure-results'), { recursive: true });
  checks.forEach((c, i) => {
    const result = { name: allureTitle(c.title), fullName: `cpf-conformance:${c.file}#${allureTitle(c.title)}`, status: status(c), labels: c.rules.map((value) => ({ name: 'rule', value })) };
    writeFileSync(join(dir, 'allure-results', `r${i}-result.json`), JSON.stringify(result));
  });
}

/** A report folder as a run leaves it, with its (unsigned) statement. */
function reportFolder(checks: readonly CheckResult[] = CHECKS, resultStatus?: (c: CheckResult) => string): { dir: string; statement: Statement } {
  const dir = fresh('report');
  mkdirSync(dir);
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ target: BASE }));
  writeFileSync(join(dir, 'checks.json'), JSON.stringify(checks));
  writeResults(dir, checks, resultStatus);
  writeFileSync(join(dir, 'profile.json'), '{}');
  const statement = buildStatement({
    reportDir: dir,
    checks,
    baseUrl: BASE,
    answers: { root: {}, health: {}, at: '2026-01-01T00:00:00.000Z' },
    profilePath: join(dir, 'profile.json'),
    profile: {},
    selection: {},
    counts: { passed: 1, failed: 1, broken: 0, skipped: 0 },
    wallSeconds: 1,
    floorSeconds: 1,
  });
  writeFileSync(join(dir, 'statement.json'), JSON.stringify(envelopeOf(Buffer.from(JSON.stringify(statement)))));
  return { dir, statement };
}

/** Rewrites the statement's payload (unsigned). */
function restate(dir: string, edit: (s: Statement) => void): void {
  const envelope = JSON.parse(readFileSync(join(dir, 'statement.json'), 'utf8')) as DsseEnvelope;
  const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as Statement;
  edit(statement);
  writeFileSync(join(dir, 'statement.json'), JSON.stringify({ ...envelope, payload: Buffer.from(JSON.stringify(statement)).toString('base64') }));
}

const replaceWith = (path: string, link: string) => {
  rmSync(path, { force: true });
  symlinkSync(link, path);
};
const fifoAt = (path: string) => {
  rmSync(path, { force: true });
  execFileSync('mkfifo', [path]);
};
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

async function cli(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { code, output: lines.join('\n') };
}

/** The outcome of a command that throws its refusals (merge, the history check), mapped as the CLI maps them. */
async function refusalOf(run: () => unknown): Promise<{ code: number; output: string }> {
  try {
    await run();
    return { code: 0, output: '' };
  } catch (err) {
    if (err instanceof UsageError) return { code: 2, output: err.message };
    return { code: 3, output: `harness error: ${(err as Error).stack}` };
  }
}

// Control characters other than the line breaks between printed lines.
// eslint-disable-next-line no-control-regex -- finding raw control characters is what the corpus asserts
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function expectRefused({ code, output }: { code: number; output: string }, exit: 1 | 2, ...says: string[]): void {
  expect(code, output).toBe(exit);
  expect(output).not.toMatch(/harness error|\n\s+at /);
  expect(output).not.toMatch(RAW_CONTROL);
  expect(output).not.toContain('SECRET-OUTSIDE-CONTENT');
  for (const s of says) expect(output).toContain(s);
}

describe('verify: a statement that does not verify is rejected (exit 1) with the file and what was refused', () => {
  it('a "../" name in the files map and in a rule\'s check', async () => {
    const { dir } = reportFolder();
    const escape = '../outside.txt';
    restate(dir, (s) => {
      const c = s.predicate.cpfConformance;
      c.files[escape] = sha256Hex(readFileSync(OUTSIDE));
      const failing = c.rules[FAILING]?.checks[0];
      if (failing) Object.assign(failing, { result: escape, sha256: c.files[escape] });
    });
    expectRefused(await cli('verify', dir), 1, `${dir}/../outside.txt: refused: a ".." step leaves the report folder`);
  });

  it('an absolute path in the files map', async () => {
    const { dir } = reportFolder();
    restate(dir, (s) => void (s.predicate.cpfConformance.files[OUTSIDE] = '0'.repeat(64)));
    expectRefused(await cli('verify', dir), 1, `${OUTSIDE}: refused: an absolute path`);
  });

  it.each([
    ['statement.json', '/dev/zero'],
    ['summary.json', '/dev/urandom'],
    ['checks.json', OUTSIDE],
    ['allure-results/r0-result.json', '/dev/zero'],
  ])('%s as a symlink to %s', async (file, target) => {
    const { dir } = reportFolder();
    replaceWith(join(dir, file), target);
    expectRefused(await cli('verify', dir), 1, `${dir}/${file}: refused: a symlink leaving the report folder`);
  });

  it('a symlink out of the folder as the whole allure-results', async () => {
    const { dir } = reportFolder();
    const elsewhere = fresh('elsewhere');
    mkdirSync(elsewhere);
    rmSync(join(dir, 'allure-results'), { recursive: true });
    symlinkSync(elsewhere, join(dir, 'allure-results'));
    expectRefused(await cli('verify', dir), 1, 'allure-results: refused: a symlink leaving the report folder');
  });

  it.each(['statement.json', 'checks.json', 'summary.json'])('%s as a FIFO no one writes', async (file) => {
    const { dir } = reportFolder();
    fifoAt(join(dir, file));
    expectRefused(await cli('verify', dir), 1, `${dir}/${file}: refused: a FIFO, not a regular file`);
  });

  it('a directory listed as a file', async () => {
    const { dir } = reportFolder();
    restate(dir, (s) => void (s.predicate.cpfConformance.files['allure-results'] = '0'.repeat(64)));
    expectRefused(await cli('verify', dir), 1, `${dir}/allure-results: refused: a folder, not a file`);
  });

  it("10,000 signatures with the verifier's keyid over a 5 MB payload: refused before any is checked, the keyids not all printed", async () => {
    const { dir } = reportFolder();
    restate(dir, (s) => void (s.predicate.cpfConformance.target.root = 'x'.repeat(5 * 1024 * 1024)));
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const envelope = JSON.parse(readFileSync(join(dir, 'statement.json'), 'utf8')) as DsseEnvelope;
    const sig = sign(null, pae(PAYLOAD_TYPE, Buffer.from('other')), privateKey).toString('base64');
    envelope.signatures = Array.from({ length: 10_000 }, () => ({ keyid: keyIdOf(publicKey), sig }));
    writeFileSync(join(dir, 'statement.json'), JSON.stringify(envelope));
    const keyFile = join(dir, 'key.pem');
    writeFileSync(keyFile, publicKey.export({ type: 'spki', format: 'pem' }));
    const outcome = await cli('verify', dir, '--key', keyFile);
    expectRefused(outcome, 1, `${dir}/statement.json: not a DSSE envelope of a conformance statement (signatures: more than 16 signatures`);
    expect(outcome.output.length).toBeLessThan(2000);
  });

  it('many signatures within the cap print shortened', async () => {
    const { dir } = reportFolder();
    const envelope = JSON.parse(readFileSync(join(dir, 'statement.json'), 'utf8')) as DsseEnvelope;
    envelope.signatures = Array.from({ length: 16 }, (_, i) => ({ keyid: `key-${i}\u001b[2J`, sig: 'AAAA' }));
    writeFileSync(join(dir, 'statement.json'), JSON.stringify(envelope));
    const keyFile = join(dir, 'key.pem');
    writeFileSync(keyFile, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    expectRefused(await cli('verify', dir, '--key', keyFile), 1, 'key-9\\u001b[2J and 6 more');
  });

  it('a broken summary.json', async () => {
    const { dir } = reportFolder();
    writeFileSync(join(dir, 'summary.json'), '{"target": ');
    expectRefused(await cli('verify', dir), 1, `${dir}/summary.json: refused: not strict JSON`);
  });

  it('an object where checks.json must be a list', async () => {
    const { dir } = reportFolder();
    writeFileSync(join(dir, 'checks.json'), '{"checks": []}');
    expectRefused(await cli('verify', dir), 1, `${dir}/checks.json: not a check list of the kit ((root): `);
  });

  it('a result file that is not an Allure result, re-digested in the statement', async () => {
    const { dir } = reportFolder();
    const result = 'allure-results/r0-result.json';
    writeFileSync(join(dir, result), '{"hello": 1}');
    restate(dir, (s) => {
      const c = s.predicate.cpfConformance;
      c.files[result] = sha256Hex(readFileSync(join(dir, result)));
      for (const rule of Object.values(c.rules)) for (const entry of rule.checks) if (entry.result === result) entry.sha256 = c.files[result];
    });
    expectRefused(await cli('verify', dir), 1, `${dir}/${result}: not an Allure result of the kit (name: `);
  });

  it('100,000-deep nesting, in the envelope and in the payload', async () => {
    const { dir } = reportFolder();
    writeFileSync(join(dir, 'statement.json'), deep(100_000));
    expectRefused(await cli('verify', dir), 1, `${dir}/statement.json: refused: not strict JSON (nesting deeper than 64`);
    writeFileSync(join(dir, 'statement.json'), JSON.stringify(envelopeOf(Buffer.from(deep(100_000)))));
    expectRefused(await cli('verify', dir), 1, `${dir}/statement.json (its payload): refused: not strict JSON (nesting deeper than 64`);
  });

  it('a statement over the per-file cap (a 200 MB payload) is refused unread', async () => {
    const { dir } = reportFolder();
    // Sparse: the cap is checked on the opened file's size before any byte is read.
    truncateSync(join(dir, 'statement.json'), 200 * 1024 * 1024);
    expectRefused(await cli('verify', dir), 1, `${dir}/statement.json: refused: larger than the cap of 64 MiB per file (209715200 bytes)`);
    truncateSync(join(dir, 'statement.json'), FILE_CAP_BYTES + 1);
    expectRefused(await cli('verify', dir), 1, `refused: larger than the cap of 64 MiB per file (${FILE_CAP_BYTES + 1} bytes)`);
  });

  it('duplicate keys in the payload', async () => {
    const { dir } = reportFolder();
    const envelope = JSON.parse(readFileSync(join(dir, 'statement.json'), 'utf8')) as DsseEnvelope;
    const text = Buffer.from(envelope.payload, 'base64').toString('utf8').replace('{"_type":', '{"predicateType":"x","_type":');
    writeFileSync(join(dir, 'statement.json'), JSON.stringify({ ...envelope, payload: Buffer.from(text).toString('base64') }));
    expectRefused(await cli('verify', dir), 1, 'not strict JSON (the duplicate key "predicateType"');
  });

  it('a rule ID that clears the screen is printed escaped and refused as no rule of the catalogue', async () => {
    const { dir } = reportFolder();
    restate(dir, (s) => void (s.predicate.cpfConformance.rules['\u001b[2J\u001b[32maccepted'] = { verdict: 'skip', checks: [] }));
    expectRefused(await cli('verify', dir), 1, 'rule \\u001b[2J\\u001b[32maccepted: not a rule of the catalogue');
  });

  it('checks.json saying "skipped, interrupted" for a check whose result file says failed: the failure wins', async () => {
    const { dir } = reportFolder();
    const skipped = CHECKS.map((c) => (c.rules[0] === FAILING ? { ...c, state: 'skipped' as const, note: 'interrupted: the run was stopped' } : c));
    writeFileSync(join(dir, 'checks.json'), JSON.stringify(skipped));
    restate(dir, (s) => {
      const c = s.predicate.cpfConformance;
      c.files['checks.json'] = sha256Hex(readFileSync(join(dir, 'checks.json')));
      const rule = c.rules[FAILING];
      if (rule) Object.assign(rule, { verdict: 'skip', reason: 'interrupted: the run was stopped', checks: rule.checks.map((e) => ({ ...e, state: 'skipped' })) });
    });
    expectRefused(await cli('verify', dir), 1, 'stated skipped, its result file says failed', `rule ${FAILING}: stated skip, its checks' results give fail`);
  });

  it('a statement built from such a run states the failure, and verifies', async () => {
    const interrupted = CHECKS.map((c) => (c.rules[0] === FAILING ? { ...c, state: 'skipped' as const, note: 'interrupted: the run was stopped' } : c));
    const { dir, statement } = reportFolder(interrupted, (c) => (c.rules[0] === FAILING ? 'failed' : c.state));
    expect(statement.predicate.cpfConformance.rules[FAILING]?.verdict).toBe('fail');
    const { code, output } = await cli('verify', dir);
    expect(code, output).toBe(0);
  });

  it('a DIR that is not a folder is a usage error (exit 2)', async () => {
    expectRefused(await cli('verify', OUTSIDE), 2, `${OUTSIDE}: not a folder`);
    expectRefused(await cli('verify', join(root, 'nowhere')), 2, 'nowhere: no such folder');
  });
});

describe('diff: a folder that is not a report is refused (exit 2)', () => {
  const green = () => {
    const dir = fresh('green');
    mkdirSync(dir);
    writeFileSync(join(dir, 'checks.json'), JSON.stringify(CHECKS));
    return dir;
  };

  it.each([
    ['checks.json', '/dev/zero', 'refused: a symlink leaving the report folder'],
    ['statement.json', OUTSIDE, 'refused: a symlink leaving the report folder'],
  ])('%s as a symlink to %s', async (file, target, says) => {
    const dir = green();
    replaceWith(join(dir, file), target);
    expectRefused(await cli('diff', green(), dir), 2, `${dir}/${file}: ${says}`, 'Fix: pass a report folder');
  });

  it('a FIFO as selection.json', async () => {
    const dir = green();
    fifoAt(join(dir, 'selection.json'));
    expectRefused(await cli('diff', green(), dir), 2, `${dir}/selection.json: refused: a FIFO`);
  });

  it('checks.json over the cap, nested 100,000 deep, with duplicate keys', async () => {
    const dir = green();
    truncateSync(join(dir, 'checks.json'), FILE_CAP_BYTES + 1);
    expectRefused(await cli('diff', green(), dir), 2, 'refused: larger than the cap of 64 MiB per file');
    writeFileSync(join(dir, 'checks.json'), deep(100_000));
    expectRefused(await cli('diff', green(), dir), 2, 'nesting deeper than 64');
    writeFileSync(join(dir, 'checks.json'), '[{"title": "a", "title": "b", "rules": [], "state": "passed"}]');
    expectRefused(await cli('diff', green(), dir), 2, 'the duplicate key "title"');
  });

  it('rule IDs and titles with terminal escapes print escaped', async () => {
    const dir = fresh('escapes');
    mkdirSync(dir);
    writeFileSync(join(dir, 'checks.json'), JSON.stringify([{ ...CHECKS[0], title: '\u001b[2Jtitle', rules: ['\u001b[2J'], state: 'failed', note: '\u009b31m' }]));
    const { code, output } = await cli('diff', green(), dir);
    expect([0, 1]).toContain(code);
    expect(output).not.toMatch(RAW_CONTROL);
    expect(output).toContain('\\u001b[2J');
  });
});

describe('--rerun-failed: rule IDs from the folder never become an expression (exit 2 before anything runs)', () => {
  const earlier = (rules: string[]) => {
    const dir = fresh('earlier');
    mkdirSync(dir);
    writeFileSync(join(dir, 'checks.json'), JSON.stringify([{ ...CHECKS[1], rules }]));
    return dir;
  };

  it.each([['(.*.*)*Q'], ['('], ['\u001b[2J']])('the rule ID %j', async (id) => {
    expectRefused(await cli('--rerun-failed', earlier([id])), 2, 'names rules the catalogue does not have');
  });

  it('checks.json as a symlink to /dev/zero, and as a FIFO', async () => {
    const dir = earlier([FAILING]);
    replaceWith(join(dir, 'checks.json'), '/dev/zero');
    expectRefused(await cli('--rerun-failed', dir), 2, `--rerun-failed ${dir}/checks.json: refused: a symlink leaving the report folder`);
    fifoAt(join(dir, 'checks.json'));
    expectRefused(await cli('--rerun-failed', dir), 2, `--rerun-failed ${dir}/checks.json: refused: a FIFO`);
  });
});

describe('reports:merge: a shard that is not a report is refused (exit 2)', () => {
  const shard = () => {
    const dir = fresh('shard');
    mkdirSync(dir);
    writeFileSync(join(dir, 'checks.json'), JSON.stringify(CHECKS));
    writeResults(dir, CHECKS);
    return dir;
  };
  const merge = (...dirs: string[]) => refusalOf(() => mergeReports({ out: fresh('merged'), dirs, html: false, log: () => {} }));

  it('an Allure result linked out of the shard', async () => {
    const dir = shard();
    symlinkSync(OUTSIDE, join(dir, 'allure-results', 'leak-attachment.txt'));
    expectRefused(await merge(dir), 2, 'allure-results/leak-attachment.txt: refused: a symlink leaving the report folder');
  });

  it('a FIFO as junit.xml', async () => {
    const dir = shard();
    fifoAt(join(dir, 'junit.xml'));
    expectRefused(await merge(dir), 2, `${dir}/junit.xml: refused: a FIFO`);
  });

  it('an object where checks.json must be a list, and a summary.json of another shape', async () => {
    const dir = shard();
    writeFileSync(join(dir, 'checks.json'), '{"checks": []}');
    expectRefused(await merge(dir), 2, `${dir}/checks.json: not a checks.json of npm run conformance`);
    writeFileSync(join(dir, 'checks.json'), JSON.stringify(CHECKS));
    writeFileSync(join(dir, 'summary.json'), '{"areas": [1], "totals": {}, "failed": []}');
    expectRefused(await merge(dir), 2, `${dir}/summary.json: not a summary.json of npm run conformance`);
  });
});

describe('the Allure history file is checked before Allure reads it', () => {
  it.each([
    ['a symlink to /dev/zero', (file: string) => symlinkSync('/dev/zero', file), 'refused: a symlink, not a regular file'],
    ['a FIFO', (file: string) => execFileSync('mkfifo', [file]), 'refused: a FIFO'],
    ['over the cap', (file: string) => (writeFileSync(file, ''), truncateSync(file, FILE_CAP_BYTES + 1)), 'refused: larger than the cap of 64 MiB per file'],
    ['a line nested 100,000 deep', (file: string) => writeFileSync(file, `{"name":"run"}\n${deep(100_000)}\n`), 'line 2: refused: not strict JSON (nesting deeper than 64'],
  ])('%s', async (_name, make, says) => {
    const file = join(fresh('history'), 'allure-history.jsonl');
    mkdirSync(join(file, '..'));
    make(file);
    expectRefused(await refusalOf(() => checkHistoryFile(file)), 2, says);
  });

  it('a run refuses a bad history file before it starts any target', async () => {
    const dir = fresh('history-run');
    mkdirSync(dir);
    symlinkSync('/dev/zero', join(dir, 'allure-history.jsonl'));
    expectRefused(await cli('--report-dir', dir), 2, `${join(dir, 'allure-history.jsonl')}: refused: a symlink, not a regular file`);
  });

  it('an absent history file, or one of strict JSON lines, is fine', async () => {
    const file = join(fresh('history'), 'allure-history.jsonl');
    expect(() => checkHistoryFile(file)).not.toThrow();
    mkdirSync(join(file, '..'));
    writeFileSync(file, '{"name":"first run"}\n{"name":"second run"}\n');
    expect(() => checkHistoryFile(file)).not.toThrow();
  });
});

describe('key files (--key, --sign-key) are the user\'s own, yet never waited on or read without end', () => {
  const fifo = (): string => {
    const file = join(fresh('key'), 'key.pem');
    mkdirSync(join(file, '..'));
    execFileSync('mkfifo', [file]);
    return file;
  };
  it.each([['a FIFO', fifo], ['/dev/zero', (): string => '/dev/zero']] as const)('%s', async (_name, keyFile) => {
    const dir = reportFolder().dir;
    const given = keyFile();
    const says = 'not a regular file';
    expectRefused(await cli('verify', dir, '--key', given), 2, `--key ${given}: not a readable public key PEM (${says})`);
    expectRefused(await cli('--sign-key', given, '--report-dir', fresh('never')), 2, `--sign-key ${given}: not a readable private key PEM (${says})`);
  });
});
