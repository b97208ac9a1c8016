import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVIDENCE_PARAMETER, JUDGED_LABEL, NOT_EXERCISED_PARAMETER, type CheckResult } from '../../harness-core/check-result.js';
import { getRule } from '../../spec/rules/catalog.js';

/**
 * Failures that are no check of their own: the preflight's doubts, and failures charged to a rule
 * that a check met on its way (a refusal the pacer's timeline proves wrong, a prerequisite read
 * that broke its rule). They go into the Allure results and the JUnit report like the checks'
 * results, labelled with their rule, so a reviewer finds them under the rule they broke.
 */
export function writeAddedResults(dir: string, results: readonly CheckResult[]): void {
  writeCheckResults(dir, results.map((result) => ({ result, trace: result.curl ? `the answer, as a curl line:\n${result.curl}` : undefined })));
}

/**
 * Checks that ran outside vitest (the added failures above, the passive judge's verdicts per rule)
 * as Allure results, labelled as allure-vitest labels the suites' checks: the rules, the rules a
 * passed check judged and its evidence, the rules it did not exercise. What the statement reads
 * of a result (report-files.ts) is the same for both.
 */
export function writeCheckResults(dir: string, entries: readonly { result: CheckResult; trace?: string | undefined }[]): void {
  if (entries.length === 0) return;
  mkdirSync(dir, { recursive: true });
  const now = Date.now();
  for (const { result, trace } of entries) {
    const first = getRule(result.rules[0] as string);
    const uuid = randomUUID();
    const file = {
      uuid,
      name: result.title,
      fullName: `cpf-conformance:${result.file}#${result.title}`,
      historyId: `${result.file}:${result.title}`,
      status: result.state,
      statusDetails: { message: result.note, ...(trace ? { trace } : {}) },
      stage: 'finished',
      start: now,
      stop: now,
      labels: [
        { name: 'epic', value: first.area },
        { name: 'feature', value: `${first.id}: ${first.text}` },
        ...result.rules.map((id) => ({ name: 'rule', value: id })),
        ...(result.state === 'passed' ? (result.judged ?? []).map((id) => ({ name: JUDGED_LABEL, value: id })) : []),
        { name: 'severity', value: 'critical' },
      ],
      steps: [],
      attachments: [],
      parameters: [
        ...(result.metBy ? [{ name: 'met by', value: result.metBy }] : []),
        ...Object.entries(result.evidence ?? {}).map(([id, e]) => ({ name: `${EVIDENCE_PARAMETER}${id}`, value: e.text })),
        ...Object.entries(result.notExercised ?? {}).map(([id, reason]) => ({ name: `${NOT_EXERCISED_PARAMETER}${id}`, value: reason })),
      ],
      links: [],
    };
    writeFileSync(join(dir, `${uuid}-result.json`), JSON.stringify(file));
  }
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Added failures as a test suite of the JUnit report, which CI systems show. */
export function withAddedSuite(junit: string, name: string, results: readonly CheckResult[]): string {
  if (results.length === 0) return junit;
  const cases = results.map((r) => `        <testcase classname="${xml(name)}" name="${xml(r.title)}" time="0">\n            <failure message="${xml(r.note ?? '')}" type="${xml(name)}"/>\n        </testcase>`);
  const suite = `    <testsuite name="${xml(name)}" tests="${results.length}" failures="${results.length}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n    </testsuite>\n`;
  const counted = junit.replace(/<testsuites([^>]*) tests="(\d+)" failures="(\d+)"/, (_m, attrs: string, tests: string, failures: string) => `<testsuites${attrs} tests="${Number(tests) + results.length}" failures="${Number(failures) + results.length}"`);
  return counted.replace('</testsuites>', `${suite}</testsuites>`);
}
