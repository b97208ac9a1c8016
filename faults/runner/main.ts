import { randomInt } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CheckResult } from '../../harness-core/check-result.js';
import { rules } from '../../spec/rules/catalog.js';
import type { RunSummary } from '../../cli/report/summary.js';
import { faultAllowList } from '../allow-list.js';
import { faults } from '../catalog/index.js';
import { catalogueProblems, faultCoverage, formatCoverage } from './coverage.js';
import type { Fault } from '../fault.js';
import { judgeFault, type FaultVerdict } from './fault-verdict.js';
import { startCliWorker, type CliWorker } from './cli-worker-process.js';
import { runCliAgainstFault } from './faulted-run.js';
import { checkNotes, failsRun, outcomeWord, selectFaults } from './measure-only.js';
import { suiteFilesFor } from './suite-files.js';
import { isExact, judgePassively, passiveExactness, TRAFFIC_FILE, type PassiveFaultVerdict } from './passive-verdict.js';
import { exactnessLine, rejudgeRecorded } from './rejudge.js';
import { numberFlag } from '../../cli/command-line/number-flag.js';
import { parseCommandLine } from '../../cli/command-line/flags.js';
import { runScript } from '../../cli/command-line/run-script.js';
import { UsageError } from '../../cli/command-line/usage.js';
import { STATEMENT_FILE, verifyStatement } from '../../cli/statement/verify-statement.js';
import type { RunStats } from '../../harness-core/pacer-statistics.js';
import { INVALID_TOKEN_LANE } from '../../harness-core/invalid-token-lane.js';

/**
 * `npm run faults [-- --only ID ... --jobs N]`: for each fault, a reference server with that
 * fault (fresh database, demo seed), and the conformance CLI against it as an external target,
 * limited to the rules the fault breaks. A fault is caught when, for each rule it names, at least
 * one check of that rule fails (exit 1); broken checks never catch it: they judged nothing about
 * the target. A fault only the exploration finds gets up to SEQUENCE_SEARCHES seeds. A
 * measure-only fault (Fault.measureOnly) runs only when named, and is reported found or not found,
 * with its checks' notes, without failing the run.
 */
interface Outcome {
  fault: Fault;
  caught: boolean;
  code: number | null;
  byRule: FaultVerdict['byRule'];
  broken: string[];
  /** Why the run's statement.json does not verify, where the runner verifies it. */
  unverified: string[];
  /** What the checks of its rules said, for a measure-only fault; the seeds searched, for a sequence fault. */
  notes: string[];
  /** The passive judge on the traffic of the run. */
  passive: PassiveFaultVerdict;
  seconds: number;
}

const ROOT = resolve(import.meta.dirname, '../..');

const FAULTS_COMMAND = {
  usage: 'Usage: npm run faults -- [--only ID[,ID]] [--jobs N] [--coverage] [--rejudge DIR]',
  flags: {
    only: { type: 'string', multiple: true, placeholder: 'ID[,ID]', description: 'run only these faults (repeatable; IDs in faults/catalog; the only way to run a measure-only one)' },
    jobs: { type: 'string', placeholder: 'N', description: 'faults run at once (default 4)' },
    coverage: { type: 'boolean', description: 'print which testable rules have a fault, run none' },
    rejudge: { type: 'string', placeholder: 'DIR', description: 'run no fault: judge passively the traffic an earlier run recorded (DIR/<id>/exchanges.jsonl, e.g. reports/faults)' },
  },
} as const;

function parseOptions(argv: readonly string[]): { only: string[]; jobs: number; coverage: boolean; rejudge: string | undefined } {
  const { values } = parseCommandLine(argv, FAULTS_COMMAND);
  const only = (values.only ?? []).flatMap((ids) => ids.split(','));
  // Fault runs mostly wait (pacing, server answers); more of them than cores keeps the CPU busy.
  const jobs = values.jobs === undefined ? 4 : numberFlag('--jobs', values.jobs, { min: 1, integer: true });
  const unknown = only.filter((id) => !faults.some((f) => f.id === id));
  if (unknown.length) throw new UsageError(`--only: unknown fault(s) ${unknown.join(', ')}. Fix: IDs from faults/catalog: ${faults.map((f) => f.id).join(', ')}`);
  return { only, jobs, coverage: values.coverage === true, rejudge: values.rejudge === undefined ? undefined : resolve(values.rejudge) };
}

/**
 * The exploration draws its sequences at random, so one search of the default budget meets the
 * pattern a sequence fault needs in most runs, not in all (a third room created with a height:
 * about one sequence of seven, so 24 sequences miss it about once in forty). The passive judge
 * needs a pattern of its own in the same traffic (PROJ-102: a read of the project, the PATCH and
 * the next read with nothing but reads and project PATCHes between them), which a seed's sequences
 * can lack where the exploration's own model still catches the fault. A fault one search missed,
 * or whose traffic did not show the judge a rule only missed (not one charged wrongly), gets
 * searches with fresh seeds, up to this many in all; its outcome names every seed.
 */
const SEQUENCE_SEARCHES = 3;

async function runFault(fault: Fault, cli: CliWorker): Promise<Outcome> {
  if (fault.foundBy !== 'sequences') return runFaultOnce(fault, cli, []);
  const earlier: string[] = [];
  let seconds = 0;
  for (;;) {
    const seed = randomInt(0x7fffffff);
    const outcome = await runFaultOnce(fault, cli, ['--seed', String(seed)]);
    seconds += outcome.seconds;
    const unshown = outcome.caught ? missedPassivelyOnly(outcome) : [];
    if ((outcome.caught && unshown.length === 0) || outcome.broken.length > 0 || earlier.length + 1 >= SEQUENCE_SEARCHES) {
      const before = earlier.length ? ` (after ${earlier.join('; ')})` : '';
      const note = `${outcome.caught ? 'found' : 'missed'} by the exploration with seed ${seed}${before}`;
      return { ...outcome, notes: [...outcome.notes, note], seconds };
    }
    earlier.push(outcome.caught ? `seed ${seed}, whose traffic did not show the passive judge ${unshown.join(' ')}` : `seed ${seed}, which missed it`);
  }
}

/** The rules the passive judge missed, where it did nothing else it should not (a sign of traffic that lacked the pattern, not of a judge charging the wrong rule); none otherwise. */
function missedPassivelyOnly(outcome: Outcome): string[] {
  const e = passiveExactness(outcome.fault, outcome.passive);
  return e.misCharged.length === 0 && e.observedOtherwise.length === 0 ? e.missed : [];
}

async function runFaultOnce(fault: Fault, cli: CliWorker, extraArgs: readonly string[]): Promise<Outcome> {
  const started = performance.now();
  const reportDir = join(ROOT, 'reports/faults', fault.id);
  const trafficFile = join(reportDir, TRAFFIC_FILE);
  rmSync(trafficFile, { force: true });
  const { code, output } = await runCliAgainstFault(fault, [
    // A fault may break what the preflight relies on (a role's answer, GET /health); the checks judge it.
    '--report-dir', reportDir, '--no-html', '--no-preflight', '--record', trafficFile,
    // Fault runs share the cores four at a time: a worker per suite file would load the suites
    // once more for each, which costs more CPU than running a fault's few files one after another.
    '--workers', '1',
    ...runRules(fault).flatMap((r) => ['--rules', r]),
    ...suiteFilesFor(ROOT, runRules(fault), fault.foundBy === 'sequences').flatMap((f) => ['--file', f]),
    ...extraArgs,
  ], cli);
  const summaryFile = join(reportDir, 'summary.json');
  const checksFile = join(reportDir, 'checks.json');
  const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary) : undefined;
  const checks = existsSync(checksFile) ? (JSON.parse(readFileSync(checksFile, 'utf8')) as CheckResult[]) : [];
  const broken = summary?.failed.filter((f) => f.state === 'broken').map((f) => `${f.title}: ${f.note}`) ?? [];
  if (!summary) broken.push(`no summary written (exit ${code}):\n${output.slice(-2000)}`);
  const { caught, byRule } = judgeFault(fault, checks, code);
  const notes = fault.measureOnly === undefined ? [] : [...checkNotes(fault, checks), ...settingNotes(fault, reportDir)];
  // A failing exploration lane is a failure of only the rules it exercised: the statement of such
  // a run must say so in a way its verifier reads from the result files alone.
  const unverified = fault.foundBy === 'sequences' && existsSync(join(reportDir, STATEMENT_FILE)) ? verifyStatement(reportDir).reasons : [];
  const passive = await judgePassively(fault, trafficFile);
  return { fault, caught, code, byRule, broken, unverified, notes, passive, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<number> {
  const { only, jobs, coverage: coverageOnly, rejudge } = parseOptions(process.argv.slice(2));
  const problems = catalogueProblems(faults, rules, faultAllowList);
  if (problems.length) throw new Error(`the fault catalogue is inconsistent:\n  ${problems.join('\n  ')}`);
  const coverage = faultCoverage(faults, rules, faultAllowList);
  if (coverageOnly) {
    console.log(formatCoverage(coverage));
    if (coverage.uncovered.length) console.log(`without a fault or allow-list entry: ${coverage.uncovered.join(' ')}`);
    return 0;
  }
  const selected = selectFaults(faults, only);
  if (rejudge !== undefined) {
    const results = await rejudgeRecorded(rejudge, selected, (line) => console.log(line));
    const inexact = results.filter((r) => !isExact(r.exactness));
    console.log(`\npassive judge on the recorded traffic of ${results.length} faults in ${rejudge}: ${results.length - inexact.length} exact, ${inexact.length} inexact${inexact.length ? ` (${inexact.map((r) => r.fault.id).join(', ')})` : ''}`);
    return inexact.length === 0 ? 0 : 1;
  }
  console.log(`running ${selected.length} faults, ${jobs} at a time`);
  const started = performance.now();
  const outcomes: Outcome[] = [];
  const runQueue = async (queue: Fault[], parallel: number) =>
    Promise.all(
      Array.from({ length: Math.min(parallel, queue.length) }, async () => {
        const cli = startCliWorker();
        try {
          for (let fault = queue.shift(); fault; fault = queue.shift()) {
            const outcome = await runFault(fault, cli);
            outcomes.push(outcome);
            const proven = outcome.byRule.filter((r) => r.failedChecks.length > 0).length;
            console.log(`  ${outcomeWord(fault, outcome.caught).padEnd(7)} ${fault.id} (${outcome.seconds.toFixed(1)} s, ${proven} of ${fault.rules.length} rules proven${passiveText(outcome.passive)}) [${outcomes.length}/${selected.length}]`);
          }
        } finally {
          await cli.close();
        }
      }),
    );
  await runQueue(longestFirst(selected.filter((f) => !f.timing)), jobs);
  await runQueue(selected.filter((f) => f.timing), 1);
  outcomes.sort((a, b) => selected.indexOf(a.fault) - selected.indexOf(b.fault));
  console.log('\nfault -> caught by');
  for (const o of outcomes) {
    console.log(`${outcomeWord(o.fault, o.caught).padEnd(8)} ${o.fault.id}: ${o.fault.description} [${o.fault.rules.join(' ')}]`);
    if (o.fault.measureOnly !== undefined) console.log(`           measure-only: ${o.fault.measureOnly}`);
    for (const r of o.byRule) {
      if (r.failedChecks.length === 0) console.log(`           ${r.rule}: no check of this rule failed`);
      for (const title of r.failedChecks) console.log(`           ${r.rule}: ${title}`);
    }
    for (const n of o.notes) console.log(`           ${n}`);
    for (const b of o.broken) console.log(`           broken: ${b}`);
    for (const u of o.unverified) console.log(`           statement rejected: ${u}`);
    for (const other of o.passive.others) console.log(`           passive judge failed ${other.rule}${other.rule in (o.fault.passive?.alsoBreaks ?? {}) ? ', which the fault also breaks' : ', which the fault neither names nor declares'}: ${other.message}`);
  }
  const judged = outcomes.filter((o) => o.fault.measureOnly === undefined);
  const measured = outcomes.filter((o) => o.fault.measureOnly !== undefined);
  const escaped = outcomes.filter((o) => failsRun(o.fault, o.caught));
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const measuredText = measured.length ? `; measured only (never fails the run): ${measured.map((o) => `${o.fault.id} ${outcomeWord(o.fault, o.caught)}`).join(', ')}` : '';
  console.log(`\n${judged.length - escaped.length}/${judged.length} faults caught in ${minutes} min${escaped.length ? `; escaped: ${escaped.map((o) => o.fault.id).join(', ')}` : ''}${measuredText}`);
  console.log(formatCoverage(coverage));
  const decidable = judged.filter((o) => o.passive.decidable.length > 0);
  const foundPassively = decidable.filter((o) => o.passive.decidable.every((r) => o.passive.found.includes(r)));
  // The judge must do exactly what each fault declares of it (Fault.passive): fail the rules it
  // names, unless their traffic cannot show them, and nothing beyond the rules it also breaks.
  const inexact = judged.map((o) => ({ fault: o.fault, verdict: o.passive, exactness: passiveExactness(o.fault, o.passive) })).filter((r) => !isExact(r.exactness));
  console.log(`passive judge on the faults' traffic: ${foundPassively.length} of ${decidable.length} faults with a passively decidable rule found; ${judged.length - inexact.length} of ${judged.length} exactly as declared${inexact.length ? '' : ' (every other rule failed is one the fault also breaks)'}`);
  for (const r of inexact) console.log(`  ${exactnessLine(r)}`);
  const rejected = outcomes.filter((o) => o.unverified.length > 0);
  if (rejected.length) console.log(`statements that do not verify: ${rejected.map((o) => o.fault.id).join(', ')}`);
  return escaped.length === 0 && rejected.length === 0 && inexact.length === 0 ? 0 : 1;
}

/**
 * For a fault measured beside other rules' checks: when the quiet phase (the timing probes) began
 * and when the invalid-token lane sent, so the run shows the probes ran while the lane waited.
 */
function settingNotes(fault: Fault, reportDir: string): string[] {
  const statsFile = join(reportDir, 'run-stats.json');
  if (fault.alongside === undefined || !existsSync(statsFile)) return [];
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as RunStats;
  const lane = stats.busyByCustomer?.[INVALID_TOKEN_LANE];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `the quiet phase from ${stats.quietPhase ? seconds(stats.quietPhase.from) : '(never began)'}; the invalid-token lane sent from ${lane ? `${seconds(lane.first)} to ${seconds(lane.last)}` : '(never sent)'} of the checks' run`,
  ];
}

/** The rules whose checks a fault's run takes: its own, those that meet it, those run beside it. */
function runRules(fault: Fault): string[] {
  return [...fault.rules, ...(fault.metBy ?? []), ...(fault.alongside ?? [])];
}

/**
 * The faults that take longest go first (the exploration's sequences a minute each, the webhook's
 * waits for deliveries half of one), so that no job is left with one of them while the others idle.
 */
function longestFirst(queue: readonly Fault[]): Fault[] {
  const weight = (f: Fault) => (f.foundBy === 'sequences' ? 2 : f.rules.some((r) => r.startsWith('HOOK-')) ? 1 : 0);
  return [...queue].sort((a, b) => weight(b) - weight(a));
}

/** The passive judge's outcome on a fault's traffic, for its progress line. */
function passiveText(p: PassiveFaultVerdict): string {
  if (p.decidable.length === 0) return '';
  return `; passively ${p.found.length} of ${p.decidable.length}${p.others.length ? `, also ${p.others.map((o) => o.rule).join(' ')}` : ''}`;
}

runScript(main);
