import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { isConformanceFile, isSuiteModule } from '../../harness-core/suite-file.js';

/**
 * The suite files whose checks name any of the given rules, found by the IDs' literal text.
 * A match in a helper module of an area's folder, or of a folder below it, selects every
 * conformance file of that area (the module is imported by them). Without a match (IDs built at
 * run time) all files are returned. The stateful exploration (suites/explore) is included only
 * with `withExploration`.
 */
export function suiteFilesFor(root: string, ruleIds: readonly string[], withExploration = false): string[] {
  const suitesDir = join(root, 'suites');
  const pattern = new RegExp(`['"\`](${ruleIds.map((id) => id.replace('-', '\\-')).join('|')})['"\`]`);
  const selected = new Set<string>();
  const all: string[] = [];
  for (const folder of readdirSync(suitesDir, { withFileTypes: true })) {
    if (!folder.isDirectory() || folder.name === 'harness') continue;
    if (folder.name === 'explore' && !withExploration) continue;
    const dir = join(suitesDir, folder.name);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => isConformanceFile(basename(f)) || isSuiteModule(basename(f)));
    const tests = files.filter((f) => isConformanceFile(basename(f))).map((f) => relative(root, join(dir, f)));
    all.push(...tests);
    for (const file of files) {
      if (!pattern.test(readFileSync(join(dir, file), 'utf8'))) continue;
      if (isConformanceFile(basename(file))) selected.add(relative(root, join(dir, file)));
      else tests.forEach((t) => selected.add(t));
    }
  }
  return selected.size > 0 ? [...selected].sort() : all.sort();
}
