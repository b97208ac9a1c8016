import { z } from 'zod';
import { rules as catalogue } from '../../spec/rules/catalog.js';
import { UsageError } from '../command-line/usage.js';
import { checkSchema, statementIn } from '../diff/read-run.js';
import type { RunOptions } from '../options.js';
import { FolderRefusal, ReportFolder } from '../report-folder/confined-read.js';
import { readFolderJson } from '../report-folder/folder-json.js';
import { shown, SHOWN_ITEMS, shownList } from '../report-folder/terminal-text.js';
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

// A ruleless check's file is suggested as a --file to type: only a path of plain characters is.
const recordedCheckSchema = checkSchema.extend({ file: z.string().regex(/^[\w./-]*$/, 'a file name of letters, digits and ._/- only'), area: z.string() });
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

/** DIR/checks.json of an earlier run, read through the confined reader; a missing, refused or unreadable one is a usage error naming the flag. */
export function readFailedChecks(dir: string): RecordedCheck[] {
  try {
    const folder = ReportFolder.open(dir);
    if (!folder.has('checks.json')) throw new UsageError(`--rerun-failed ${shown(dir)}: no checks.json in it, so no run to repeat. ${FIX}`);
    return readFolderJson(folder, 'checks.json', z.array(recordedCheckSchema), 'a check list of the kit');
  } catch (err) {
    if (!(err instanceof FolderRefusal)) throw err;
    throw new UsageError(`--rerun-failed ${err.message}. ${FIX}`, { cause: err });
  }
}

/** The exploration seed DIR/statement.json records, if the run wrote one. */
function recordedSeed(dir: string): number | undefined {
  try {
    const folder = ReportFolder.open(dir);
    if (!folder.has(STATEMENT_FILE)) return undefined;
    return statementIn(folder.named(STATEMENT_FILE), readFolderJson(folder, STATEMENT_FILE, z.unknown(), 'JSON'), seedSchema).predicate.cpfConformance.selection.exploreSeed;
  } catch (err) {
    // Without a readable seed the exploration draws a new one, as any run does.
    if (err instanceof UsageError) return undefined;
    throw err;
  }
}

/** Rule IDs of the folder that the catalogue does not know: a rerun selects checks by these IDs, so each must be one. */
function unknownRules(ids: readonly string[]): string[] {
  const known = new Set(catalogue.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * The options of the rerun: the earlier run's failing rules as --rules, and its seed when the
 * exploration failed and no --seed was given. Undefined when nothing failed there (nothing to run).
 */
export function rerunOptions(options: RunOptions, dir: string, log: (line: string) => void): RunOptions | undefined {
  const selection = failedSelection(readFailedChecks(dir));
  const unknown = unknownRules(selection.rules);
  if (unknown.length > 0) {
    throw new UsageError(`--rerun-failed ${shown(dir)}: its checks.json names rules the catalogue does not have: ${shownList(unknown)}. ${FIX} (of this kit version)`);
  }
  if (selection.failing === 0) {
    log(`--rerun-failed ${shown(dir)}: none of its ${selection.total} checks failed or broke; nothing to run`);
    return undefined;
  }
  const files = selection.ruleless.map((file) => `--file ${file}`);
  const fileFix = files.length > SHOWN_ITEMS ? `${files.slice(0, SHOWN_ITEMS).join(' ')} and ${files.length - SHOWN_ITEMS} more` : files.join(' ');
  if (selection.rules.length === 0) {
    throw new UsageError(`--rerun-failed ${shown(dir)}: its ${selection.failing} failing checks name no rule (a suite file that did not load), and no rule selects them. Fix: run their files: ${fileFix}`);
  }
  log(`--rerun-failed ${shown(dir)}: ${selection.failing} of its ${selection.total} checks failed or broke; running the checks of ${selection.rules.length === 1 ? 'its rule' : `their ${selection.rules.length} rules`}: ${selection.rules.join(', ')}`);
  if (selection.ruleless.length > 0) log(`  not run again: failing checks that name no rule (a suite file that did not load); run them with ${fileFix}`);
  const seed = selection.exploration && options.seed === undefined ? recordedSeed(dir) : undefined;
  if (seed !== undefined) log(`  the exploration failed there: replaying its seed ${seed}`);
  return { ...options, rules: selection.rules, ...(seed !== undefined ? { seed } : {}) };
}
