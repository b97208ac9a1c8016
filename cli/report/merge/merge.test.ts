import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../harness-core/check-result.js';
import type { RunSummary } from '../summary.js';
import { mergeJunit } from './junit-merge.js';
import { MergeError, mergeReports } from './merge-reports.js';
import { mergeSummaries } from './summary-merge.js';

const junit = (suites: { name: string; tests: number; failures: number; time: number }[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="cpf-conformance" tests="${suites.reduce((n, s) => n + s.tests, 0)}" failures="${suites.reduce((n, s) => n + s.failures, 0)}" errors="0" time="${suites.reduce((n, s) => n + s.time, 0)}">`,
    ...suites.map(
      (s) =>
        `    <testsuite name="${s.name}" tests="${s.tests}" failures="${s.failures}" errors="0" skipped="0" time="${s.time}">\n        <testcase classname="${s.name}" name="a &gt; [META-1] check" time="0.1">\n        </testcase>\n    </testsuite>`,
    ),
    '</testsuites>',
    '',
  ].join('\n');

const summary = (over: Partial<RunSummary>): RunSummary => ({
  target: 'http://127.0.0.1:8080/api/v2',
  readOnly: false,
  areas: [],
  totals: { passed: 0, failed: 0, broken: 0, skipped: 0 },
  wallSeconds: 10,
  pacingFloorSeconds: 8,
  busiestCustomer: 'pool:0',
  requests: 0,
  unintended429: [],
  createdProjects: 0,
  skipped: [],
  failed: [],
  reports: {},
  ...over,
});

const check = (title: string, state: CheckResult['state']): CheckResult => ({ title, file: 'suites/meta/meta.conformance.ts', area: 'meta', rules: ['META-1'], state, durationMs: 1 });

describe('JUnit merge', () => {
  it('puts every testsuite under one root and sums the counts', () => {
    const merged = mergeJunit([
      { source: 'a', xml: junit([{ name: 'suites/meta/meta.conformance.ts', tests: 11, failures: 0, time: 1.5 }]) },
      { source: 'b', xml: junit([{ name: 'suites/auth/auth.conformance.ts', tests: 20, failures: 2, time: 2.25 }, { name: 'suites/rooms/rooms.conformance.ts', tests: 5, failures: 0, time: 1 }]) },
    ]);
    expect(merged.match(/<testsuites /g)).toHaveLength(1);
    expect(merged).toMatch(/<testsuites name="cpf-conformance" tests="36" failures="2" errors="0" time="4.75">/);
    expect(merged.match(/<testsuite /g)).toHaveLength(3);
    expect(merged).toContain('name="a &gt; [META-1] check"');
    expect(merged.trimEnd().endsWith('</testsuites>')).toBe(true);
  });

  it('takes a bare <testsuite> root and an empty <testsuites/>, and names a file that is not JUnit', () => {
    const bare = '<?xml version="1.0"?>\n<testsuite name="x" tests="2" failures="1" skipped="1" time="0.5"><testcase name="t"/></testsuite>';
    const merged = mergeJunit([
      { source: 'bare', xml: bare },
      { source: 'empty', xml: '<testsuites tests="0"/>' },
    ]);
    expect(merged).toMatch(/<testsuites name="cpf-conformance" tests="2" failures="1" skipped="1" time="0.5">/);
    expect(merged).toContain('<testsuite name="x"');
    expect(() => mergeJunit([{ source: 'shard-2/junit.xml', xml: '<html></html>' }])).toThrow(/shard-2\/junit.xml: not JUnit XML/);
  });
});

describe('summary merge', () => {
  it('adds counts and lists, keeps the largest wall time and floor', () => {
    const merged = mergeSummaries(
      [
        {
          source: 'a',
          summary: summary({
            areas: [{ area: 'meta', passed: 10, failed: 1, broken: 0, skipped: 0 }],
            totals: { passed: 10, failed: 1, broken: 0, skipped: 0 },
            failed: [{ title: 'x', state: 'failed', note: 'n' }],
            requests: 40,
            createdProjects: 2,
            laneRequestsByRule: { 'AUTH-1': 3, 'RATE-12 (lane held)': 29 },
            provenWrongRefusals: [{ customer: 'pool:1', check: '[PROJ-2] a', method: 'GET', path: '/reports' }],
            expectations: { known: [{ title: 'x', reason: 'r' }], regressions: [], fixed: [] },
          }),
        },
        {
          source: 'b',
          summary: summary({
            areas: [
              { area: 'meta', passed: 1, failed: 0, broken: 0, skipped: 1 },
              { area: 'auth', passed: 5, failed: 0, broken: 1, skipped: 0 },
            ],
            totals: { passed: 6, failed: 0, broken: 1, skipped: 1 },
            wallSeconds: 30,
            pacingFloorSeconds: 25,
            busiestCustomer: 'primary',
            requests: 60,
            laneRequestsByRule: { 'AUTH-1': 2, 'AUTH-4': 1 },
            unintended429: [{ customer: 'primary', check: 'c', method: 'GET', path: '/reports' }],
          }),
        },
      ],
      { junit: 'out/junit.xml' },
    );
    expect(merged.totals).toEqual({ passed: 16, failed: 1, broken: 1, skipped: 1 });
    expect(merged.areas).toEqual([
      { area: 'auth', passed: 5, failed: 0, broken: 1, skipped: 0 },
      { area: 'meta', passed: 11, failed: 1, broken: 0, skipped: 1 },
    ]);
    expect(merged).toMatchObject({ wallSeconds: 30, pacingFloorSeconds: 25, busiestCustomer: 'primary', requests: 100, createdProjects: 2, target: 'http://127.0.0.1:8080/api/v2' });
    expect(merged.unintended429).toHaveLength(1);
    expect(merged.provenWrongRefusals).toHaveLength(1);
    expect(merged.laneRequestsByRule).toEqual({ 'AUTH-1': 5, 'AUTH-4': 1, 'RATE-12 (lane held)': 29 });
    expect(merged.expectations).toEqual({ known: [{ title: 'x', reason: 'r' }], regressions: [], fixed: [] });
    expect(merged.reports).toEqual({ junit: 'out/junit.xml' });
  });
});

describe('report directories', () => {
  function shardDir(root: string, name: string, uuid: string, checks: CheckResult[]): string {
    const dir = join(root, name);
    mkdirSync(join(dir, 'allure-results'), { recursive: true });
    writeFileSync(join(dir, 'allure-results', `${uuid}-result.json`), JSON.stringify({ uuid, name: checks[0]?.title }));
    writeFileSync(join(dir, 'allure-results', `${uuid}-attachment.txt`), 'GET /api/v2/health');
    writeFileSync(join(dir, 'junit.xml'), junit([{ name: `suites/${name}.test.ts`, tests: checks.length, failures: checks.filter((c) => c.state === 'failed').length, time: 1 }]));
    writeFileSync(join(dir, 'checks.json'), JSON.stringify(checks));
    const totals = { passed: checks.filter((c) => c.state === 'passed').length, failed: checks.filter((c) => c.state === 'failed').length, broken: 0, skipped: 0 };
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary({ areas: [{ area: 'meta', ...totals }], totals })));
    return dir;
  }

  it('merges allure results, JUnit, checks and summaries of the shards into the output directory', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cpf-merge-'));
    const a = shardDir(root, 'shard-1', '0b6c1a52-0000-4000-8000-000000000001', [check('[META-1] one', 'passed'), check('[META-1] two', 'failed')]);
    const b = shardDir(root, 'shard-2', '0b6c1a52-0000-4000-8000-000000000002', [check('[META-1] three', 'passed')]);
    const out = join(root, 'merged');
    const lines: string[] = [];
    const result = await mergeReports({ out, dirs: [a, b], html: false, log: (l) => lines.push(l) });
    expect(readdirSync(join(out, 'allure-results')).sort()).toHaveLength(4);
    expect(result).toMatchObject({ allureFiles: 4, junitFiles: 2, checks: 3 });
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toMatch(/<testsuites name="cpf-conformance" tests="3" failures="1" errors="0" time="2">/);
    expect(result.summary?.totals).toEqual({ passed: 2, failed: 1, broken: 0, skipped: 0 });
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))).toMatchObject({ totals: { passed: 2, failed: 1 } });
    expect(JSON.parse(readFileSync(join(out, 'checks.json'), 'utf8'))).toHaveLength(3);
    expect(readFileSync(join(out, 'traceability.md'), 'utf8')).toContain('from 3 checks');
    expect(lines).toEqual([]);
  });

  it('refuses missing, repeated and non-report directories with the fix', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cpf-merge-'));
    const a = shardDir(root, 'shard-1', '0b6c1a52-0000-4000-8000-000000000003', [check('[META-1] one', 'passed')]);
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const run = (dirs: string[], out = join(root, 'merged')) => mergeReports({ out, dirs, html: false, log: () => {} });
    await expect(run([])).rejects.toThrow(MergeError);
    await expect(run([a, join(root, 'missing')])).rejects.toThrow(/missing: no such directory. Fix: give the report directory of each shard/);
    await expect(run([a, a])).rejects.toThrow(/is given twice/);
    await expect(run([a, empty])).rejects.toThrow(/empty: holds none of allure-results, junit.xml, summary.json, checks.json/);
    await expect(run([a], a)).rejects.toThrow(/is also the output directory/);
  });
});
