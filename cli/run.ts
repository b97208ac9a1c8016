import type { KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createVitest, type Vitest } from 'vitest/node';
import { withoutVitestSignalExits } from './vitest-signals.js';
import { warmCheckModules } from './checks-warmup.js';
import type { CheckResult } from '../harness-core/check-result.js';
import { emptyShardWarning, formatShard, profileOfShard } from '../harness-core/shard.js';
import type { RunStats } from '../harness-core/pacer-server.js';
import type { RunSelection } from './rules-matrix/selection.js';
import { writeTraceability } from './rules-matrix/traceability.js';
import { buildAllureReport } from './report/allure-report.js';
import { HISTORY_FILE } from './report/allure-history.js';
import { applyExpectations, loadExpectations, unmatchedEntries } from './expectations.js';
import { estimateFloor, formatEstimate, loadDemandTable, waitLimitSeconds } from './floor-estimate.js';
import { INVALID_TOKEN_LANE } from '../harness-core/invalid-token-lane.js';
import { markKnownFailuresSkipped } from './report/junit-expectations.js';
import { rulesPattern, type RunOptions } from './options.js';
import { exitCodeFor, formatSummary, summarize, type RunSummary } from './report/summary.js';
import type { PreparedTarget } from './target/prepared-target.js';
import { writeRunEnv, type RunEnv } from '../harness-core/run-env.js';
import { getRule } from '../spec/rules/catalog.js';
import { formatDoubt, type PreflightDoubt } from './preflight.js';
import { withAddedSuite, writeAddedResults } from './report/added-failures.js';
import { statementPath, writeStatement } from './statement/write-statement.js';

const CONFIG = resolve(import.meta.dirname, '../vitest.conformance.config.ts');

/** Exit code of a run stopped by SIGINT/SIGTERM (128 + SIGINT), as shells report Ctrl-C. */
export const INTERRUPTED_EXIT_CODE = 130;

/** The exploration budget for the workers; the seed is drawn here so the run can print it for a replay. */
function exploreEnv(options: RunOptions, log: (line: string) => void): Pick<RunEnv, 'exploreSeed'> & Partial<Pick<RunEnv, 'exploreRuns' | 'exploreSeconds'>> {
  const seed = options.seed ?? Math.floor(Math.random() * 0x7fffffff);
  const selected = options.areas.length === 0 || options.areas.includes('explore');
  if (selected && !options.readOnly) log(`explore: seed ${seed} (replay with --seed ${seed})`);
  // Undefined removes what an earlier run of a long-lived fault-runner process left.
  return { exploreSeed: seed, exploreRuns: options.exploreRuns, exploreSeconds: options.exploreSeconds };
}

/** The files of the checks selected: vitest's filters. */
const checkFilters = (options: RunOptions) => [...options.areas.map((area) => `suites/${area}/`), ...options.files];

/** Vitest made for a run before its target is ready (createChecksRunner). */
export interface ChecksRunner {
  readonly vitest: Vitest;
  readonly reportDir: string;
  readonly statsFile: string;
}

/**
 * Vitest for the run's checks, made while the target starts and the preflight asks it (cli.ts):
 * loading its config and the vite server is the kit's own work, which then lies on neither the
 * checks' run nor the way to it. What the config reads when it loads (the report folder) is set
 * here; the target's entries of the run env are read when the checks start.
 */
export async function createChecksRunner(options: RunOptions): Promise<ChecksRunner> {
  const reportDir = resolve(options.reportDir);
  for (const sub of ['allure-results', 'allure-report']) rmSync(join(reportDir, sub), { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const statsFile = join(reportDir, 'run-stats.json');
  rmSync(statsFile, { force: true });
  writeRunEnv({ reportDir, statsFile });
  const pattern = rulesPattern(options.rules);
  // As vitest's own startVitest does; created by hand so an interrupt can cancel the running checks.
  process.env.TEST = 'true';
  process.env.VITEST = 'true';
  process.env.NODE_ENV ??= 'test';
  const vitest = await withoutVitestSignalExits(() => createVitest('test', {
    config: CONFIG,
    // Loaded in memory: the default bundles it to a file beside it, which an installed kit's
    // folder (the kit image's, a global install) does not let the user write.
    configLoader: 'runner',
    run: true,
    watch: false,
    passWithNoTests: true,
    ...(pattern ? { testNamePattern: pattern } : {}),
    ...(options.shard ? { shard: formatShard(options.shard) } : {}),
    ...(options.workers ? { maxWorkers: options.workers } : {}),
  }));
  // Not awaited: the checks take what is done when they start; a run closed before that cuts it short.
  warmCheckModules(vitest, checkFilters(options)).catch(() => undefined);
  return { vitest, reportDir, statsFile };
}

/**
 * Runs the suites against a prepared target and writes every report; returns the exit code. When
 * `interrupt` fires, the checks stop and the reports of what finished are still written, with the
 * checks that were cut off marked as interrupted.
 */
export async function runConformance(
  options: RunOptions,
  target: PreparedTarget,
  runner: ChecksRunner,
  log: (line: string) => void,
  interrupt?: AbortSignal,
  doubts: readonly PreflightDoubt[] = [],
  signKey?: KeyObject,
): Promise<{ code: number; summary: RunSummary }> {
  const { vitest, reportDir, statsFile } = runner;
  // A malformed expectations file is a usage error before any check runs.
  const expected = options.expect ? loadExpectations(options.expect) : undefined;

  const explore = exploreEnv(options, log);
  writeRunEnv({
    profilePath: target.profilePath,
    baseUrl: target.baseUrl,
    recordedUpstream: target.recordedUpstream,
    readOnly: options.readOnly,
    runId: `cpf-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    // The global setup gives the workers this shard's part of the customer pool.
    shard: options.shard ? formatShard(options.shard) : '',
    ...explore,
  });
  const emptyShard = emptyShardWarning(target.profile, options.shard);
  if (emptyShard) log(emptyShard);
  const table = loadDemandTable();
  const profile = profileOfShard(target.profile, options.shard);
  // Checks of other files or rules than the table's areas cannot be told apart: the whole run's estimate bounds the waits then.
  const estimate = estimateFloor(profile, table, options.areas);
  const comparable = options.rules.length + options.files.length === 0 && !options.shard;
  if (comparable) log(formatEstimate(estimate));
  writeRunEnv({
    expectedRoleRequests: estimate.roleRequests,
    leadAreas: estimate.leadAreas,
    laneLeads: estimate.busiest === INVALID_TOKEN_LANE,
    waitLimitSeconds: waitLimitSeconds(comparable ? estimate : estimateFloor(profile, table)),
  });

  const filters = checkFilters(options);
  log(`running checks${options.areas.length ? ` of ${options.areas.join(', ')}` : ''}${options.rules.length ? ` for rules ${options.rules.join(', ')}` : ''}${options.shard ? ` (shard ${formatShard(options.shard)})` : ''}`);
  // The checks' run: from here to vitest's close (the wall time the floor is compared with).
  const started = performance.now();
  // The global setup (same process, its own module instance) stops the pacer on it.
  (globalThis as { cpfInterrupt?: AbortSignal }).cpfInterrupt = interrupt;
  const cancel = () => {
    log('interrupted: stopping the checks, writing the reports of what finished');
    // Vitest rejects the cancel when a worker is still starting ("The worker thread was torn down or
    // never initialized"): left unhandled, its own handler would end the process before any report.
    vitest.cancelCurrentRun('keyboard-input').catch((error: unknown) => log(`while stopping the checks: ${error instanceof Error ? error.message : String(error)}`));
  };
  if (interrupt?.aborted) cancel();
  interrupt?.addEventListener('abort', cancel, { once: true });
  try {
    await vitest.start(filters);
  } finally {
    interrupt?.removeEventListener('abort', cancel);
  }
  // A file that fails before registering checks (e.g. an unknown rule ID) must not vanish from the summary.
  const collectionErrors: CheckResult[] = vitest.state
    .getFiles()
    .filter((f) => f.result?.state === 'fail' && f.tasks.length === 0)
    .map((f) => ({
      title: `collection of ${f.name}`,
      file: f.name,
      area: f.name.split('/')[1] ?? 'unknown',
      rules: [],
      state: 'broken',
      note: f.result?.errors?.[0]?.message?.split('\n')[0] ?? 'collection failed',
      durationMs: 0,
    }));
  await vitest.close();
  const wallSeconds = (performance.now() - started) / 1000;

  const checksFile = join(reportDir, 'checks.json');
  const checks: CheckResult[] = [
    ...(existsSync(checksFile) ? (JSON.parse(readFileSync(checksFile, 'utf8')) as CheckResult[]) : []),
    ...collectionErrors,
    ...doubts.map(preflightFailure),
  ];
  const stats: RunStats = existsSync(statsFile)
    ? (JSON.parse(readFileSync(statsFile, 'utf8')) as RunStats)
    : { startedAt: 0, requestsByCustomer: {}, unintended429: [], createdProjects: [] };

  const preflightFailures = doubts.map(preflightFailure);
  const charged = checks.filter((c) => c.metBy !== undefined);
  writeAddedResults(join(reportDir, 'allure-results'), [...preflightFailures, ...charged]);
  const junitPath = join(reportDir, 'junit.xml');
  if (existsSync(junitPath)) writeFileSync(junitPath, withAddedSuite(withAddedSuite(readFileSync(junitPath, 'utf8'), 'preflight', preflightFailures), 'charged to the rule broken', charged));
  const historyFile = resolve(options.allureHistory ?? join(reportDir, HISTORY_FILE));
  const allureOk = options.html && (await buildAllureReport(join(reportDir, 'allure-results'), join(reportDir, 'allure-report'), `cpf-conformance: ${target.baseUrl}`, historyFile));
  const selection: RunSelection = { rules: options.rules, areas: options.areas, files: options.files, ...(options.shard ? { shard: formatShard(options.shard) } : {}) };
  writeFileSync(join(reportDir, 'selection.json'), JSON.stringify(selection, null, 2));
  const traceability = writeTraceability(checks, join(reportDir, 'traceability.md'), selection);
  const reports: Record<string, string> = {
    'allure HTML': allureOk ? join(reportDir, 'allure-report', 'index.html') : options.html ? '(allure generate failed)' : '(skipped: --no-html)',
    ...(allureOk ? { 'allure history': `${historyFile} (every HTML report appends its run; --allure-history FILE keeps it elsewhere)` } : {}),
    'allure results': join(reportDir, 'allure-results'),
    junit: join(reportDir, 'junit.xml'),
    summary: join(reportDir, 'summary.json'),
    traceability: `${traceability.path} (${traceability.selected} testable rules selected, ${traceability.uncovered.length} without a check)`,
    statement: `${statementPath(reportDir)} (verify: npm run conformance -- verify ${reportDir})`,
  };
  const expectations = expected ? applyExpectations(checks, expected) : undefined;
  const junitFile = join(reportDir, 'junit.xml');
  if (expectations?.known.length && existsSync(junitFile)) writeFileSync(junitFile, markKnownFailuresSkipped(readFileSync(junitFile, 'utf8'), expectations.known));
  const unrestricted = options.rules.length + options.areas.length + options.files.length === 0 && !options.shard;
  const unknownEntries = expected && unrestricted ? unmatchedEntries(checks, expected) : [];
  const summary = summarize({
    target: target.baseUrl,
    readOnly: options.readOnly,
    checks,
    stats,
    wallSeconds,
    reports,
    ...(comparable ? { expectedFloorSeconds: estimate.planSeconds } : {}),
    ...(profile.limits?.invalidTokenPerIp ? { invalidTokenLimit: profile.limits.invalidTokenPerIp } : {}),
    ...(expectations ? { expectations } : {}),
  });
  writeFileSync(join(reportDir, 'summary.json'), JSON.stringify(summary, null, 2));
  await writeStatement(
    {
      reportDir,
      checks,
      baseUrl: target.baseUrl,
      profilePath: target.profilePath,
      profile: target.profile,
      selection: { ...selection, readOnly: options.readOnly, exploreSeed: explore.exploreSeed, ...(options.expect ? { expectations: options.expect } : {}) },
      counts: summary.totals,
      wallSeconds,
      floorSeconds: summary.pacingFloorSeconds,
    },
    signKey,
  );
  log(formatSummary(summary));
  if (doubts.length > 0) log(`preflight, each answer read both ways:\n  ${doubts.map(formatDoubt).join('\n  ')}`);
  let code = exitCodeFor(summary);
  if (unknownEntries.length > 0) {
    log(`--expect ${options.expect}: no check of this kit has these titles: ${unknownEntries.join('; ')}. Fix: copy titles from reports/checks.json`);
    code = 2;
  }
  if (checks.length === 0) {
    const filtered = options.rules.length + options.areas.length + options.files.length > 0;
    log(filtered ? 'no checks ran: --rules, --area and --file together match no check. Fix: widen the filters (docs/rules.md lists every rule)' : 'no checks ran: the suites could not be collected');
    code = filtered ? 2 : Math.max(code, 3);
  }
  return { code, summary };
}

/** A doubt of the preflight fails its rules with the preflight's evidence, whatever the checks found. */
function preflightFailure(d: PreflightDoubt): CheckResult {
  return {
    title: `[${d.rules.join(' ')}] preflight: ${d.evidence}`,
    file: 'preflight',
    area: getRule(d.rules[0] as string).area,
    rules: d.rules,
    state: 'failed',
    note: formatDoubt(d),
    durationMs: 0,
  };
}
