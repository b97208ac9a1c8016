import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runScript, scriptCommandLine } from '../../cli/command-line/run-script.js';
import { UsageError } from '../../cli/command-line/usage.js';
import { floorSummarySchema, floorVerdict } from './floor-verdict.js';

/**
 * `npm run floor:check -- DIR [DIR ...]`: for each report folder of a finished run, whether its
 * wall time is at least its floor (docs/pacing.md, "The floor"). Exit 1 when one is not: the floor
 * would then be no lower bound. `npm test` runs it on the bundled run and on a run against a target
 * whose documented per-address limit is 30 per 60 s.
 */
async function main(): Promise<number> {
  const { positionals } = scriptCommandLine({
    usage: "Usage: npm run floor:check -- REPORT_DIR [REPORT_DIR ...]   (each a finished run's report folder, holding summary.json)",
    flags: {},
    positionals: { name: 'REPORT_DIR', min: 1 },
  });
  let ok = true;
  for (const dir of positionals) {
    const file = join(dir, 'summary.json');
    if (!existsSync(file)) throw new UsageError(`${dir}: no summary.json. Fix: name the report folder of a finished run (--report-dir of npm run conformance)`);
    const parsed = floorSummarySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new UsageError(`${file}: not a run's summary (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}). Fix: name the report folder of a finished run`);
    const verdict = floorVerdict(dir, parsed.data);
    (verdict.ok ? console.log : console.error)(verdict.line);
    ok &&= verdict.ok;
  }
  return ok ? 0 : 1;
}

runScript(main);
