import AllureVitestReporter from 'allure-vitest/reporter';
import type { RunnerTask } from 'vitest';
import type { TestCase, Vitest } from 'vitest/node';
import type { Writer } from 'allure-js-commons/sdk/reporter';
import { ResultsFolderWriter } from './allure-results-writer.js';

/**
 * allure-vitest writes every result, with its attachments, only when the whole run has ended,
 * which adds seconds after the last check of a full run. This writes each check's result as soon
 * as it ends, while the run mostly waits on the pacer, and leaves the end only what did not
 * report a result.
 */
export default class IncrementalAllureReporter extends AllureVitestReporter {
  private readonly written = new Set<string>();
  private vitest: Vitest | undefined;

  constructor(private readonly options: { resultsDir: string }) {
    super(options);
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    this.vitest = vitest;
    // allure-vitest makes its writer here and offers no option for another (allure-results-writer.ts says why this one).
    const runtime = (this as unknown as { allureReporterRuntime?: { writer: Writer } }).allureReporterRuntime;
    if (runtime) runtime.writer = new ResultsFolderWriter(this.options.resultsDir);
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
