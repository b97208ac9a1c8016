import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failingCheckFromResults, parseSummary, readRunExpectations } from './expectations.js';

const TARGET = 'http://127.0.0.1:4000/api/v2';
const TITLE = '[META-3] GET / reports version 2.5.0';
const CURL = `curl -i -X GET '${TARGET}/' -H 'accept: application/json'`;
const EXCHANGES = `# customer: public, 5 ms\nGET ${TARGET}/\naccept: application/json\n\nHTTP 200\ncontent-type: application/json\n\n{"version":"2.4.0"}`;

const summary = (failed: { title: string; state: string }[]) => ({
  target: TARGET,
  totals: { passed: 10, failed: failed.filter((f) => f.state === 'failed').length, broken: failed.filter((f) => f.state === 'broken').length, skipped: 2 },
  failed: failed.map((f) => ({ ...f, note: 'n' })),
  areas: [],
});

// As allure-js writes a failed vitest check: the attachments sit in steps of their own.
const failedResult = (attachments: Record<string, string>) => ({
  name: TITLE,
  status: 'failed',
  attachments: [],
  steps: [
    { name: 'expect("2.4.0").toBe("2.5.0")', attachments: [], steps: [] },
    ...Object.keys(attachments).map((name) => ({ name, attachments: [{ name, source: `${name}.txt`, type: 'text/plain' }], steps: [] })),
  ],
});
const files = { 'curl (last request)': CURL, exchanges: EXCHANGES };
const read = (from: Record<string, string>) => (source: string) => from[source.replace(/\.txt$/, '')] ?? '';

describe('parseSummary', () => {
  it('adds the total and keeps only failed (not broken) titles', () => {
    const parsed = parseSummary(summary([{ title: 'harness trouble', state: 'broken' }, { title: TITLE, state: 'failed' }]));
    expect(parsed.totals).toEqual({ total: 14, passed: 10, failed: 1, broken: 1, skipped: 2 });
    expect(parsed.failedTitles).toEqual([TITLE]);
    expect(parsed.target).toBe(TARGET);
  });

  it('names the field of a malformed summary', () => {
    expect(() => parseSummary({ target: TARGET, totals: { passed: 1, failed: -1, broken: 0, skipped: 0 }, failed: [] })).toThrow(/summary.json: totals.failed/);
    expect(() => parseSummary([])).toThrow(/summary.json: \(root\)/);
  });
});

describe('failingCheckFromResults', () => {
  it('finds both attachments of the failed result, also inside steps', () => {
    const passedTwin = { ...failedResult({}), status: 'passed' };
    expect(failingCheckFromResults(TITLE, TARGET, [passedTwin, failedResult(files)], read(files))).toEqual({ title: TITLE, curl: CURL, exchanges: EXCHANGES });
  });

  it('says which attachment is missing', () => {
    expect(() => failingCheckFromResults(TITLE, TARGET, [failedResult({ exchanges: EXCHANGES })], read(files))).toThrow(
      /has no "curl \(last request\)" attachment in allure-results \(it has: exchanges\)/,
    );
    expect(() => failingCheckFromResults(TITLE, TARGET, [], read(files))).toThrow(/no failed result named/);
  });

  it('rejects attachments that are not a curl line for the target or an exchange', () => {
    const otherTarget = { ...files, 'curl (last request)': CURL.replace('127.0.0.1:4000', 'example.com') };
    expect(() => failingCheckFromResults(TITLE, TARGET, [failedResult(otherTarget)], read(otherTarget))).toThrow(/not a curl line against/);
    const noStatus = { ...files, exchanges: `GET ${TARGET}/` };
    expect(() => failingCheckFromResults(TITLE, TARGET, [failedResult(noStatus)], read(noStatus))).toThrow(/no request line and response status/);
  });

  it('accepts an exchange that got no response', () => {
    const noResponse = { ...files, exchanges: `GET ${TARGET}/\n\n(no response: ECONNRESET)` };
    expect(failingCheckFromResults(TITLE, TARGET, [failedResult(noResponse)], read(noResponse)).exchanges).toContain('ECONNRESET');
  });
});

describe('readRunExpectations', () => {
  const runDir = (failed: { title: string; state: string }[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'cpf-report-check-'));
    mkdirSync(join(dir, 'allure-results'));
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary(failed)));
    writeFileSync(join(dir, 'allure-results', 'a-result.json'), JSON.stringify(failedResult(files)));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'allure-results', `${name}.txt`), text);
    return dir;
  };

  it('reads totals from summary.json and the attachments from allure-results', () => {
    const expected = readRunExpectations(runDir([{ title: TITLE, state: 'failed' }]));
    expect(expected.totals.total).toBe(13);
    expect(expected.failing.curl).toBe(CURL);
  });

  it('fails when the run caught nothing', () => {
    expect(() => readRunExpectations(runDir([]))).toThrow(/lists no failed check: the injected fault was not caught/);
  });
});
