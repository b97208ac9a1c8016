import type { KeyObject } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CheckResult } from '../../harness-core/check-result.js';
import type { Observation } from '../../observe/judge/observer.js';
import { buildAllureReport } from '../report/allure-report.js';
import { writeCheckResults } from '../report/added-failures.js';
import { buildStatement } from '../statement/build-statement.js';
import { envelopeOf, keyIdOf } from '../statement/dsse.js';
import { statementHtml } from '../statement/statement-html.js';
import { statementPath } from '../statement/write-statement.js';
import type { TargetAnswers } from '../statement/target-answers.js';
import { failureTrace, observationChecks } from './observation-checks.js';
import { summarizeObservation, type ObservationSummary } from './observation-summary.js';

export interface ObservedTraffic {
  observation: Observation;
  mode: 'recording' | 'proxy';
  /** The files read, or the proxy's upstream. */
  sources: string[];
  /** The API base the traffic went to. */
  target: string;
  /** What the traffic showed of GET / and GET /health (the statement's subject), observed, never asked for. */
  answers: TargetAnswers;
  files?: ObservationSummary['observed']['files'];
}

/**
 * Writes an observation's reports as a run writes its own: checks.json, the Allure results (and
 * HTML), JUnit, summary.json and the statement (observed, with the period and the counts). The
 * recording itself is never copied: a failed exchange is kept as kept-exchange.ts allows.
 */
export async function writeObservationReports(traffic: ObservedTraffic, options: { reportDir: string; html: boolean; signKey?: KeyObject | undefined }): Promise<ObservationSummary> {
  const reportDir = resolve(options.reportDir);
  const resultsDir = join(reportDir, 'allure-results');
  for (const sub of ['allure-results', 'allure-report']) rmSync(join(reportDir, sub), { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const checks = observationChecks(traffic.observation);
  writeFileSync(join(reportDir, 'checks.json'), JSON.stringify(checks, null, 2));
  writeCheckResults(resultsDir, checks.map((result) => ({ result, trace: failureTrace(traffic.observation.rules[result.rules[0] as string] as Observation['rules'][string]) })));
  writeFileSync(join(reportDir, 'junit.xml'), junitOf(checks));
  const html = options.html && (await buildAllureReport(resultsDir, join(reportDir, 'allure-report'), `cpf-conformance observe: ${traffic.target}`));
  const reports: Record<string, string> = {
    'allure HTML': html ? join(reportDir, 'allure-report', 'index.html') : options.html ? '(allure generate failed)' : '(skipped: --no-html)',
    'allure results': resultsDir,
    junit: join(reportDir, 'junit.xml'),
    summary: join(reportDir, 'summary.json'),
    statement: `${statementPath(reportDir)} (verify: npm run conformance -- verify ${reportDir})`,
  };
  const summary = summarizeObservation(traffic.observation, { target: traffic.target, reports, mode: traffic.mode, sources: traffic.sources, ...(traffic.files && { files: traffic.files }) });
  writeFileSync(join(reportDir, 'summary.json'), JSON.stringify(summary, null, 2));
  const counts = { passed: 0, failed: 0, broken: 0, skipped: 0 };
  for (const c of checks) counts[c.state]++;
  const o = traffic.observation;
  const statement = buildStatement({
    reportDir,
    checks,
    baseUrl: traffic.target,
    answers: traffic.answers,
    selection: { observed: traffic.mode },
    counts,
    wallSeconds: o.from && o.to ? (Date.parse(o.to) - Date.parse(o.from)) / 1000 : 0,
    floorSeconds: 0,
    observation: { mode: traffic.mode, sources: traffic.sources, ...(o.from && { from: o.from }), ...(o.to && { to: o.to }), exchanges: o.exchanges, customers: o.customers, ...(o.declared?.oneTokenPerCustomer && { oneTokenPerCustomer: true as const }) },
  });
  writeFileSync(statementPath(reportDir), JSON.stringify(envelopeOf(Buffer.from(JSON.stringify(statement)), options.signKey), null, 2));
  writeFileSync(join(reportDir, 'statement.html'), statementHtml(statement, options.signKey ? `signed by keyid ${keyIdOf(options.signKey)}` : 'unsigned'));
  return summary;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One test case per rule, as CI systems show JUnit. */
function junitOf(checks: readonly CheckResult[]): string {
  const count = (state: CheckResult['state']) => checks.filter((c) => c.state === state).length;
  const cases = checks.map((c) => {
    const inner = c.state === 'failed' ? `<failure message="${xml(c.note ?? '')}"/>` : c.state === 'skipped' ? `<skipped message="${xml(c.note ?? '')}"/>` : '';
    return `    <testcase classname="observe" name="${xml(c.title)}" time="0">${inner}</testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="cpf-conformance observe" tests="${checks.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}">\n  <testsuite name="observe" tests="${checks.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}
