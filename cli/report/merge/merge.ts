import { runScript } from '../../command-line/run-script.js';
import { HelpRequested } from '../../options.js';
import { formatSummary } from '../summary.js';
import { MergeError, mergeReports } from './merge-reports.js';

/**
 * `npm run reports:merge -- [--out DIR] [--no-html] DIR...`: one report of several shards.
 * Exit codes: 0 merged, 2 usage error or a directory that is missing or not a report, 3 the
 * Allure HTML could not be built.
 */
const USAGE = `Usage: npm run reports:merge -- [--out DIR] [--no-html] DIR...
  DIR...      report directories of the shards (each run's --report-dir, default reports)
  --out DIR   where the merged report goes (default: reports/merged)
  --no-html   skip building the Allure HTML report
Merges allure-results (and builds the HTML from them), junit.xml, summary.json, checks.json and the traceability matrix.`;

function parseArgs(argv: readonly string[]): { out: string; html: boolean; dirs: string[] } {
  const options = { out: 'reports/merged', html: true, dirs: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') throw new HelpRequested(USAGE);
    if (arg === '--no-html') options.html = false;
    else if (arg === '--out' || arg.startsWith('--out=')) {
      const value = arg === '--out' ? argv[++i] : arg.slice('--out='.length);
      if (!value) throw new MergeError('--out needs a directory. Fix: --out reports/merged');
      options.out = value;
    } else if (arg.startsWith('-')) throw new MergeError(`unknown option '${arg}'. Fix: use --out DIR or --no-html (see --help)`);
    else options.dirs.push(arg);
  }
  return options;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const log = (line: string) => console.log(line);
  log(`merging ${options.dirs.length} report directories into ${options.out}`);
  const result = await mergeReports({ ...options, log });
  log(`  allure results: ${result.allureFiles} files, junit: ${result.junitFiles} files, checks: ${result.checks}`);
  if (result.summary) log(`\n${formatSummary(result.summary)}`);
  else {
    log('\nreports:');
    for (const [name, path] of Object.entries(result.reports)) log(`  ${name.padEnd(14)} ${path}`);
  }
  return result.reports['allure HTML'] === '(allure generate failed)' ? 3 : 0;
}

runScript(main);
