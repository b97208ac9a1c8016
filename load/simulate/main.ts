/**
 * `npm run load:simulate`: a population of customers against one target, each within its budget
 * of 2 requests per sliding second (open model), an operation mix over the spec's endpoints,
 * optionally flooding customers on top; verdicts on false refusals, errors, latency and the
 * flood's effect; result.json (mergeable across shards), report.html, Allure results.
 * `npm run load:simulate -- merge FILE...` merges the result files of shards.
 *
 * Without --base-url the bundled reference server runs in a child process with the population
 * created for the run (`--fault ID` injects a fault of the catalogue or of ./faults.ts); `--bare`
 * runs against a bare node:http server instead, which measures the load side's own ceiling.
 * `--record FILE` sends everything through the recording proxy and prints the passive judge's RATE
 * verdicts on the recording beside the simulator's. `--source-addresses SPEC` sends each
 * customer's requests from an address of its own (../source-addresses.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../../cli/command-line/usage.js';
import { buildAllureReport } from '../../cli/report/allure-report.js';
import { loadProfile } from '../../cli/target/target.js';
import { formatShard } from '../../harness-core/shard.js';
import { waitForStart } from './start-at.js';
import type { Customer } from './engine.js';
import { faultIds, findFault } from './faults.js';
import { percentiles } from './histograms.js';
import { renderReport } from './html-report.js';
import { startLocalTarget, type LocalTarget } from './local-target.js';
import { DEFAULT_CUSTOMERS, parseSimulateOptions, type SimulateOptions } from './options.js';
import { ENDPOINTS, OPERATION_SPECS } from './operations.js';
import { poolCustomers, readTokenFile, splitPopulation } from './population.js';
import { planForPopulation } from './plan.js';
import { provideProjects } from './project-setup.js';
import { mergeResults, readResult, writeResult, type SimulationResult } from './result-file.js';
import { SendBudget } from './send-budget.js';
import { simulate, type SimulationTarget } from './simulation.js';
import { writeAllureResult } from './allure-result.js';
import { exitCode, judge, verdictLabel, verdictLine } from './verdicts.js';
import { judgeRecording, type PassiveJudgement } from './passive-judgement.js';
import { compareRateVerdicts, formatRateComparison } from './rate-comparison.js';
import { startRecording, type SimulationRecording } from './recording.js';
import { runScript } from '../../cli/command-line/run-script.js';
import { parseServeOptions, serve } from './serve.js';
import { assertBindable, assertReachable, spreadLine } from '../source-addresses.js';
import { documentedLimit, laneLine, type DocumentedLimit } from './invalid-token-limit.js';
import { laneLines } from './invalid-token-table.js';

const log = (line: string) => console.log(line);

interface Prepared {
  target: SimulationTarget;
  local?: LocalTarget;
  recording?: SimulationRecording;
}

/** The recording proxy in front of `baseUrl` when --record asks for it. */
async function recordingOf(o: SimulateOptions, baseUrl: string): Promise<SimulationRecording | undefined> {
  if (o.record === undefined) return undefined;
  const recording = await startRecording(baseUrl, o.record);
  log(`recording every exchange through the proxy ${recording.baseUrl} into ${recording.file}`);
  return recording;
}

/** The documented limit the invalid-token lane is judged against: the flag's, else the profile's or the bundled server's. */
function laneLimit(o: SimulateOptions, from: Omit<Parameters<typeof documentedLimit>[0], 'flag'>): DocumentedLimit | undefined {
  const limit = documentedLimit({ flag: o.invalidTokenLimit, ...from });
  if (o.invalidBurst && !limit) throw new UsageError('--invalid-burst sends more than twice the documented limit per source address at once, and the run has no documented limit. Fix: --invalid-token-limit N/S as the target documents it, or a profile with limits.invalidTokenPerIp');
  return limit;
}

async function prepare(o: SimulateOptions): Promise<Prepared> {
  if (o.fault !== undefined && !findFault(o.fault)) throw new UsageError(`--fault ${o.fault}: unknown. Fix: one of ${faultIds().join(', ')}`);
  if (o.bare) {
    const local = await startLocalTarget({ customers: 0, flooders: 0, bare: true });
    const count = o.customers ?? DEFAULT_CUSTOMERS;
    const fake = (k: number): Customer => ({ token: `bare-${k}`, readKey: 'abcdefghi', writeKey: 'abcdefghi' });
    return { local, target: { baseUrl: local.baseUrl, kind: 'bare', customers: Array.from({ length: count }, (_, k) => fake(k)), flooders: Array.from({ length: o.flooders }, (_, k) => fake(count + k)), populationFlooders: o.flooders } };
  }
  if (!o.baseUrl && !o.profile && !o.tokens) {
    const count = o.customers ?? DEFAULT_CUSTOMERS;
    log(`starting the bundled server with ${count} customers (each a calculable and a writable project) and ${o.flooders} flooding ...`);
    const local = await startLocalTarget({ customers: count, flooders: o.flooders, fault: o.fault });
    const opened = async () => ({ invalidTokenLimit: laneLimit(o, { bundled: local.invalidTokenLimit }), recording: await recordingOf(o, local.baseUrl) });
    const { invalidTokenLimit, recording } = await opened().catch(async (error: unknown) => {
      await local.close();
      throw error;
    });
    return { local, ...(recording && { recording }), target: { baseUrl: local.baseUrl, via: recording?.baseUrl, kind: 'bundled', fault: o.fault, customers: local.customers ?? [], flooders: local.flooders ?? [], populationFlooders: o.flooders, invalidTokenLimit } };
  }
  const profile = o.profile ? loadProfile(o.profile) : undefined;
  const baseUrl = (o.baseUrl ?? profile?.baseUrl ?? '').replace(/\/+$/, '');
  if (!baseUrl) throw new UsageError(`profile ${o.profile} has no baseUrl. Fix: give --base-url URL`);
  // Before the setup's requests: a burst without a limit is refused first.
  const invalidTokenLimit = laneLimit(o, { profile: o.profile === undefined ? undefined : { path: o.profile, limit: profile?.limits?.invalidTokenPerIp } });
  const listed = o.tokens ? readTokenFile(o.tokens) : poolCustomers(profile as NonNullable<typeof profile>, o.profile as string);
  const all = listed.slice(0, o.customers ?? listed.length);
  const { customers, flooders, places } = splitPopulation(all, o.flooders, o.shard);
  const paced = all.length - o.flooders;
  log(`${paced} customers can make at most ${paced * 2} requests per second within their budgets${o.shard ? `; shard ${formatShard(o.shard)} takes ${customers.length} of them and ${flooders.length} of ${o.flooders} flooding` : ''}`);
  const budget = new SendBudget(customers.length, o.marginMs);
  const postalCode = o.postalCode ?? profile?.resources?.postalCodes?.valid?.[0] ?? '10178';
  // Each customer's setup request leaves from its address: every address must reach the target first.
  if (o.sourceAddresses) await assertReachable(o.sourceAddresses, baseUrl);
  // The setup's requests count on the target like the load's: the recording must hold them too.
  const recording = await recordingOf(o, baseUrl);
  const setup = await provideProjects({ baseUrl: recording?.baseUrl ?? baseUrl, sourceAddresses: o.sourceAddresses, customers, budget, readOnly: o.readOnly, postalCode, runId: new Date().toISOString(), log }).catch(async (error: unknown) => {
    await recording?.close();
    throw error;
  });
  return { ...(recording && { recording }), target: { baseUrl, via: recording?.baseUrl, kind: 'external', customers, flooders, places, populationCustomers: paced, populationFlooders: o.flooders, budget, setup, invalidTokenLimit } };
}

async function reachable(baseUrl: string): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/health`).catch((err: unknown) => err as Error);
  if (res instanceof Error) return `GET ${baseUrl}/health failed (${res.message})`;
  await res.body?.cancel();
  return res.ok ? undefined : `GET ${baseUrl}/health answered ${res.status}`;
}

function printSummary(result: SimulationResult, verdicts: ReturnType<typeof judge>, passive: PassiveJudgement | undefined): void {
  const { stats } = result;
  const seconds = Math.max(...result.runs.map((r) => r.durationSeconds), 1);
  log(`\n${'endpoint'.padEnd(36)} ${'requests'.padStart(9)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'429'.padStart(7)} ${'errors'.padStart(7)}`);
  for (const e of ENDPOINTS) {
    const s = stats.endpoints[e];
    if (s.sent === 0) continue;
    const p = percentiles(s.latency);
    log(`${OPERATION_SPECS[e].label.padEnd(36)} ${String(s.sent).padStart(9)} ${(s.sent / seconds).toFixed(1).padStart(7)} ${p.p50.toFixed(1).padStart(8)} ${p.p95.toFixed(1).padStart(8)} ${p.p99.toFixed(1).padStart(8)} ${p.max.toFixed(1).padStart(8)} ${String(s.refused).padStart(7)} ${String(s.errors).padStart(7)}`);
  }
  for (const l of stats.loadSide) {
    const lag = percentiles(l.lag);
    log(
      `load side ${l.shard}: ${l.sent} requests sent in ${(l.wallMs / 1000).toFixed(1)} s (${((l.sent * 1000) / l.wallMs).toFixed(0)}/s); scheduler ${((l.schedulerMs * 1000) / Math.max(1, l.fired)).toFixed(1)} µs and dispatch ${((l.dispatchMs * 1000) / Math.max(1, l.fired)).toFixed(1)} µs per request; process CPU ${((l.cpuMs / l.wallMs) * 100).toFixed(0)} % of a core, event loop busy ${(l.eventLoopBusy * 100).toFixed(0)} %; lag p50 ${lag.p50.toFixed(2)} ms p99 ${lag.p99.toFixed(2)} ms max ${lag.max.toFixed(1)} ms; ${l.deferred} arrivals deferred by the budget, ${l.droppedInFlight} dropped`,
    );
  }
  for (const line of laneLines(result)) log(line);
  for (const e of stats.invalidTokens.examples.slice(0, 2)) log(`invalid-token lane:\n  ${e.replace(/\n/g, '\n  ')}`);
  for (const e of stats.refusals.examples.slice(0, 2)) log(`false refusal:\n  ${e.replace(/\n/g, '\n  ')}`);
  for (const e of stats.errorExamples.slice(0, 5)) log(`error: ${e}`);
  log('');
  for (const v of verdicts) log(`${verdictLabel(v).padEnd(9)} ${v.name}: ${v.detail}`);
  if (passive) log(`\n${formatRateComparison(compareRateVerdicts(result, passive), passive).join('\n')}`);
}

async function writeReports(o: SimulateOptions, result: SimulationResult, started: number, passive?: PassiveJudgement): Promise<number> {
  const verdicts = judge(result);
  const dir = resolve(o.reportDir);
  mkdirSync(dir, { recursive: true });
  writeResult(join(dir, 'result.json'), result);
  const html = renderReport(result, verdicts);
  writeFileSync(join(dir, 'report.html'), html);
  printSummary(result, verdicts, passive);
  if (o.allure) {
    const shards = result.runs.map((r) => r.shard).filter((s) => s !== null);
    const name = `population of ${result.runs.reduce((n, r) => n + r.customers, 0)} customers${shards.length ? ` (shards ${shards.join(', ')})` : ''}`;
    // The directory holds this run only: an earlier run's result would show up as a second test.
    rmSync(join(dir, 'allure-results'), { recursive: true, force: true });
    writeAllureResult({ dir: join(dir, 'allure-results'), name, start: started, stop: Date.now(), verdicts, html });
    await buildAllureReport(join(dir, 'allure-results'), join(dir, 'allure-report'), 'cpf-conformance load simulation');
  }
  const code = exitCode(verdicts);
  log(`\nverdict: ${verdictLine(verdicts)}; report ${join(dir, 'report.html')}, result ${join(dir, 'result.json')}${o.allure ? `, Allure ${join(dir, 'allure-report/index.html')}` : ''}`);
  return code;
}

async function main(): Promise<number> {
  if (process.argv[2] === 'serve') return serve(parseServeOptions(process.argv.slice(3)), log);
  const o = parseSimulateOptions(process.argv.slice(2));
  const started = Date.now();
  if (o.command === 'merge') {
    const merged = mergeResults(o.files.map(readResult));
    log(`merged ${o.files.length} result files: ${merged.runs.map((r) => `${r.shard ?? 'whole'} (${r.customers} customers)`).join(', ')}`);
    return writeReports(o, merged, started);
  }
  // Before the target: a bundled population of thousands takes a while to create.
  if (o.sourceAddresses) await assertBindable(o.sourceAddresses);
  const { target, local, recording } = await prepare(o);
  try {
    const unreachable = await reachable(target.baseUrl);
    if (unreachable) {
      log(`target unreachable: ${unreachable}`);
      return 3;
    }
    if (o.sourceAddresses) {
      // An external target's were checked before its setup (prepare).
      if (local) await assertReachable(o.sourceAddresses, target.baseUrl);
      log(spreadLine(o.sourceAddresses, target.customers.length + target.flooders.length, 'customer'));
    }
    // Fitted to the whole population, not a shard's part: every shard then plans with the same knobs.
    const plan = planForPopulation({ customers: target.populationCustomers ?? target.customers.length, flooders: target.populationFlooders, durationSeconds: o.durationSeconds, rate: o.rate, busyShare: o.busyShare, marginMs: o.marginMs, floodPhaseSeconds: o.floodPhaseSeconds, warmUpSeconds: o.warmUpSeconds, given: o.given });
    o.rate = plan.rate;
    o.busyShare = plan.busyShare;
    o.floodPhaseSeconds = plan.floodPhaseSeconds;
    o.warmUpSeconds = plan.warmUpSeconds;
    for (const line of plan.lines) log(line);
    if (o.invalidRate > 0 || o.invalidBurst) {
      log(laneLine({ ratePerSecond: o.invalidRate, addresses: o.sourceAddresses?.length ?? 1, burst: o.invalidBurst, limit: target.invalidTokenLimit }));
    }
    log(
      `load:simulate against ${target.baseUrl}${target.via ? ` through the recording proxy ${target.via}` : ''}${target.fault ? ` with fault ${target.fault}` : ''} (${target.kind}): ${target.customers.length} customers (${(o.busyShare * 100).toFixed(1)} % using their whole budget, the others ${o.rate}/s on average), ${target.flooders.length} flooding at ${o.floodRate}/s for ${o.floodPhaseSeconds} s in every ${o.floodPhaseSeconds * 3} s, ${o.durationSeconds} s (the first ${o.warmUpSeconds} s a warm-up), seed ${o.seed}`,
    );
    if (o.startAt !== undefined) await waitForStart(o.startAt, log);
    const result = await simulate(target, o, log);
    log(`planned ${result.runs[0]?.plannedPerSecond.toFixed(0)} requests/s (the customers' budgets allow ${result.runs[0]?.budgetPerSecond})`);
    let passive: PassiveJudgement | undefined;
    if (recording) {
      await recording.close();
      log(`judging the recording ${recording.file} passively ...`);
      passive = await judgeRecording(recording.file);
    }
    return await writeReports(o, result, started, passive);
  } finally {
    await recording?.close();
    await local?.close();
  }
}

runScript(main);
