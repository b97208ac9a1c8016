import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { startPriority } from './start-priority.js';

/**
 * The order in which the conformance files take the workers: the lead areas' files, then the
 * files with the most checks (start-priority.ts), so the ones that keep customers busy longest
 * never wait for a worker.
 * Vitest's own order (larger files first, on a fresh clone) put the area files that only register
 * the checks of their sibling modules (results, funding, webhook, explore) last.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weights = new Map(files.map((f) => [f.moduleId, startPriority(f.moduleId)]));
    return [...files].sort((a, b) => (weights.get(b.moduleId) ?? 0) - (weights.get(a.moduleId) ?? 0));
  }
}
