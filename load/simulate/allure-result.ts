import { Stage, Status, type StepResult, type TestResult } from 'allure-js-commons';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Verdict } from './verdicts.js';

export const ATTACHMENT_NAME = 'load simulation report';

/**
 * The run as one Allure test result ("load / population simulation"): a step per verdict and
 * the HTML report attached, so the run shows up next to the conformance checks when its results
 * directory is merged with theirs (reports:merge) or built on its own.
 */
export function writeAllureResult(o: { dir: string; name: string; start: number; stop: number; verdicts: readonly Verdict[]; html: string }): string {
  mkdirSync(o.dir, { recursive: true });
  const uuid = randomUUID();
  const source = `${uuid}-attachment.html`;
  writeFileSync(join(o.dir, source), o.html);
  const failed = o.verdicts.filter((v) => !v.ok);
  // As the exit code: a missed verdict fails the run whatever else was left open.
  const status = failed.some((v) => v.kind === 'target') ? Status.FAILED : failed.some((v) => v.kind === 'load-side') ? Status.BROKEN : failed.length ? Status.SKIPPED : Status.PASSED;
  const stepStatus = { target: Status.FAILED, 'load-side': Status.BROKEN, undecided: Status.SKIPPED } as const;
  const steps: StepResult[] = o.verdicts.map((v) => ({
    name: `${v.name}: ${v.detail}`,
    status: v.ok ? Status.PASSED : stepStatus[v.kind],
    statusDetails: {},
    stage: Stage.FINISHED,
    steps: [],
    attachments: [],
    parameters: [],
    start: o.stop,
    stop: o.stop,
  }));
  const result: TestResult = {
    uuid,
    historyId: 'cpf-load-simulation',
    name: o.name,
    fullName: `load:simulate ${o.name}`,
    status,
    statusDetails: failed.length ? { message: failed.map((v) => `${v.name}: ${v.detail}`).join('\n') } : {},
    stage: Stage.FINISHED,
    steps,
    attachments: [{ name: ATTACHMENT_NAME, source, type: 'text/html' }],
    parameters: [],
    labels: [
      { name: 'epic', value: 'load' },
      { name: 'feature', value: 'population simulation' },
      { name: 'severity', value: 'critical' },
    ],
    links: [],
    start: o.start,
    stop: o.stop,
  };
  writeFileSync(join(o.dir, `${uuid}-result.json`), JSON.stringify(result));
  return uuid;
}
