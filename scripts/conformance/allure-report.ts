import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Builds the HTML report with Allure 3 (the `allure` npm package, no Java). */
export async function buildAllureReport(resultsDir: string, outputDir: string, name: string): Promise<boolean> {
  if (!existsSync(resultsDir)) return false;
  // The package exports no subpaths, so its CLI is found through the install location.
  const cli = resolve(import.meta.dirname, '../../node_modules/allure/cli.js');
  // The tree groups by area, then rule (the epic and feature labels check() sets), not by file path.
  const config = resolve(import.meta.dirname, 'allurerc.json');
  const child = spawn(process.execPath, [cli, 'generate', resultsDir, '--config', config, '--output', outputDir, '--name', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) process.stderr.write(`allure generate failed (${code}):\n${output}\n`);
  return code === 0;
}
