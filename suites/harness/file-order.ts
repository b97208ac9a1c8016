import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which the conformance files take the workers: the files with the most checks
 * first, so the ones that keep customers busy longest never wait for a worker. Vitest's own order
 * (larger files first, on a fresh clone) put the area files that only register the checks of
 * their sibling modules (results, funding, webhook, explore: a few hundred bytes each) last.
 * A file's weight is its size plus its share of the area's modules that are not test files.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weights = new Map(files.map((f) => [f.moduleId, weightOf(f.moduleId)]));
    return [...files].sort((a, b) => (weights.get(b.moduleId) ?? 0) - (weights.get(a.moduleId) ?? 0));
  }
}

function weightOf(file: string): number {
  const folder = dirname(file);
  const names = readdirSync(folder).filter((name) => name.endsWith('.ts'));
  const testFiles = names.filter((name) => name.endsWith('.test.ts')).length;
  const modules = names.filter((name) => !name.endsWith('.test.ts')).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
  return statSync(file).size + modules / Math.max(1, testFiles);
}
