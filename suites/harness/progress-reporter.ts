import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { judgedRules, verdictOf, type CheckJudgement, type CheckResult } from '../../harness-core/check-result.js';
import { getRule } from '../../spec/rules/catalog.js';
import { quietPhase } from '../../harness-core/quiet-phase.js';
import { readRunEnv } from '../../harness-core/run-env.js';

/**
 * Prints progress per area while the run goes on and writes every check's outcome to
 * `<report dir>/checks.json`, from which the CLI builds the summary and the traceability matrix.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const HEARTBEAT_MS = 5000;

export default class ProgressReporter implements Reporter {
  /** By test id: a check cancelled by an interrupt may be reported twice (cancelled, then ended). */
  private readonly byId = new Map<string, CheckResult>();

  /** Failures charged to rules the checks met on their way, one per rule and kind (the first met). */
  private readonly charged = new Map<string, CheckResult>();

  private get results(): CheckResult[] {
    return [...this.byId.values()];
  }
  private readonly started = Date.now();
  private lastLine = Date.now();
  private heartbeat: NodeJS.Timeout | undefined;

  /** A long file prints nothing until it ends: a heartbeat keeps the operator informed meanwhile. */
  onTestRunStart(specifications: readonly TestSpecification[]): void {
    // The quiet files' checks wait until the others have ended (quiet-phase.ts); this reporter is what sees them end.
    quietPhase().runStarted(specifications.map((s) => s.moduleId));
    this.heartbeat = setInterval(() => {
      if (Date.now() - this.lastLine < HEARTBEAT_MS) return;
      const failed = this.results.filter((r) => r.state === 'failed' || r.state === 'broken').length;
      this.print(`${this.results.length} checks done so far, ${failed} failed or broken`);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private print(line: string): void {
    this.lastLine = Date.now();
    const seconds = ((this.lastLine - this.started) / 1000).toFixed(1);
    process.stdout.write(`  [${seconds.padStart(6)} s] ${line}\n`);
  }

  onTestCaseResult(test: TestCase): void {
    const result = test.result();
    const meta = test.meta();
    const file = relative(ROOT, test.module.moduleId);
    let state: CheckResult['state'] = 'passed';
    let note: string | undefined;
    if (result.state === 'skipped') {
      // Without a note the check was filtered out (--rules, --shard): not part of this run at all.
      if (result.note === undefined && meta.skipReason === undefined) return;
      state = 'skipped';
      note = meta.skipReason ?? (/cancel|abort/i.test(result.note ?? '') ? 'interrupted: the run was stopped before this check started' : (result.note ?? 'skipped'));
    } else if (result.state === 'failed') {
      ({ state, note } = verdictOf(result.errors ?? []));
    } else if (meta.note !== undefined) {
      note = meta.note;
      this.print(`passed ${test.name}: ${note}`);
    }
    const rules = meta.rules ?? [];
    this.byId.set(test.id, {
      title: test.name,
      file,
      area: meta.area ?? basename(dirname(file)),
      rules,
      state,
      note,
      durationMs: test.diagnostic()?.duration ?? 0,
      ...judgementFields(state, rules, meta.judgement),
    });
    this.charge(test.name, file, meta.judgement);
  }

  private charge(metBy: string, file: string, judgement: CheckJudgement | undefined): void {
    for (const c of judgement?.charged ?? []) {
      const key = `${c.rule}\n${c.kind}`;
      if (this.charged.has(key)) continue;
      const title = `[${c.rule}] ${c.title}`;
      this.charged.set(key, { title, file, area: getRule(c.rule).area, rules: [c.rule], state: 'failed', note: c.message, durationMs: 0, metBy, ...(c.curl ? { curl: c.curl } : {}) });
      this.print(`failed ${title}: ${c.message.split('\n')[0]}`);
    }
  }

  onTestModuleEnd(module: TestModule): void {
    quietPhase().fileEnded(module.moduleId);
    const file = relative(ROOT, module.moduleId);
    const mine = this.results.filter((r) => r.file === file);
    const count = (s: string) => mine.filter((r) => r.state === s).length;
    // The failures themselves are listed once, in the summary at the end.
    this.print(`${file}: ${mine.length} checks, ${count('passed')} passed, ${count('failed')} failed, ${count('broken')} broken, ${count('skipped')} skipped`);
  }

  onTestRunEnd(): void {
    clearInterval(this.heartbeat);
    const dir = readRunEnv('reportDir') ?? 'reports';
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/checks.json`, JSON.stringify([...this.results, ...this.charged.values()], null, 2));
  }
}

/** What checks.json keeps of a check's record: judged rules and evidence of a pass, the rules it did not exercise. */
function judgementFields(state: CheckResult['state'], rules: readonly string[], judgement: CheckJudgement | undefined): Pick<CheckResult, 'judged' | 'notExercised' | 'evidence'> {
  if (!judgement) return state === 'passed' ? { judged: [...rules] } : {};
  const judged = state === 'passed' ? judgedRules(rules, judgement) : [];
  const notExercised = Object.fromEntries(Object.entries(judgement.notExercised).filter(([id]) => !judged.includes(id)));
  const evidence = Object.fromEntries(Object.entries(judgement.evidence).filter(([id]) => judged.includes(id)));
  return {
    ...(state === 'passed' ? { judged } : {}),
    ...(Object.keys(notExercised).length > 0 ? { notExercised } : {}),
    ...(Object.keys(evidence).length > 0 ? { evidence } : {}),
  };
}
