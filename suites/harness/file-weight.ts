import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * How much a conformance file is expected to keep customers busy: its size plus its share of the
 * area's modules that are not test files (results, funding, webhook, explore: a few hundred bytes
 * of test file registering the checks of their sibling modules). The file order and the workers'
 * start turns both go by it.
 */
export function fileWeight(file: string): number {
  const folder = dirname(file);
  const names = readdirSync(folder).filter((name) => name.endsWith('.ts'));
  const testFiles = names.filter((name) => name.endsWith('.test.ts')).length;
  const modules = names.filter((name) => !name.endsWith('.test.ts')).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
  return statSync(file).size + modules / Math.max(1, testFiles);
}
