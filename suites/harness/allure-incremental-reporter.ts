import AllureVitestReporter from 'allure-vitest/reporter';
import type { RunnerTask } from 'vitest';
import type { TestCase, Vitest } from 'vitest/node';

/**
 * allure-vitest writes every result, with its attachments, only when the whole run has ended,
 * which adds seconds after the last check of a full run. This writes each check's result as soon
 * as it ends, while the run mostly waits on the pacer, and leaves the end only what did not
 * report a result.
 */
export default class IncrementalAllureReporter extends AllureVitestReporter {
  private readonly written = new Set<string>();
  private vitest: Vitest | undefined;

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    this.vitest = vitest;
  }

  onTestCaseResult(test: TestCase): void {
    const task = this.vitest?.state.idMap.get(test.id);
    if (task) this.handleTask(task);
  }

  override handleTask(task: RunnerTask): void {
    if (task.type !== 'suite') {
      // A check cut off by an interrupt reports twice (cancelled, then ended): its first report stands.
      if (this.written.has(task.id)) return;
      this.written.add(task.id);
    }
    super.handleTask(task);
  }
}
