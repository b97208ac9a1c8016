import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult } from '../../harness-core/check-result.js';
import { scriptCommandLine } from '../command-line/run-script.js';
import { describeSelection, FULL_RUN, type RunSelection } from './selection.js';
import { writeTraceability } from './traceability.js';
import { readRunEnv } from '../../harness-core/run-env.js';

/**
 * `npm run rules:matrix`: writes reports/traceability.md from the last run's checks and fails
 * when a testable rule has no check.
 */
scriptCommandLine({
  usage: 'Usage: npm run rules:matrix   (reads <report dir>/checks.json of the last conformance run, writes traceability.md next to it; report dir: $CPF_REPORT_DIR, default reports)',
  flags: {},
});
const reportDir = readRunEnv('reportDir') ?? 'reports';
const checksFile = join(reportDir, 'checks.json');
if (!existsSync(checksFile)) {
  console.error(`${checksFile} not found. Fix: run \`npm run conformance\` first (the matrix shows the last run's results)`);
  process.exit(2);
}
const checks = JSON.parse(readFileSync(checksFile, 'utf8')) as CheckResult[];
const selectionFile = join(reportDir, 'selection.json');
const selection = existsSync(selectionFile) ? (JSON.parse(readFileSync(selectionFile, 'utf8')) as RunSelection) : FULL_RUN;
const restriction = describeSelection(selection);
if (restriction) console.log(`the last run was restricted to ${restriction}: only the rules it selected are judged`);
const t = writeTraceability(checks, join(reportDir, 'traceability.md'), selection);
console.log(`wrote ${t.path}: ${t.selected} testable rules selected, ${t.uncovered.length} without a check`);
for (const rule of t.uncovered) console.error(`  uncovered ${rule.id} (${rule.area}): ${rule.text}`);
process.exit(t.uncovered.length > 0 ? 1 : 0);
