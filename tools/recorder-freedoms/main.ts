import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript, scriptCommandLine } from '../../cli/command-line/run-script.js';
import { UsageError } from '../../cli/command-line/usage.js';
import { readExchangeLog } from '../../observe/exchange-log/read-exchange-log.js';
import { harEntryOf, type WrittenHarEntry } from '../../observe/har/har-entry-of.js';
import { freedomOutcomes, RECORDER_FREEDOMS } from './recorder-freedoms.js';

const USAGE = 'Usage: npm run observe:recorders -- LOG [LOG ...]   (an exchange log, as npm run conformance -- --record LOG writes one, or a folder whose subfolders hold exchanges.jsonl, as npm run faults leaves them)';

/**
 * `npm run observe:recorders -- LOG [LOG ...]`: each recording (an exchange log, as `--record`
 * writes it; a folder stands for the `exchanges.jsonl` of each of its subfolders, as the fault
 * runner leaves them) written as a HAR as each recorder freedom writes one (recorder-freedoms.ts),
 * each judged as `observe --har` reads it, against the HAR of the recording itself. Exit 1 when the
 * judge reads one otherwise: a changed observation of a file that keeps all it reads, or a further
 * failure of one that keeps less. `npm test` runs it on the conformance run's traffic with every
 * variation, and on the traffic of every fault.
 */
async function main(): Promise<number> {
  const { positionals } = scriptCommandLine({ usage: USAGE, flags: {}, positionals: { name: 'LOG', min: 1 } });
  const logs = positionals.flatMap(recordingsOf);
  // Per freedom, over every recording: its departures, and how many rules it observed otherwise.
  const read = new Map(RECORDER_FREEDOMS.map((f) => [f.id, { departures: [] as string[], otherwise: 0 }]));
  const dir = mkdtempSync(join(tmpdir(), 'cpf-recorder-freedoms-'));
  try {
    for (const log of logs) {
      const entries: WrittenHarEntry[] = [];
      for await (const exchange of readExchangeLog([log]).exchanges) entries.push(harEntryOf(exchange));
      const { original, outcomes } = await freedomOutcomes(entries, dir);
      if (logs.length === 1) {
        const verdicts = Object.values(original.rules);
        console.log(`${log}: ${entries.length} exchanges as a HAR: ${verdicts.filter((r) => r.verdict === 'pass').length} rules pass, ${verdicts.filter((r) => r.verdict === 'fail').length} fail`);
      }
      for (const o of outcomes) {
        const tally = read.get(o.freedom.id);
        if (tally === undefined) continue;
        tally.departures.push(...o.departures.map((line) => (logs.length === 1 ? line : `${log}: ${line}`)));
        tally.otherwise += o.observedOtherwise;
      }
    }
    if (logs.length > 1) console.log(`${logs.length} recordings, each as a HAR and as each recorder freedom writes one`);
    for (const freedom of RECORDER_FREEDOMS) {
      const { departures: lines, otherwise: differing } = read.get(freedom.id) ?? { departures: [], otherwise: 0 };
      const alike = freedom.keepsAll ? 'the same observation' : `no further failure, ${logs.length === 1 ? `${rules(differing)} observed otherwise` : `${differing} observations of a rule otherwise over the recordings`}`;
      console.log(`${lines.length === 0 ? 'ok  ' : 'FAIL'} ${freedom.id}: ${lines.length === 0 ? alike : `${rules(lines.length)} read otherwise`}  [${freedom.source}]`);
      for (const line of lines.slice(0, 10)) console.log(`       ${line}`);
    }
    return [...read.values()].some((tally) => tally.departures.length > 0) ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The recordings a LOG names: the file itself, or each subfolder's exchanges.jsonl of a folder. */
function recordingsOf(log: string): string[] {
  if (!existsSync(log)) throw new UsageError(`${log}: no such file or folder. Fix: record one with npm run conformance -- --record ${log}, or name the folder npm run faults wrote (reports/faults)`);
  if (!statSync(log).isDirectory()) return [log];
  const found = readdirSync(log)
    .sort()
    .map((name) => join(log, name, 'exchanges.jsonl'))
    .filter((file) => existsSync(file));
  if (found.length === 0) throw new UsageError(`${log}: a folder without recordings (no subfolder holds exchanges.jsonl). Fix: name an exchange log, or the folder npm run faults wrote (reports/faults)`);
  return found;
}

const rules = (n: number) => `${n} rule${n === 1 ? '' : 's'}`;

runScript(main);
