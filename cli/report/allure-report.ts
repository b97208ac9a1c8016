import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { STATIC_CONFIG, withHistoryConfig } from './allure-history.js';

/**
 * The Allure 3 page template loads Google's tag manager and reports the report's id to it, with
 * no option to turn it off. A conformance report of a private API is opened from CI artifacts
 * and laptops: it must not call anybody, so both script tags go.
 */
export function withoutAnalytics(html: string): string {
  return html
    .replace(/<script[^>]*\bsrc="https:\/\/www\.googletagmanager\.com\/[^"]*"[^>]*><\/script>\s*/g, '')
    .replace(/<script>(?:(?!<\/script>)[\s\S])*\bgtag\((?:(?!<\/script>)[\s\S])*<\/script>\s*/g, '');
}

/**
 * Builds the HTML report with Allure 3 (the `allure` npm package, no Java). With `historyFile`
 * the report shows the runs recorded there (trend graphs, a History tab per check) and this run
 * is appended to it.
 */
export async function buildAllureReport(resultsDir: string, outputDir: string, name: string, historyFile?: string): Promise<boolean> {
  if (!existsSync(resultsDir)) return false;
  // The package exports no subpaths, so its CLI is looked up where Node looks for packages: in the
  // kit's own node_modules, or, when the kit is itself installed as a package, beside it.
  const cli = (createRequire(import.meta.url).resolve.paths('allure') ?? []).map((dir) => join(dir, 'allure', 'cli.js')).find((path) => existsSync(path));
  if (!cli) {
    process.stderr.write('allure generate failed: the allure package is not installed next to cpf-conformance\n');
    return false;
  }
  const generate = (config: string) => allureGenerate(cli, [resultsDir, '--config', config, '--output', outputDir, '--name', name]);
  const ok = historyFile === undefined ? await generate(STATIC_CONFIG) : await withHistoryConfig(historyFile, generate);
  const page = join(outputDir, 'index.html');
  if (ok && existsSync(page)) writeFileSync(page, withoutAnalytics(readFileSync(page, 'utf8')));
  return ok;
}

async function allureGenerate(cli: string, args: readonly string[]): Promise<boolean> {
  const child = spawn(process.execPath, [cli, 'generate', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) process.stderr.write(`allure generate failed (${code}):\n${output}\n`);
  return code === 0;
}
