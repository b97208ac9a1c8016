/**
 * Writes spec/profile.schema.json from the zod profile schema (spec/profile.schema.ts), so
 * editors can validate and complete a target profile. Run: npx tsx tools/profile-json-schema.ts
 * Pass --check to fail (exit 1) when the committed file is out of date instead of writing it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { profileSchema } from '../spec/profile.schema.js';
import { scriptCommandLine } from '../cli/command-line/run-script.js';

const { values } = scriptCommandLine({
  usage: 'Usage: npm run profile:schema -- [--check]   (writes spec/profile.schema.json)',
  flags: { check: { type: 'boolean', description: 'exit 1 when the file is out of date instead of writing it' } },
});

const target = fileURLToPath(new URL('../spec/profile.schema.json', import.meta.url));

const generated = z.toJSONSchema(profileSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
const document = {
  ...generated,
  $id: 'https://cpf-conformance.invalid/profile.schema.json',
  title: 'cpf-conformance target profile',
};
const text = `${JSON.stringify(document, null, 2)}\n`;

if (values.check) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) {
    console.error(`${target} is out of date; run: npm run profile:schema`);
    process.exit(1);
  }
  console.log(`${target} is up to date`);
} else {
  await writeFile(target, text);
  console.log(`wrote ${target}`);
}
