import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunStats } from '../harness-core/pacer-server.js';
import { scriptCommandLine } from '../cli/command-line/run-script.js';
import { DEMAND_TABLE, type DemandTable } from '../cli/floor-estimate.js';

/**
 * Rewrites the floor estimate's table (request-demand.json) from the run stats of a full,
 * unfiltered run against the bundled server (`npm run conformance`, which writes
 * reports/run-stats.json): its requests per area and kind of demand.
 */
const { positionals } = scriptCommandLine({
  usage: 'Usage: npx tsx tools/update-demand-table.ts [reports/run-stats.json]   (after a full `npm run conformance` against the bundled server)',
  flags: {},
  positionals: { name: 'STATS_FILE', max: 1 },
});
const statsFile = positionals[0] ?? 'reports/run-stats.json';
if (!existsSync(statsFile)) {
  console.error(`${statsFile} does not exist. Fix: run \`npm run conformance\` first (it writes reports/run-stats.json)`);
  process.exit(2);
}
const selectionFile = join(dirname(statsFile), 'selection.json');
const selection = existsSync(selectionFile) ? (JSON.parse(readFileSync(selectionFile, 'utf8')) as { rules: string[]; areas: string[]; files: string[]; shard?: string }) : undefined;
if (!selection || selection.rules.length + selection.areas.length + selection.files.length > 0 || selection.shard) {
  console.error(`${statsFile} is not from a full run (${selectionFile} names filters or is missing). Fix: run \`npm run conformance\` without --rules, --area, --file or --shard`);
  process.exit(2);
}
const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as RunStats;
if (!stats.demandByArea || Object.keys(stats.demandByArea).length === 0) {
  console.error(`${statsFile} holds no demand per area. Fix: run \`npm run conformance\` with this version of the kit`);
  process.exit(2);
}
const areas = Object.fromEntries(
  Object.entries(stats.demandByArea)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, row]) => [area, Object.fromEntries(Object.entries(row).filter(([kind]) => kind !== 'role:pool').sort(([a], [b]) => a.localeCompare(b)))]),
);
const table: DemandTable = {
  $comment: 'Requests per area and kind of demand of a full run against the bundled server; the floor estimate (floor-estimate.ts) reads it. Rewrite with tools/update-demand-table.ts.',
  areas,
};
writeFileSync(DEMAND_TABLE, `${JSON.stringify(table, null, 2)}\n`);
console.log(`wrote ${DEMAND_TABLE} from ${statsFile}`);
