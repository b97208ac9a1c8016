import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { CheckResult } from '../../../harness-core/check-result.js';
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

function checkInputs(out: string, dirs: readonly string[]): string[] {
  if (dirs.length === 0) throw new MergeError('no report directories given. Fix: npm run reports:merge -- --out reports/merged reports-shard-1 reports-shard-2 ...');
  const full = dirs.map((d) => resolve(d));
  full.forEach((dir, i) => {
    const given = dirs[i] as string;
    if (!existsSync(dir)) throw new MergeError(`${given}: no such directory. Fix: give the report directory of each shard (its --report-dir, default reports)`);
    if (!statSync(dir).isDirectory()) throw new MergeError(`${given}: not a directory`);
    if (full.indexOf(dir) !== i) throw new MergeError(`${given} is given twice: its checks would be counted twice`);
    if (dir === out) throw new MergeError(`${given} is also the output directory. Fix: --out a directory of its own`);
    if (!REPORT_FILES.some((f) => existsSync(join(dir, f)))) {
      throw new MergeError(`${given}: holds none of ${REPORT_FILES.join(', ')}: not a report directory of npm run conformance`);
    }
  });
  return full;
}

/** Result files carry uuids in their names; a clash with other content can only be a fixed-name file (environment, categories), and the first one wins. */
function copyAllureResults(dirs: readonly string[], target: string, log: (line: string) => void): number {
  mkdirSync(target, { recursive: true });
  let copied = 0;
  for (const dir of dirs) {
    const results = join(dir, 'allure-results');
    if (!existsSync(results)) continue;
    for (const name of readdirSync(results)) {
      const from = join(results, name);
      const to = join(target, name);
      if (!statSync(from).isFile()) continue;
      if (existsSync(to)) {
        if (!readFileSync(from).equals(readFileSync(to))) log(`  note: ${name} differs between shards; kept the first, ignored ${from}`);
        continue;
      }
      copyFileSync(from, to);
      copied++;
    }
  }
  return copied;
}

function readEach<T>(dirs: readonly string[], file: string, read: (source: string, text: string) => T): { source: string; value: T }[] {
  return dirs.filter((dir) => existsSync(join(dir, file))).map((dir) => {
    const source = join(dir, file);
    try {
      return { source, value: read(source, readFileSync(source, 'utf8')) };
    } catch (err) {
      const message = (err as Error).message;
      throw new MergeError(message.startsWith(source) ? message : `${source}: ${message}`, { cause: err });
    }
  });
}

export async function mergeReports(options: MergeOptions): Promise<MergeResult> {
  const out = resolve(options.out);
  const dirs = checkInputs(out, options.dirs);
  for (const sub of ['allure-results', 'allure-report']) rmSync(join(out, sub), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const file of REPORT_FILES) {
    const without = dirs.filter((d) => !existsSync(join(d, file)));
    if (without.length > 0 && without.length < dirs.length) options.log(`  note: no ${file} in ${without.map((d) => relative(process.cwd(), d) || '.').join(', ')}`);
  }
  // Keys and order as the run prints its reports.
  const reports: Record<string, string> = {};

  const allureFiles = copyAllureResults(dirs, join(out, 'allure-results'), options.log);
  const summaries = readEach(dirs, 'summary.json', parseSummary);
  if (options.html && allureFiles > 0) {
    const targets = [...new Set(summaries.map((s) => s.value.target))];
    const historyFile = resolve(options.historyFile ?? join(out, HISTORY_FILE));
    const built = await buildAllureReport(join(out, 'allure-results'), join(out, 'allure-report'), `cpf-conformance: ${dirs.length} shards${targets.length > 0 ? ` against ${targets.join(', ')}` : ''}`, historyFile);
    reports['allure HTML'] = built ? join(out, 'allure-report', 'index.html') : '(allure generate failed)';
    if (built) reports['allure history'] = historyFile;
  }
  reports['allure results'] = join(out, 'allure-results');

  const junit = readEach(dirs, 'junit.xml', (source, xml) => ({ source, xml }));
  if (junit.length > 0) {
    try {
      writeFileSync(join(out, 'junit.xml'), mergeJunit(junit.map((j) => j.value)));
    } catch (err) {
      throw new MergeError((err as Error).message, { cause: err });
    }
    reports.junit = join(out, 'junit.xml');
  }
  if (summaries.length > 0) reports.summary = join(out, 'summary.json');

  const checks = readEach(dirs, 'checks.json', (source, text) => {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new Error(`${source}: not a checks.json of npm run conformance (no array)`);
    return parsed as CheckResult[];
  }).flatMap((c) => c.value);
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
