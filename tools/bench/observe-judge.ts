/**
 * `npm run bench:observe-judge -- [--from FILE] [--exchanges 100000] [--rounds 2] [--without RULES] [--keep DIR] [--report FILE] [--every-core] [--per-judge]`
 *
 * What judging costs against reading alone (issue 42: "at least 20,000 exchanges per second from
 * a HAR on one core"). The recording `--from` (an exchange log, as `npm run conformance -- --record
 * FILE` writes it; default reports/exchanges.jsonl) is repeated, each copy shifted past the one
 * before in time and with customers, projects and pictures of its own (recording-copies.ts), into
 * `--exchanges` exchanges, written to a temporary folder both as a HAR 1.2 file and as an exchange
 * log. Each file is then read in a child process of its own, once streamed to ObservedExchange
 * without judging and once judged by every judge (observe/judges/index.ts), in `rounds`
 * interleaved rounds so a busy machine weighs on both alike. Each child is pinned to one core
 * where the machine allows (one-core.ts), V8's helper threads with it, and runs with the Node flags
 * `observe --har` and `--log` start with (cli/process-flags/node-flags.ts): CPU seconds of the process
 * (user and system, `process.cpuUsage`) are then what the reading and judging cost on one core,
 * wall time is printed beside them. `--every-core` leaves the children unpinned: V8 then collects
 * on every core, and its CPU seconds add up to more than one core spends on the same work.
 *
 * Printed and written to reports/bench/observe-judge.json: exchanges per CPU second streaming and
 * judging (the best round of each), judging over the second half of the file alone (V8 compiles
 * the judges in the first: the rate a long file or a proxy reaches), the ratio judging/streaming,
 * the share of each child's CPU that the kernel took and that V8's helper threads took beside the
 * main thread (collecting and compiling; Linux, read from /proc), and each child's peak RSS with
 * its largest RSS in the first and in the second half of the file (memory bounded by design shows
 * the second no higher than the first, once the judges' counts have filled). Nothing is asserted
 * (a timing target on a shared machine is a figure to read, not a test to fail).
 *
 * `--per-judge` adds a child that judges the HAR once more with each judge's turns timed over the
 * second half of the file (judge-costs.ts): per kind of exchange (endpoint row and status) its share
 * of the judging, its microseconds per exchange and its costliest judges, printed and written to
 * the report: where a faster judge would gain.
 *
 * `--without RULES` leaves out the judges of those rules (comma-separated ids, each judge that
 * judges any of them): run beside a bench of every judge, on the same traffic, the difference is
 * what those judges cost, the collections their memory causes included.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandLine, type FlagTable } from '../../cli/command-line/flags.js';
import { numberFlag } from '../../cli/command-line/number-flag.js';
import { FILE_OBSERVE_NODE_FLAGS } from '../../cli/process-flags/node-flags.js';
import { runScript } from '../../cli/command-line/run-script.js';
import { UsageError } from '../../cli/command-line/usage.js';
import type { ObservedExchange } from '../../observe/exchange.js';
import { EXCHANGE_LOG_VERSION, logRecord } from '../../observe/exchange-log/exchange-log-schema.js';
import { readExchangeLog } from '../../observe/exchange-log/read-exchange-log.js';
import { harEntryOf } from '../../observe/har/har-entry-of.js';
import { readHar } from '../../observe/har/read-har.js';
import { HandedOutLinks } from '../../observe/judge/handed-out-links.js';
import { sharedStore } from '../../observe/judge/shared-state.js';
import type { JudgeFactory } from '../../observe/judge/judge.js';
import { ExchangeView } from '../../observe/judge/exchange-view.js';
import { Observer } from '../../observe/judge/observer.js';
import { JUDGES } from '../../observe/judges/index.js';
import { costLines, JudgeClock, type KindCost } from './judge-costs.js';
import { mainThreadCpuMs } from './main-thread-cpu.js';
import { oneCore, onCore } from './one-core.js';
import { RecordingCopies } from './recording-copies.js';

const FLAGS = {
  from: { type: 'string', placeholder: 'FILE', description: 'the recording repeated: an exchange log (default reports/exchanges.jsonl; make one with npm run conformance -- --record FILE)' },
  exchanges: { type: 'string', placeholder: 'N', description: 'exchanges in the files judged (default 100000)' },
  rounds: { type: 'string', placeholder: 'N', description: 'interleaved rounds of each measurement (default 2)' },
  without: { type: 'string', placeholder: 'RULES', description: 'leave out the judges of these rules (comma-separated ids, e.g. RATE-1,RES-7): what they cost is the difference to a bench of every judge' },
  keep: { type: 'string', placeholder: 'DIR', description: 'write the HAR and the log to DIR and keep them (default: a temporary folder, removed)' },
  report: { type: 'string', placeholder: 'FILE', description: 'JSON report (default reports/bench/observe-judge.json)' },
  'per-judge': { type: 'boolean', description: "also time each judge's turns per kind of exchange (endpoint row and status) over the HAR's second half: where the judging goes" },
  'every-core': { type: 'boolean', description: 'let each child run on every core (its CPU seconds, V8 collecting on the other cores too) instead of pinning it to one' },
} as const satisfies FlagTable;

const BENCH_COMMAND = { usage: 'Usage: npm run bench:observe-judge -- [options]', flags: FLAGS } as const;

function parseOptions() {
  const { values } = parseCommandLine(process.argv.slice(2), BENCH_COMMAND);
  const from = values.from ?? 'reports/exchanges.jsonl';
  if (!existsSync(from)) throw new UsageError(`--from ${from}: no such file. Fix: record one with npm run conformance -- --record ${from} (against the bundled server: add --bundled), or name another exchange log`);
  return {
    from,
    exchanges: values.exchanges === undefined ? 100_000 : numberFlag('--exchanges', values.exchanges, { min: 1, integer: true }),
    rounds: values.rounds === undefined ? 2 : numberFlag('--rounds', values.rounds, { min: 1, integer: true }),
    without: values.without === undefined ? [] : leftOut(values.without),
    keep: values.keep,
    report: values.report ?? 'reports/bench/observe-judge.json',
    everyCore: values['every-core'] === true,
    perJudge: values['per-judge'] === true,
  };
}

/** The rules of each judge, read off an instance made for the purpose. */
function judgeRules(): { make: JudgeFactory; rules: readonly string[] }[] {
  const links = new HandedOutLinks();
  return JUDGES.map((make) => ({ make, rules: make({ links, shared: sharedStore() }).rules }));
}

/** The ids `--without` names, each one a judge judges. */
function leftOut(list: string): string[] {
  const ids = list.split(',').map((id) => id.trim().toUpperCase()).filter((id) => id !== '');
  const judged = new Set(judgeRules().flatMap((j) => j.rules));
  const unknown = ids.filter((id) => !judged.has(id));
  if (ids.length === 0 || unknown.length > 0) throw new UsageError(`--without ${list}: ${ids.length === 0 ? 'no rule named' : `no judge judges ${unknown.join(', ')}`}. Fix: name rule ids the passive judge reads, comma-separated (e.g. RATE-1,RES-7; spec/rules/passive.ts classifies them)`);
  return ids;
}

/** Every judge but those of the rules in `without`. */
function judgesWithout(without: readonly string[]): JudgeFactory[] {
  return judgeRules()
    .filter((j) => !j.rules.some((rule) => without.includes(rule)))
    .map((j) => j.make);
}

// ---------------------------------------------------------------------------------------------
// The files: the recording repeated.

/** Writes `count` exchanges of the recording, repeated, as a HAR and as an exchange log; returns their paths. */
function writeFiles(source: readonly ObservedExchange[], count: number, folder: string): { har: string; log: string } {
  const har = join(folder, 'bench.har');
  const log = join(folder, 'bench.jsonl');
  const first = Math.min(...source.map((x) => x.startedAt));
  const copies = new RecordingCopies(source);
  const harFd = openSync(har, 'w');
  const logFd = openSync(log, 'w');
  writeSync(harFd, `{"log":{"version":"1.2","creator":{"name":"bench:observe-judge","version":"1"},"entries":[\n`);
  writeSync(logFd, `${JSON.stringify({ cpfExchangeLog: EXCHANGE_LOG_VERSION, recordedBy: 'bench:observe-judge', startedAt: new Date(first).toISOString() })}\n`);
  let harBatch: string[] = [];
  let logBatch: string[] = [];
  const flush = () => {
    writeSync(harFd, harBatch.join(',\n'));
    writeSync(logFd, logBatch.join(''));
    harBatch = [];
    logBatch = [];
  };
  for (let i = 0; i < count; i++) {
    const x = copies.exchange(i);
    // Entries of one batch are joined by commas, batches by the comma written before each but the first.
    if (harBatch.length === 0 && i > 0) writeSync(harFd, ',\n');
    harBatch.push(JSON.stringify(harEntryOf(x)));
    logBatch.push(`${JSON.stringify(logRecord(x))}\n`);
    if (harBatch.length === 1000) flush();
  }
  flush();
  writeSync(harFd, '\n]}}\n');
  // On disk before any child reads them, so that no child's CPU pays for the kernel writing them back.
  fsyncSync(harFd);
  fsyncSync(logFd);
  closeSync(harFd);
  closeSync(logFd);
  return { har, log };
}

// ---------------------------------------------------------------------------------------------
// One measurement, in a child process of its own.

type Format = 'har' | 'log';
type Mode = 'stream' | 'judge';

interface Measured {
  exchanges: number;
  cpuSeconds: number;
  /**
   * Of `cpuSeconds`, the kernel's (reading the file, faulting in the heap): a few per cent of a
   * child's CPU, where a first round right after the files were written has at times shown a
   * sixth to half of it, for reasons of the machine's, not the judges' (docs/performance.md).
   */
  systemCpuSeconds: number;
  /** Of `cpuSeconds`, the main thread's (reading and judging, and the collector's share there); the rest is V8's helper threads collecting and compiling beside it. NaN off Linux. */
  mainThreadCpuSeconds: number;
  wallSeconds: number;
  peakRssBytes: number;
  /** The exchanges after the file's first half and their CPU seconds: the rate once V8 has compiled the judges, as a long file or a proxy sees it. */
  secondHalf: { exchanges: number; cpuSeconds: number };
  /** The largest RSS sampled while reading the first half of the file, and the second. */
  rssFirstHalfBytes: number;
  rssSecondHalfBytes: number;
  /**
   * Of judging: rules that passed and failed (those the recording itself passes and fails: each
   * copy is the traffic of other customers on other projects).
   */
  verdicts?: { pass: number; fail: number };
}

const RSS_SAMPLE_EVERY = 2048;
/** User and system CPU of a `process.cpuUsage` reading, in seconds. */
const cpuSecondsOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;
/** Issue 42: "at least 20,000 exchanges per second from a HAR on one core". */
const TARGET_PER_SECOND = 20_000;

async function measureChild(format: Format, mode: Mode, file: string, expected: number, without: readonly string[]): Promise<void> {
  const reading = format === 'har' ? readHar([file]) : readExchangeLog([file]);
  const observer = mode === 'judge' ? new Observer(judgesWithout(without)) : undefined;
  const rss = [0, 0];
  let exchanges = 0;
  let kept = 0;
  const halfway = Math.floor(expected / 2);
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpuMs();
  let firstHalf: NodeJS.CpuUsage | undefined;
  const wall0 = performance.now();
  for await (const exchange of reading.exchanges) {
    if (observer) observer.see(exchange);
    else kept += exchange.index & 1;
    if (++exchanges === halfway) firstHalf = process.cpuUsage(cpu0);
    if (exchanges % RSS_SAMPLE_EVERY === 0) {
      const half = exchanges <= halfway ? 0 : 1;
      rss[half] = Math.max(rss[half] as number, process.memoryUsage.rss());
    }
  }
  const observation = observer?.verdicts(true);
  const cpu = process.cpuUsage(cpu0);
  const mainThreadCpuSeconds = (mainThreadCpuMs() - main0) / 1000;
  const measured: Measured = {
    exchanges,
    cpuSeconds: cpuSecondsOf(cpu),
    systemCpuSeconds: cpu.system / 1e6,
    mainThreadCpuSeconds,
    secondHalf: { exchanges: exchanges - Math.min(halfway, exchanges), cpuSeconds: cpuSecondsOf(cpu) - (firstHalf === undefined ? 0 : cpuSecondsOf(firstHalf)) },
    wallSeconds: (performance.now() - wall0) / 1000,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    rssFirstHalfBytes: rss[0] as number,
    rssSecondHalfBytes: rss[1] as number,
    ...(observation && { verdicts: { pass: Object.values(observation.rules).filter((r) => r.verdict === 'pass').length, fail: Object.values(observation.rules).filter((r) => r.verdict === 'fail').length } }),
  };
  // `kept` keeps the streaming loop from being optimised away.
  process.send?.({ ...measured, kept });
}

/** Judges the HAR with each judge's turns timed from the file's second half on (judge-costs.ts), and reports the table. */
async function judgeCostsChild(file: string, expected: number, without: readonly string[]): Promise<void> {
  const clock = new JudgeClock();
  const observer = new Observer(clock.timed(judgesWithout(without)));
  const halfway = Math.floor(expected / 2);
  let exchanges = 0;
  for await (const exchange of readHar([file]).exchanges) {
    if (++exchanges === halfway) clock.start();
    clock.count(new ExchangeView(exchange, 0));
    observer.see(exchange);
  }
  observer.verdicts(true);
  process.send?.(clock.table());
}

function measure(format: Format, mode: Mode, file: string, expected: number, without: readonly string[], cpu: number | undefined): Promise<Measured> {
  return childReport(['--child', format, mode, file, String(expected), without.join(',')], cpu, `${format} ${mode}`);
}

/** Runs this file as a child with `args` on `cpu` and takes the one message it reports. */
function childReport<T>(args: readonly string[], cpu: number | undefined, what: string): Promise<T> {
  return new Promise((done, failed) => {
    const command = onCore(cpu, process.execPath, [...FILE_OBSERVE_NODE_FLAGS, '--import', 'tsx', fileURLToPath(import.meta.url), ...args]);
    const child = spawn(command.program, command.args, { cwd: resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: { value: T } | undefined;
    child.once('message', (m) => (result = { value: m as T }));
    child.once('error', failed);
    child.once('exit', (code) => (result ? done(result.value) : failed(new Error(`bench child ${what} exited with code ${code} before reporting`))));
  });
}

// ---------------------------------------------------------------------------------------------

const perSecond = (m: Measured) => m.exchanges / m.cpuSeconds;
const secondHalfPerSecond = (m: Measured) => m.secondHalf.exchanges / m.secondHalf.cpuSeconds;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const percentOf = (part: number, m: Measured) => `${Math.round((100 * part) / m.cpuSeconds)} %`;
/** The kernel's share of a child's CPU, and V8's helper threads' where the main thread's is known. */
const cpuShares = (m: Measured) => ` of which the kernel ${percentOf(m.systemCpuSeconds, m)}${Number.isFinite(m.mainThreadCpuSeconds) ? `, V8's helper threads ${percentOf(m.cpuSeconds - m.mainThreadCpuSeconds, m)}` : ''}`;
const best = (runs: Measured[]) => runs.reduce((a, b) => (perSecond(b) > perSecond(a) ? b : a));

async function main(): Promise<number> {
  const options = parseOptions();
  const source: ObservedExchange[] = [];
  for await (const x of readExchangeLog([options.from]).exchanges) source.push(x);
  if (source.length === 0) throw new UsageError(`--from ${options.from}: the log holds no exchange. Fix: name a recording of some traffic`);
  const folder = options.keep ?? mkdtempSync(join(tmpdir(), 'cpf-bench-judge-'));
  mkdirSync(folder, { recursive: true });
  try {
    const files = writeFiles(source, options.exchanges, folder);
    const sizes = { har: statSync(files.har).size, log: statSync(files.log).size };
    console.log(`${options.exchanges} exchanges (${options.from}: ${source.length}, repeated) written: HAR ${mib(sizes.har)}, exchange log ${mib(sizes.log)}; load average ${loadavg()[0]?.toFixed(1)}`);
    // The target is every judge's: a bench without some names them beside its figures and prints no target.
    const judgedBy = options.without.length > 0 ? ` without the judges of ${options.without.join(', ')}` : '';
    // The target in the machine's own terms: how many times streaming judging may cost here, since this machine's speed moves both figures alike.
    const target = (streamPerCpuSecond: number) => (options.without.length > 0 ? '' : `; target ${TARGET_PER_SECOND}, at most ${(streamPerCpuSecond / TARGET_PER_SECOND).toFixed(1)}x streaming on this machine`);
    if (options.without.length > 0) console.log(`judging${judgedBy}: ${JUDGES.length - judgesWithout(options.without).length} of ${JUDGES.length} judges left out`);
    const core = options.everyCore ? { cpu: undefined, reason: '--every-core' } : oneCore();
    console.log(core.cpu === undefined ? `each child on every core (${core.reason}): its CPU seconds include V8's collecting on the other cores` : `each child pinned to CPU ${core.cpu} (taskset): on one core, as the target is set`);
    console.log(`each child runs with ${FILE_OBSERVE_NODE_FLAGS.join(' ')}, as observe --har and --log do`);
    const runs: Record<Format, Record<Mode, Measured[]>> = { har: { stream: [], judge: [] }, log: { stream: [], judge: [] } };
    for (let round = 0; round < options.rounds; round++) {
      for (const format of ['har', 'log'] as const) {
        for (const mode of ['stream', 'judge'] as const) {
          const m = await measure(format, mode, files[format], options.exchanges, options.without, core.cpu);
          runs[format][mode].push(m);
          console.log(`round ${round + 1} ${format} ${mode}: ${Math.round(perSecond(m))} exchanges per CPU second (${m.cpuSeconds.toFixed(1)} s CPU${cpuShares(m)}, ${m.wallSeconds.toFixed(1)} s wall; second half alone ${Math.round(secondHalfPerSecond(m))}), peak RSS ${mib(m.peakRssBytes)} (first half ${mib(m.rssFirstHalfBytes)}, second ${mib(m.rssSecondHalfBytes)})`);
        }
      }
    }
    const summary = Object.fromEntries(
      (['har', 'log'] as const).map((format) => {
        const stream = best(runs[format].stream);
        const judge = best(runs[format].judge);
        return [format, { fileBytes: sizes[format], streamPerCpuSecond: Math.round(perSecond(stream)), judgePerCpuSecond: Math.round(perSecond(judge)), judgeSecondHalfPerCpuSecond: Math.round(secondHalfPerSecond(judge)), judgeOverStream: perSecond(stream) / perSecond(judge), judgePeakRssBytes: Math.max(...runs[format].judge.map((m) => m.peakRssBytes)), streamPeakRssBytes: Math.max(...runs[format].stream.map((m) => m.peakRssBytes)) }];
      }),
    );
    for (const [format, s] of Object.entries(summary)) {
      console.log(`${format}: streaming ${s.streamPerCpuSecond} exchanges per CPU second, judging ${s.judgePerCpuSecond}${judgedBy} (second half alone ${s.judgeSecondHalfPerCpuSecond}${target(s.streamPerCpuSecond)}): judging costs ${s.judgeOverStream.toFixed(1)}x streaming; peak RSS ${mib(s.streamPeakRssBytes)} streaming, ${mib(s.judgePeakRssBytes)} judging`);
    }
    let judgeCosts: KindCost[] | undefined;
    if (options.perJudge) {
      judgeCosts = await childReport<KindCost[]>(['--costs-child', files.har, String(options.exchanges), options.without.join(',')], core.cpu, 'per-judge');
      console.log(`where the judging of the HAR's second half goes, per kind of exchange (each judge's turns timed, its microseconds per exchange of the kind):`);
      for (const line of costLines(judgeCosts)) console.log(line);
    }
    mkdirSync(dirname(options.report), { recursive: true });
    writeFileSync(options.report, `${JSON.stringify({ at: new Date().toISOString(), loadAverage: loadavg(), from: options.from, sourceExchanges: source.length, exchanges: options.exchanges, rounds: options.rounds, ...(options.without.length > 0 && { without: options.without }), pinnedToCpu: core.cpu ?? null, summary, runs, ...(judgeCosts && { judgeCosts }) }, null, 2)}\n`);
    console.log(`report: ${options.report}`);
    return 0;
  } finally {
    if (options.keep === undefined) rmSync(folder, { recursive: true, force: true });
  }
}

/** A child's work, then its exit: 3 with the error printed where it failed. */
function runChild(work: Promise<void>): void {
  void work.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(3);
    },
  );
}

const leftOutOf = (list: string | undefined) => (list ? list.split(',') : []);

if (process.argv[2] === '--child') {
  const [, , , format, mode, file, expected, without] = process.argv;
  runChild(measureChild(format as Format, mode as Mode, file as string, Number(expected), leftOutOf(without)));
} else if (process.argv[2] === '--costs-child') {
  const [, , , file, expected, without] = process.argv;
  runChild(judgeCostsChild(file as string, Number(expected), leftOutOf(without)));
} else runScript(main);
