import type { InvalidTokenLimit } from './invalid-token-limit.js';
import { laneOf } from './invalid-token-verdict.js';
import type { SimulationResult } from './result-file.js';
import type { LaneAddressStats } from './stats.js';

/** One address's verdict in the table: what its own requests show. */
function addressVerdict(s: LaneAddressStats, limit: InvalidTokenLimit | null): string {
  if (!limit) return 'not judged';
  if (s.falseRefusals > 0) return 'MISSED (false 429)';
  if (s.notLimited > 0) return 'MISSED (no limit)';
  return s.refused > 0 ? 'met, limit applied' : 'met';
}

/** Addresses that missed first, then those refused, then the rest in the lane's order. */
const rank = (s: LaneAddressStats, limit: InvalidTokenLimit | null) => (addressVerdict(s, limit).startsWith('MISSED') ? 0 : s.refused > 0 ? 1 : 2);

export interface LaneTable {
  header: string[];
  rows: string[][];
  /** Rows left out beyond `max`, and how many of them missed. */
  more: number;
  moreMissed: number;
}

/** The lane per source address, for the console and the report; undefined when the run had no lane. */
export function laneTable(result: SimulationResult, max = Infinity): LaneTable | undefined {
  const lane = laneOf(result);
  if (!lane) return undefined;
  const { limit } = lane;
  const window = limit ? `${limit.windowSeconds} s` : 'a window';
  const header = ['source address', 'sent', '401', '429', 'false 429', 'other', `most admitted within < ${window}`, 'verdict'];
  const entries = Object.entries(result.stats.invalidTokens.addresses)
    .map(([address, s], order) => ({ address, s, order }))
    .sort((a, b) => rank(a.s, limit) - rank(b.s, limit) || a.order - b.order);
  const rows = entries.slice(0, max).map(({ address, s }) => [address, String(s.sent), String(s.unauthorized), String(s.refused), limit ? String(s.falseRefusals) : '-', String(s.errors), limit ? String(s.mostAdmitted) : '-', addressVerdict(s, limit)]);
  const rest = entries.slice(rows.length);
  return { header, rows, more: rest.length, moreMissed: rest.filter(({ s }) => rank(s, limit) === 0).length };
}

/** The table as console lines, at most `max` addresses. */
export function laneLines(result: SimulationResult, max = 16): string[] {
  const table = laneTable(result, max);
  if (!table) return [];
  const widths = table.header.map((h, i) => Math.max(h.length, ...table.rows.map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ').trimEnd();
  const lines = ['', 'requests without a valid token, per source address:', line(table.header), ...table.rows.map(line)];
  if (table.more > 0) lines.push(`... and ${table.more} more address(es)${table.moreMissed > 0 ? `, ${table.moreMissed} of them missed` : ''} (report.html lists every one)`);
  return lines;
}
