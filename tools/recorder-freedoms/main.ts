import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript, scriptCommandLine } from '../../cli/command-line/run-script.js';
import { UsageError } from '../../cli/command-line/usage.js';
import { readExchangeLog } from '../../observe/exchange-log/read-exchange-log.js';
import { harEntryOf, type WrittenHarEntry } from '../../observe/har/har-entry-of.js';
import { freedomOutcomes } from './recorder-freedoms.js';

/**
 * `npm run observe:recorders -- LOG`: the recording LOG (an exchange log, as `--record` writes it)
 * written as a HAR as each recorder freedom writes one (recorder-freedoms.ts), each judged as
 * `observe --har` reads it, against the HAR of the recording itself. Exit 1 when the judge reads one
 * otherwise: a changed observation of a file that keeps all it reads, or a further failure of one
 * that keeps less. `npm test` runs it on the conformance run's traffic with every variation.
 */
async function main(): Promise<number> {
  const { positionals } = scriptCommandLine({
    usage: 'Usage: npm run observe:recorders -- LOG   (an exchange log: npm run conformance -- --record LOG writes one)',
    flags: {},
    positionals: { name: 'LOG', min: 1, max: 1 },
  });
  const [log] = positionals as [string];
  if (!existsSync(log)) throw new UsageError(`${log}: no such file. Fix: record one with npm run conformance -- --record ${log}`);
  const entries: WrittenHarEntry[] = [];
  for await (const exchange of readExchangeLog([log]).exchanges) entries.push(harEntryOf(exchange));
  const dir = mkdtempSync(join(tmpdir(), 'cpf-recorder-freedoms-'));
  try {
    const { original, outcomes } = await freedomOutcomes(entries, dir);
    const verdicts = Object.values(original.rules);
    console.log(`${log}: ${entries.length} exchanges as a HAR: ${verdicts.filter((r) => r.verdict === 'pass').length} rules pass, ${verdicts.filter((r) => r.verdict === 'fail').length} fail`);
    for (const { freedom, departures, observedOtherwise } of outcomes) {
      const alike = freedom.keepsAll ? 'the same observation' : `no further failure, ${rules(observedOtherwise)} observed otherwise`;
      console.log(`${departures.length === 0 ? 'ok  ' : 'FAIL'} ${freedom.id}: ${departures.length === 0 ? alike : `${rules(departures.length)} read otherwise`}  [${freedom.source}]`);
      for (const line of departures.slice(0, 10)) console.log(`       ${line}`);
    }
    return outcomes.some((o) => o.departures.length > 0) ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rules = (n: number) => `${n} rule${n === 1 ? '' : 's'}`;

runScript(main);
