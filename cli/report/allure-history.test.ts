import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAllureReport } from './allure-report.js';

const dir = mkdtempSync(join(tmpdir(), 'cpf-allure-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One passed check as allure-vitest writes it: enough for a report and a history entry. */
function writeResults(): string {
  const results = join(dir, 'allure-results');
  mkdirSync(results, { recursive: true });
  const uuid = '11111111-1111-4111-8111-111111111111';
  const result = {
    uuid,
    name: '[META-1] GET / answers',
    fullName: 'cpf-conformance:suites/meta/root.conformance.ts#[META-1] GET / answers',
    historyId: 'meta-1-get-root',
    status: 'passed',
    stage: 'finished',
    start: 1,
    stop: 2,
    labels: [{ name: 'epic', value: 'meta' }],
    steps: [],
    attachments: [],
    parameters: [],
    links: [],
  };
  writeFileSync(join(results, `${uuid}-result.json`), JSON.stringify(result));
  return results;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('the Allure history carried between runs', () => {
  it('appends each report to the history file, and the next report shows the earlier run', async () => {
    const results = writeResults();
    const history = join(dir, 'cache', 'allure-history.jsonl');
    expect(await buildAllureReport(results, join(dir, 'first'), 'first run', history)).toBe(true);
    expect(await buildAllureReport(results, join(dir, 'second'), 'second run', history)).toBe(true);

    const lines = readFileSync(history, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => (JSON.parse(line) as { name: string }).name)).toEqual(['first run', 'second run']);

    // The second report holds the first run as a history point, and the check's history names it.
    const points = readdirSync(join(dir, 'second', 'data', 'history')).map((name) => readJson(join(dir, 'second', 'data', 'history', name)));
    expect(points.map((p) => p.name)).toEqual(['first run']);
    const testResults = join(dir, 'second', 'data', 'test-results');
    const [check] = readdirSync(testResults).map((name) => readJson(join(testResults, name)));
    expect(check?.history).toEqual([expect.objectContaining({ name: '[META-1] GET / answers', status: 'passed' })]);
  }, 120_000);
});
