import { mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { absentChromium, findChromium, isExecutableFile } from './chromium.js';
import { checkInBrowser } from './browser-check.js';
import { readRunExpectations } from './expectations.js';
import { faults } from '../../faults/catalog/index.js';
import { startCliWorker } from '../../faults/runner/cli-worker-process.js';
import { runCliAgainstFault } from '../../faults/runner/faulted-run.js';
import { scriptCommandLine } from '../../cli/command-line/run-script.js';

/**
 * `npm run report:check`: runs the meta suite against a reference server with one fault, opens
 * the run's Allure report in headless Chromium and checks that it shows the run's totals and the
 * failing check's exchange and curl line. Exit 0 when it does (or when Chromium is missing and
 * CPF_REQUIRE_CHROMIUM is not 1), 1 otherwise. See docs/report-check.md.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const OUT_DIR = join(ROOT, 'reports/report-check');
const RUN_DIR = join(OUT_DIR, 'run');
// A body rewrite on GET /: one check fails with a single exchange that shows the wrong version.
const FAULT = 'root-wrong-version';
const SUITE_FILE = 'suites/meta/meta.conformance.ts';

const shown = (path: string) => relative(process.cwd(), path) || '.';

async function main(): Promise<number> {
  scriptCommandLine({
    usage: 'Usage: npm run report:check   (Chromium: $CPF_CHROMIUM, else chromium on PATH, else /usr/bin/chromium; CPF_REQUIRE_CHROMIUM=1 fails instead of skipping when it is missing; see docs/report-check.md)',
    flags: {},
  });
  const lookup = findChromium(process.env, isExecutableFile);
  if (lookup.kind === 'invalid') {
    console.error(lookup.message);
    return 1;
  }
  if (lookup.kind === 'absent') {
    const outcome = absentChromium(process.env);
    (outcome.code === 0 ? console.log : console.error)(outcome.message);
    return outcome.code;
  }
  const started = performance.now();
  mkdirSync(OUT_DIR, { recursive: true });
  console.log(`report:check: ${SUITE_FILE} against a reference server with fault ${FAULT}, reports in ${shown(RUN_DIR)}`);
  const fault = faults.find((f) => f.id === FAULT);
  if (!fault) throw new Error(`fault ${FAULT} is not in faults/catalog`);
  const cli = startCliWorker();
  const run = await runCliAgainstFault(fault, ['--report-dir', RUN_DIR, '--file', SUITE_FILE, '--no-preflight'], cli).finally(() => cli.close());
  if (run.code !== 1) {
    console.error(`the conformance run should exit 1 (the fault breaks a rule) but exited ${run.code}:\n${run.output.slice(-3000)}`);
    return 1;
  }
  const expected = readRunExpectations(RUN_DIR);
  const t = expected.totals;
  console.log(`  summary.json: total ${t.total}, passed ${t.passed}, failed ${t.failed}, broken ${t.broken}, skipped ${t.skipped}; failing check ${expected.failing.title}`);
  console.log(`opening ${shown(join(RUN_DIR, 'allure-report'))} in ${lookup.path}`);
  const problems = await checkInBrowser(lookup.path, join(RUN_DIR, 'allure-report'), expected, OUT_DIR, (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    console.error(`report:check FAILED (${seconds} s):`);
    for (const p of problems) console.error(`  - ${p}`);
    return 1;
  }
  console.log(`report:check passed (${seconds} s); screenshots ${shown(join(OUT_DIR, 'totals.png'))}, ${shown(join(OUT_DIR, 'failing-check.png'))}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`report:check error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
