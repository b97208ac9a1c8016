import { UsageError } from '../options.js';
import { compareRuns } from './compare.js';
import { formatComparison } from './format.js';
import { readRun } from './read-run.js';

const USAGE = 'usage: npm run conformance -- diff OLD NEW [MORE...]   (each a report folder or a statement.json, oldest first)';

/**
 * `diff OLD NEW [MORE...]`: prints what changed per rule. Exit 1 on a regression between the last
 * two runs (a CI gate against the last green run), 2 on a usage error, else 0.
 */
export async function runDiff(args: string[], log: (line: string) => void): Promise<number> {
  if (args.length < 2 || args.some((a) => a.startsWith('-'))) {
    log(USAGE);
    return 2;
  }
  try {
    const comparison = compareRuns(args.map(readRun));
    for (const line of formatComparison(comparison)) log(line);
    return comparison.regressions.length > 0 ? 1 : 0;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    log(err.message);
    return 2;
  }
}
