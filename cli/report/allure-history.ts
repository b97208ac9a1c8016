import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where a run keeps the Allure history when --allure-history does not say: beside its reports, which a run does not clear. */
export const HISTORY_FILE = 'allure-history.jsonl';

/** Runs the trend graphs and the History tab look back on; older lines are dropped as new ones are appended. */
export const HISTORY_LIMIT = 20;

/** The usage error of --allure-history with --no-html, in every command that takes both. */
export const HISTORY_WITHOUT_HTML = '--allure-history keeps the history of the HTML reports, and --no-html builds none. Fix: drop one of them';

/** The kit's static Allure config (the tree grouped by area, then rule: the epic and feature labels check() sets). */
export const STATIC_CONFIG = resolve(import.meta.dirname, 'allurerc.json');

/**
 * Calls `use` with the path of an Allure config that is the kit's own plus the history file.
 * `allure generate` takes no history path on its command line, and the kit's config ships inside
 * the package, so this run's config is a temporary file, removed afterwards.
 */
export async function withHistoryConfig<T>(historyFile: string, use: (config: string) => Promise<T>): Promise<T> {
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
