import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RunSummary } from '../conformance/summary.js';
import { faults } from './catalog/index.js';
import type { Fault } from './fault.js';
import { startCliWorker, type CliWorker } from './cli-worker-process.js';
import { runCliAgainstFault } from './faulted-run.js';
import { suiteFilesFor } from './suite-files.js';
import { exitWithUsage } from '../cli/usage.js';

/**
 * `npm run faults [-- --only ID ... --jobs N]`: for each fault, a reference server with that
 * fault (fresh database, demo seed), and the conformance CLI against it as an external target,
 * limited to the rules the fault breaks. A fault is caught when at least one check fails (exit 1);
 * broken checks never catch it: they judged nothing about the target.
 */
interface Outcome {
  fault: Fault;
  caught: boolean;
  code: number | null;
  caughtBy: string[];
  broken: string[];
  seconds: number;
}

const ROOT = resolve(import.meta.dirname, '../..');

const USAGE = `Usage: npm run faults -- [--only ID[,ID]] [--jobs N]
  --only ID[,ID]  run only these faults (repeatable; IDs in scripts/faults/catalog)
  --jobs N        faults run at once (default 4)`;

function parseArgs(argv: string[]): { only: string[]; jobs: number } {
  const only: string[] = [];
  // Fault runs mostly wait (pacing, server answers); more of them than cores keeps the CPU busy.
  let jobs = 4;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') only.push(...(argv[++i] ?? '').split(','));
    else if (arg === '--jobs') jobs = Number(argv[++i]);
    else exitWithUsage(USAGE, arg);
  }
  if (!Number.isInteger(jobs) || jobs < 1) {
    console.error('--jobs needs a positive integer');
    process.exit(2);
  }
  const unknown = only.filter((id) => !faults.some((f) => f.id === id));
  if (unknown.length) {
    console.error(`unknown fault(s): ${unknown.join(', ')}. Known: ${faults.map((f) => f.id).join(', ')}`);
    process.exit(2);
  }
  return { only, jobs };
}

async function runFault(fault: Fault, cli: CliWorker): Promise<Outcome> {
  const started = performance.now();
  const reportDir = join(ROOT, 'reports/faults', fault.id);
  const { code, output } = await runCliAgainstFault(fault, [
    '--report-dir', reportDir, '--no-html',
    ...fault.rules.flatMap((r) => ['--rules', r]),
    ...suiteFilesFor(ROOT, fault.rules).flatMap((f) => ['--file', f]),
  ], cli);
  const summaryFile = join(reportDir, 'summary.json');
  const summary = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as RunSummary) : undefined;
  const caughtBy = summary?.failed.filter((f) => f.state === 'failed').map((f) => f.title) ?? [];
  const broken = summary?.failed.filter((f) => f.state === 'broken').map((f) => `${f.title}: ${f.note}`) ?? [];
  if (!summary) broken.push(`no summary written (exit ${code}):\n${output.slice(-2000)}`);
  return { fault, caught: caughtBy.length > 0 && code === 1, code, caughtBy, broken, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<number> {
  const { only, jobs } = parseArgs(process.argv.slice(2));
  const ids = new Set<string>();
  for (const f of faults) {
    if (ids.has(f.id)) throw new Error(`duplicate fault id ${f.id}`);
    ids.add(f.id);
  }
  const selected = only.length ? faults.filter((f) => only.includes(f.id)) : faults;
  console.log(`running ${selected.length} faults, ${jobs} at a time`);
  const started = performance.now();
  const queue = [...selected];
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      const cli = startCliWorker();
      try {
        for (let fault = queue.shift(); fault; fault = queue.shift()) {
          const outcome = await runFault(fault, cli);
          outcomes.push(outcome);
          console.log(`  ${outcome.caught ? 'caught ' : 'ESCAPED'} ${fault.id} (${outcome.seconds.toFixed(1)} s, ${outcome.caughtBy.length} failing checks) [${outcomes.length}/${selected.length}]`);
        }
      } finally {
        await cli.close();
      }
    }),
  );
  outcomes.sort((a, b) => selected.indexOf(a.fault) - selected.indexOf(b.fault));
  console.log('\nfault -> caught by');
  for (const o of outcomes) {
    console.log(`${o.caught ? 'caught ' : 'ESCAPED'}  ${o.fault.id}: ${o.fault.description} [${o.fault.rules.join(' ')}]`);
    for (const title of o.caughtBy) console.log(`           ${title}`);
    for (const b of o.broken) console.log(`           broken: ${b}`);
  }
  const escaped = outcomes.filter((o) => !o.caught);
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`\n${outcomes.length - escaped.length}/${outcomes.length} faults caught in ${minutes} min${escaped.length ? `; escaped: ${escaped.map((o) => o.fault.id).join(', ')}` : ''}`);
  return escaped.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(3);
  },
);
