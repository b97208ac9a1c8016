import { parseCommandLine } from '../command-line/flags.js';
import { UsageError } from '../command-line/usage.js';
import { compareRuns } from './compare.js';
import { formatComparison } from './format.js';
import { readRun } from './read-run.js';
import { terminalLine } from '../report-folder/terminal-text.js';

const DIFF_COMMAND = {
  usage: 'usage: npm run conformance -- diff OLD NEW [MORE...]   (each a report folder or a statement.json, oldest first)',
  flags: {},
  positionals: { name: 'OLD NEW [MORE...]', min: 2 },
} as const;

/**
 * `diff OLD NEW [MORE...]`: prints what changed per rule. Exit 1 on a regression between the last
 * two runs (a CI gate against the last green run), 2 on a usage error, else 0.
 */
export async function runDiff(args: string[], log: (line: string) => void): Promise<number> {
  try {
    const comparison = compareRuns(parseCommandLine(args, DIFF_COMMAND).positionals.map(readRun));
    // Rule IDs, titles and reasons come from the folders: escaped on the way out, whatever the formatter missed.
    for (const line of formatComparison(comparison)) log(terminalLine(line));
    return comparison.regressions.length > 0 ? 1 : 0;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    log(err.message);
    return 2;
  }
}
