import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { startPriority } from './start-priority.js';

/**
 * The order in which the conformance files take the workers: the lead areas' files, then the
 * others by weight, the files that keep customers busy longest first (start-priority.ts), so
 * those never wait for a worker.
 * Vitest's own order (larger files first, on a fresh clone) put the area files that only register
 * the checks of their sibling modules (results, funding, webhook, explore) last.
 */
export default class LeadAreasThenWeight extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const priorities = new Map(files.map((f) => [f.moduleId, startPriority(f.moduleId)]));
    return [...files].sort((a, b) => (priorities.get(b.moduleId) ?? 0) - (priorities.get(a.moduleId) ?? 0));
  }
}
