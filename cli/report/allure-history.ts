import { lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FILE_CAP_BYTES, FolderRefusal, mib, readRegularFile } from '../report-folder/confined-read.js';
import { parseStrictJson, StrictJsonError } from '../report-folder/strict-json.js';

/** Where a run keeps the Allure history when --allure-history does not say: beside its reports, which a run does not clear. */
export const HISTORY_FILE = 'allure-history.jsonl';

/** Runs the trend graphs and the History tab look back on; older lines are dropped as new ones are appended. */
export const HISTORY_LIMIT = 20;

/** The usage error of --allure-history with --no-html, in every command that takes both. */
export const HISTORY_WITHOUT_HTML = '--allure-history keeps the history of the HTML reports, and --no-html builds none. Fix: drop one of them';

/** The kit's static Allure config (the tree grouped by area, then rule: the epic and feature labels check() sets). */
export const STATIC_CONFIG = resolve(import.meta.dirname, 'allurerc.json');

/**
 * The history file as Allure will read it, checked first: it is often a CI cache other runs wrote,
 * and Allure reads it whole and parses it as it is, so a symlink to /dev/zero, a FIFO, a file of
 * gigabytes or a line nested 100,000 deep would hang or break the report. Absent is fine (the
 * first report creates it); anything else must be a regular file within the per-file cap, one
 * strict JSON value per line. A refusal names the file and the line (exit 2).
 */
export function checkHistoryFile(historyFile: string): void {
  try {
    lstatSync(historyFile);
  } catch {
    return;
  }
  const text = readRegularFile(historyFile, historyFile, FILE_CAP_BYTES, `larger than the cap of ${mib(FILE_CAP_BYTES)} per file`).toString('utf8');
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      parseStrictJson(line);
    } catch (err) {
      if (err instanceof StrictJsonError) throw new FolderRefusal(`${historyFile} line ${i + 1}`, `refused: not strict JSON (${err.message}). Fix: remove the file, or give --allure-history another one`);
      throw err;
    }
  });
}

/**
 * Calls `use` with the path of an Allure config that is the kit's own plus the history file.
 * `allure generate` takes no history path on its command line, and the kit's config ships inside
 * the package, so this run's config is a temporary file, removed afterwards.
 */
export async function withHistoryConfig<T>(historyFile: string, use: (config: string) => Promise<T>): Promise<T> {
  checkHistoryFile(historyFile);
  const dir = mkdtempSync(join(tmpdir(), 'cpf-allurerc-'));
  try {
    const config = { ...(JSON.parse(readFileSync(STATIC_CONFIG, 'utf8')) as object), historyPath: resolve(historyFile), historyLimit: HISTORY_LIMIT };
    // Allure picks the reader by the extension.
    const file = join(dir, 'allurerc.json');
    writeFileSync(file, JSON.stringify(config));
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
