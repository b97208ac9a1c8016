import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import type { CheckResult } from '../../../harness-core/check-result.js';
import { checkSchema } from '../../diff/read-run.js';
import { FolderRefusal, ReportFolder } from '../../report-folder/confined-read.js';
import { parseFolderJson } from '../../report-folder/folder-json.js';
import { shown } from '../../report-folder/terminal-text.js';
import { buildAllureReport } from '../allure-report.js';
import { HISTORY_FILE } from '../allure-history.js';
import { UsageError } from '../../command-line/usage.js';
import type { RunSummary } from '../summary.js';
import { writeTraceability } from '../../rules-matrix/traceability.js';
import { mergeJunit } from './junit-merge.js';
import { mergeSummaries, parseSummary } from './summary-merge.js';

/**
 * Report directories of several shards (each as `npm run conformance -- --shard i/n` wrote it) as
 * one: allure-results copied together and the HTML built from them, junit.xml, summary.json,
 * checks.json and the traceability matrix of all checks.
 */
/** Bad input to the merge (arguments, directories that are not reports): exit 2 with the message (run-script.ts). */
export class MergeError extends UsageError {}

export interface MergeOptions {
  out: string;
  dirs: readonly string[];
  html: boolean;
  /** The Allure history the merged HTML report reads and appends to (default: allure-history.jsonl in `out`). */
  historyFile?: string;
  log: (line: string) => void;
}

export interface MergeResult {
  allureFiles: number;
  junitFiles: number;
  summary: RunSummary | undefined;
  checks: number;
  reports: Record<string, string>;
}

const REPORT_FILES = ['allure-results', 'junit.xml', 'summary.json', 'checks.json'];

/** A shard's directory as given, and the confined reader of it. */
interface Shard {
  given: string;
  folder: ReportFolder;
}

/** What the merge reads of a check of checks.json, beyond what diff reads: where it ran. */
const mergedCheckSchema = checkSchema.extend({ file: z.string(), area: z.string(), durationMs: z.number() });

function checkInputs(out: string, dirs: readonly string[]): Shard[] {
  if (dirs.length === 0) throw new MergeError('no report directories given. Fix: npm run reports:merge -- --out reports/merged reports-shard-1 reports-shard-2 ...');
  const full = dirs.map((d) => resolve(d));
  return full.map((dir, i) => {
    const given = dirs[i] as string;
    if (!existsSync(dir)) throw new MergeError(`${shown(given)}: no such directory. Fix: give the report directory of each shard (its --report-dir, default reports)`);
    const folder = refusedAsMergeError(() => ReportFolder.open(given));
    if (full.indexOf(dir) !== i) throw new MergeError(`${shown(given)} is given twice: its checks would be counted twice`);
    if (dir === out) throw new MergeError(`${shown(given)} is also the output directory. Fix: --out a directory of its own`);
    if (!REPORT_FILES.some((f) => folder.has(f))) {
      throw new MergeError(`${shown(given)}: holds none of ${REPORT_FILES.join(', ')}: not a report directory of npm run conformance`);
    }
    return { given, folder };
  });
}

/** Runs `read`; a file the confined reader refuses ends the merge as bad input (exit 2), naming the file. */
function refusedAsMergeError<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof FolderRefusal) throw new MergeError(err.message, { cause: err });
    throw err;
  }
}

/**
 * Result files carry uuids in their names; a clash with other content can only be a fixed-name file
 * (environment, categories), and the first one wins. Each is read confined and bounded, and written
 * anew: a copy would follow a symlink out of the shard.
 */
function copyAllureResults(shards: readonly Shard[], target: string, log: (line: string) => void): number {
  mkdirSync(target, { recursive: true });
  let copied = 0;
  for (const { folder } of shards) {
    for (const name of refusedAsMergeError(() => folder.list('allure-results'))) {
      const rel = `allure-results/${name}`;
      if (refusedAsMergeError(() => folder.isFolder(rel))) continue;
      const bytes = refusedAsMergeError(() => folder.read(rel));
      const to = join(target, name);
      if (existsSync(to)) {
        if (!bytes.equals(readFileSync(to))) log(`  note: ${shown(name)} differs between shards; kept the first, ignored ${shown(folder.named(rel))}`);
        continue;
      }
      writeFileSync(to, bytes);
      copied++;
    }
  }
  return copied;
}

function readEach<T>(shards: readonly Shard[], file: string, read: (source: string, text: string) => T): { source: string; value: T }[] {
  return shards.filter(({ folder }) => folder.has(file)).map(({ folder }) => {
    const source = folder.named(file);
    try {
      return { source, value: read(source, folder.readText(file)) };
    } catch (err) {
      if (err instanceof MergeError) throw err;
      const message = (err as Error).message;
      throw new MergeError(message.startsWith(source) ? message : `${source}: ${message}`, { cause: err });
    }
  });
}

export async function mergeReports(options: MergeOptions): Promise<MergeResult> {
  const out = resolve(options.out);
  const shards = checkInputs(out, options.dirs);
  for (const sub of ['allure-results', 'allure-report']) rmSync(join(out, sub), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const file of REPORT_FILES) {
    const without = shards.filter((s) => !s.folder.has(file));
    if (without.length > 0 && without.length < shards.length) options.log(`  note: no ${file} in ${without.map((s) => shown(relative(process.cwd(), resolve(s.given)) || '.')).join(', ')}`);
  }
  // Keys and order as the run prints its reports.
  const reports: Record<string, string> = {};

  const allureFiles = copyAllureResults(shards, join(out, 'allure-results'), options.log);
  const summaries = readEach(shards, 'summary.json', parseSummary);
  if (options.html && allureFiles > 0) {
    const targets = [...new Set(summaries.map((s) => s.value.target))];
    const historyFile = resolve(options.historyFile ?? join(out, HISTORY_FILE));
    const built = await buildAllureReport(join(out, 'allure-results'), join(out, 'allure-report'), `cpf-conformance: ${shards.length} shards${targets.length > 0 ? ` against ${targets.join(', ')}` : ''}`, historyFile);
    reports['allure HTML'] = built ? join(out, 'allure-report', 'index.html') : '(allure generate failed)';
    if (built) reports['allure history'] = historyFile;
  }
  reports['allure results'] = join(out, 'allure-results');

  const junit = readEach(shards, 'junit.xml', (source, xml) => ({ source, xml }));
  if (junit.length > 0) {
    try {
      writeFileSync(join(out, 'junit.xml'), mergeJunit(junit.map((j) => j.value)));
    } catch (err) {
      throw new MergeError((err as Error).message, { cause: err });
    }
    reports.junit = join(out, 'junit.xml');
  }
  if (summaries.length > 0) reports.summary = join(out, 'summary.json');

  // The schema checks what the merge and the traceability matrix read; the rest of each check is carried as the run wrote it.
  const checks = readEach(shards, 'checks.json', (source, text) => parseFolderJson(source, text, z.array(mergedCheckSchema.loose()), 'a checks.json of npm run conformance') as CheckResult[]).flatMap((c) => c.value);
  if (checks.length > 0) {
    writeFileSync(join(out, 'checks.json'), JSON.stringify(checks, null, 2));
    const traceability = writeTraceability(checks, join(out, 'traceability.md'));
    reports.traceability = `${traceability.path} (${traceability.uncovered.length} testable rules without a check)`;
  }

  let summary: RunSummary | undefined;
  if (summaries.length > 0) {
    summary = mergeSummaries(
      summaries.map((s) => ({ source: s.source, summary: s.value })),
      reports,
      checks,
    );
    writeFileSync(join(out, 'summary.json'), JSON.stringify(summary, null, 2));
  }
  return { allureFiles, junitFiles: junit.length, summary, checks: checks.length, reports };
}
