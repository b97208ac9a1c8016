import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../command-line/usage.js';
import { checkSchema, statementIn } from '../diff/read-run.js';
import type { RunOptions } from '../options.js';
import { STATEMENT_FILE } from '../statement/verify-statement.js';

/** What `--rerun-failed DIR` runs again: the rules of the checks that failed or broke in DIR. */
export interface RerunSelection {
  /** Rule IDs of those checks, sorted; they become the run's --rules. */
  rules: string[];
  /** How many checks failed or broke. */
  failing: number;
  /** How many checks the earlier run had. */
  total: number;
  /** Whether the exploration was among them: its replay needs that run's seed. */
  exploration: boolean;
  /** Files of failing checks that name no rule (a suite file that did not load): no rule selects them. */
  ruleless: string[];
}

const recordedCheckSchema = checkSchema.extend({ file: z.string(), area: z.string() });
type RecordedCheck = z.infer<typeof recordedCheckSchema>;

/** Only the seed: a statement of any kit version gives it. */
const seedSchema = z.object({ predicate: z.object({ cpfConformance: z.object({ selection: z.object({ exploreSeed: z.number().int() }) }) }) });

const FIX = 'Fix: give the --report-dir of an earlier run of npm run conformance (default reports), which holds its checks.json';

/** The selection from the checks of an earlier run. */
export function failedSelection(checks: readonly RecordedCheck[]): RerunSelection {
  const failing = checks.filter((c) => c.state === 'failed' || c.state === 'broken');
  return {
    rules: [...new Set(failing.flatMap((c) => c.rules))].sort(),
    failing: failing.length,
    total: checks.length,
    exploration: failing.some((c) => c.area === 'explore'),
    ruleless: [...new Set(failing.filter((c) => c.rules.length === 0).map((c) => c.file))],
  };
}

/** DIR/checks.json of an earlier run; a missing or unreadable one is a usage error naming the flag. */
export function readFailedChecks(dir: string): RecordedCheck[] {
  const file = join(dir, 'checks.json');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--rerun-failed ${dir}: no such folder. ${FIX}`);
  if (!existsSync(file)) throw new UsageError(`--rerun-failed ${dir}: no checks.json in it, so no run to repeat. ${FIX}`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`--rerun-failed ${dir}: checks.json is not JSON (${(err as Error).message}). ${FIX}`);
  }
  const parsed = z.array(recordedCheckSchema).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--rerun-failed ${dir}: checks.json is not a check list of the kit (${issue?.path.join('.') || '(root)'}: ${issue?.message}). ${FIX}`);
  }
  return parsed.data;
}

/** The exploration seed DIR/statement.json records, if the run wrote one. */
function recordedSeed(dir: string): number | undefined {
  const file = join(dir, STATEMENT_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return statementIn(file, JSON.parse(readFileSync(file, 'utf8')), seedSchema).predicate.cpfConformance.selection.exploreSeed;
  } catch {
    // Without a readable seed the exploration draws a new one, as any run does.
    return undefined;
  }
}

/**
 * The options of the rerun: the earlier run's failing rules as --rules, and its seed when the
 * exploration failed and no --seed was given. Undefined when nothing failed there (nothing to run).
 */
export function rerunOptions(options: RunOptions, dir: string, log: (line: string) => void): RunOptions | undefined {
  const selection = failedSelection(readFailedChecks(dir));
  if (selection.failing === 0) {
    log(`--rerun-failed ${dir}: none of its ${selection.total} checks failed or broke; nothing to run`);
    return undefined;
  }
  const fileFix = selection.ruleless.map((file) => `--file ${file}`).join(' ');
  if (selection.rules.length === 0) {
    throw new UsageError(`--rerun-failed ${dir}: its ${selection.failing} failing checks name no rule (a suite file that did not load), and no rule selects them. Fix: run their files: ${fileFix}`);
  }
  log(`--rerun-failed ${dir}: ${selection.failing} of its ${selection.total} checks failed or broke; running the checks of ${selection.rules.length === 1 ? 'its rule' : `their ${selection.rules.length} rules`}: ${selection.rules.join(', ')}`);
  if (selection.ruleless.length > 0) log(`  not run again: failing checks that name no rule (a suite file that did not load); run them with ${fileFix}`);
  const seed = selection.exploration && options.seed === undefined ? recordedSeed(dir) : undefined;
  if (seed !== undefined) log(`  the exploration failed there: replaying its seed ${seed}`);
  return { ...options, rules: selection.rules, ...(seed !== undefined ? { seed } : {}) };
}
