/**
 * Writes docs/rules.md from the rule catalogue. `--check` exits 1 when the committed page is out
 * of date instead of writing it (part of `npm run lint`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { rules } from '../../spec/rules/catalog.js';
import { exitWithUsage } from '../../cli/command-line/usage.js';
import { renderRulesDoc } from './render.js';

const USAGE = 'Usage: npm run rules:doc -- [--check]   (writes docs/rules.md; --check exits 1 when it is out of date instead)';
const args = process.argv.slice(2);
if (args.length > 1 || (args[0] !== undefined && args[0] !== '--check')) exitWithUsage(USAGE, args.find((a) => a !== '--check') ?? args[1]);

const target = fileURLToPath(new URL('../../docs/rules.md', import.meta.url));
const text = renderRulesDoc(rules);

if (args[0] === '--check') {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) {
    console.error(`${target} is out of date; run: npm run rules:doc`);
    process.exit(1);
  }
  console.log(`${target} is up to date`);
} else {
  await writeFile(target, text);
  console.log(`wrote ${target}`);
}
