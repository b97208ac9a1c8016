/**
 * Writes docs/rules.md from the rule catalogue. `--check` exits 1 when the committed page is out
 * of date instead of writing it (part of `npm run lint`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { rules } from '../../spec/rules/catalog.js';
import { scriptCommandLine } from '../../cli/command-line/run-script.js';
import { renderRulesDoc } from './render.js';

const { values } = scriptCommandLine({
  usage: 'Usage: npm run rules:doc -- [--check]   (writes docs/rules.md)',
  flags: { check: { type: 'boolean', description: 'exit 1 when the page is out of date instead of writing it' } },
});

const target = fileURLToPath(new URL('../../docs/rules.md', import.meta.url));
const text = renderRulesDoc(rules);

if (values.check) {
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
