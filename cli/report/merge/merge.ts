import { runScript } from '../../command-line/run-script.js';
import { parseCommandLine } from '../../command-line/flags.js';
import { UsageError } from '../../command-line/usage.js';
import { formatSummary } from '../summary.js';
import { HISTORY_WITHOUT_HTML } from '../allure-history.js';
import { mergeReports } from './merge-reports.js';
import { terminalLine } from '../../report-folder/terminal-text.js';

/**
 * `npm run reports:merge -- [--out DIR] [--no-html] [--allure-history FILE] DIR...`: one report of several shards.
 * Exit codes: 0 merged, 2 usage error or a directory that is missing or not a report, 3 the
 * Allure HTML could not be built.
 */
const MERGE_COMMAND = {
  usage: 'Usage: npm run reports:merge -- [--out DIR] [--no-html] [--allure-history FILE] DIR...\n  DIR...  report directories of the shards (each run\'s --report-dir, default reports)',
  flags: {
    out: { type: 'string', placeholder: 'DIR', description: 'where the merged report goes (default: reports/merged)' },
    'no-html': { type: 'boolean', description: 'skip building the Allure HTML report' },
    'allure-history': {
      type: 'string',
      placeholder: 'FILE',
      description: "keep the Allure history (trend graphs, each check's past runs) in FILE, e.g. a CI cache path\n(default: allure-history.jsonl in the --out dir)",
    },
  },
  positionals: { name: 'DIR...' },
  notes: 'Merges allure-results (and builds the HTML from them), junit.xml, summary.json, checks.json and the traceability matrix.',
} as const;

async function main(): Promise<number> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), MERGE_COMMAND);
  if (values['allure-history'] !== undefined && values['no-html'] === true) {
    throw new UsageError(HISTORY_WITHOUT_HTML);
  }
  const options = { out: values.out ?? 'reports/merged', html: values['no-html'] !== true, dirs: positionals, ...(values['allure-history'] !== undefined ? { historyFile: values['allure-history'] } : {}) };
  // Summaries and names come from the shards' folders: each printed line is escaped.
  const log = (text: string) => text.split('\n').forEach((line) => console.log(terminalLine(line)));
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
