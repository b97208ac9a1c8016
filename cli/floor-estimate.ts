import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Profile } from '../spec/profile.schema.js';
import { leaseCandidates } from '../harness-core/lease-candidates.js';
import { candidateFits } from '../harness-core/lease-fit.js';
import { invalidTokenLane } from '../harness-core/invalid-token-lane.js';
import type { LeaseKind } from '../harness-core/pacer-server.js';
import { QUIET_KIND_PREFIX } from '../harness-core/pacer-statistics.js';
import { QUIET_SAMPLING_SECONDS } from '../harness-core/quiet-phase.js';

/**
 * The pacing floor a run should reach with a given profile, estimated before it starts: the
 * requests per area and kind of demand that a full bundled run counted (request-demand.json),
 * role work on its role customer, leased work spread over the profile's licensed customers the
 * way the pacer spreads it (least loaded first). An estimate: checks that a smaller profile skips
 * still count, and a changed suite changes the figures until the table is rewritten
 * (`npx tsx tools/update-demand-table.ts reports/run-stats.json` after a full bundled run).
 */
export const DEMAND_TABLE = resolve(import.meta.dirname, 'request-demand.json');

export interface DemandTable {
  $comment?: string;
  /** Per area, requests per kind: `role:<role>`, `lease:<lease kind>`, `exclusive`. */
  areas: Record<string, Record<string, number>>;
}

export interface FloorEstimate {
  /** The longer of the busiest customer's time and the invalid-token lane's. */
  floorSeconds: number;
  busiest: string;
  busiestRequests: number;
  /** The quiet phase's own floor, part of floorSeconds (0 when the selection has none). */
  quietSeconds: number;
  /**
   * When a role customer sets the floor, the areas holding a tenth or more of its role work, most
   * first: its work cannot go to anyone else, so the run is only as short as that customer's start
   * is early (the files of these areas start first).
   */
  leadAreas: string[];
  /** Requests each role customer sends for its role (the pacer leases it only once others have as much). */
  roleRequests: Record<string, number>;
  /** Pool customers to add for a clearly shorter floor, with the floor they would give; absent when more would not help. */
  morePool?: { count: number; floorSeconds: number };
}

const ROLES = ['primary', 'foreign', 'expiredUnlocked', 'locked', 'blocked', 'noHeatpumpRight', 'education'] as const;

/** Order matters: the narrowest kind first, so the wider ones fill around it. */
const KINDS: readonly LeaseKind[] = ['calculable', 'funding', 'heatpump', 'licensed', 'own-data-only'];

export function loadDemandTable(path = DEMAND_TABLE): DemandTable {
  return JSON.parse(readFileSync(path, 'utf8')) as DemandTable;
}

/** Raises the least loaded of `names` to a common level until `amount` is placed (water filling). */
function fill(load: Map<string, number>, names: readonly string[], amount: number): void {
  if (names.length === 0 || amount <= 0) return;
  const sorted = names.map((name) => [name, load.get(name) ?? 0] as const).sort((a, b) => a[1] - b[1]);
  // The level is found first and set once: raising every lower customer at each step is quadratic,
  // and the pool-size search below fills hundreds of candidates many times.
  let sum = 0;
  let level = Infinity;
  let raised = 0;
  for (const [, current] of sorted) {
    if ((sum + amount) / raised <= current) break;
    sum += current;
    raised += 1;
    level = (sum + amount) / raised;
  }
  for (const [name] of sorted.slice(0, raised)) load.set(name, level);
}

function loads(profile: Profile, demand: Record<string, number>, extraPool: number): Map<string, number> {
  const load = new Map<string, number>();
  for (const role of ROLES) if (profile.customers[role]) load.set(role, demand[`role:${role}`] ?? 0);
  const candidates = [...leaseCandidates(profile), ...Array.from({ length: extraPool }, (_, i) => ({ customer: `pool:+${i}`, tokens: 2, heatpump: true, foreign: false }))];
  for (const c of candidates) if (!load.has(c.customer)) load.set(c.customer, 0);
  const leased = { ...demand };
  // Exclusive holders take both grants of a customer with no further need: any licensed one.
  leased['lease:own-data-only'] = (leased['lease:own-data-only'] ?? 0) + (leased.exclusive ?? 0);
  for (const kind of KINDS) fill(load, candidates.filter((c) => candidateFits(c, kind)).map((c) => c.customer), leased[`lease:${kind}`] ?? 0);
  return load;
}

function busiestOf(load: Map<string, number>): [string, number] {
  return [...load].reduce<[string, number]>((best, entry) => (entry[1] > best[1] ? entry : best), ['primary', 0]);
}

export const INVALID_TOKEN_LANE = '#invalid-token';

/** Per kind of demand, summed over the areas (all when `areas` is empty). */
export function demandOf(byArea: Record<string, Record<string, number>>, areas: readonly string[] = []): Record<string, number> {
  const demand: Record<string, number> = {};
  for (const [area, row] of Object.entries(byArea)) {
    if (areas.length > 0 && !areas.includes(area)) continue;
    for (const [kind, n] of Object.entries(row)) demand[kind] = (demand[kind] ?? 0) + n;
  }
  return demand;
}

/**
 * The time the requests without a valid token need under the target's per-address limit, paced as
 * the lane paces them (`limit` per `windowMs`, a slot freeing a window after its answer): the
 * first `limit` at once, each further `limit` a window later. RATE-12 holds the whole lane (a
 * `hold:` demand) and needs a window of quiet before its probe and one after it.
 */
export function laneFloorSeconds(demand: Record<string, number>, lane: { limit: number; windowMs: number }): number {
  const requests = demand[`role:${INVALID_TOKEN_LANE}`] ?? 0;
  const holdWindows = (demand[`hold:${INVALID_TOKEN_LANE}`] ?? 0) > 0 ? 2 : 0;
  const batches = Math.max(0, Math.ceil(requests / lane.limit) - 1);
  return ((batches + holdWindows) * lane.windowMs) / 1000;
}

/**
 * The quiet phase's time: its checks send from the pool customers only (none without a pool: they
 * are skipped), and with few of them they decide on what they have after their sampling time,
 * which their setup and the pairs still in flight stretch by about a quarter.
 */
function quietSecondsOf(demand: Record<string, number>, poolSize: number): number {
  if (poolSize === 0) return 0;
  const requests = Object.entries(demand).reduce((sum, [kind, n]) => sum + (kind.startsWith(QUIET_KIND_PREFIX) ? n : 0), 0);
  return Math.min(requests / (2 * poolSize), 1.25 * QUIET_SAMPLING_SECONDS);
}

/**
 * The estimate for a profile and the areas a run selects (all when empty). The quiet phase comes
 * after everything else (harness-core/quiet-phase.ts), so its time adds to the rest's.
 */
export function estimateFloor(profile: Profile, table: DemandTable, areas: readonly string[] = []): FloorEstimate {
  const demand = demandOf(table.areas, areas);
  const poolSize = profile.customers.pool?.length ?? 0;
  const quietSeconds = quietSecondsOf(demand, poolSize);
  const [customer, customerRequests] = busiestOf(loads(profile, demand, 0));
  const laneSeconds = laneFloorSeconds(demand, invalidTokenLane(profile));
  const laneSets = laneSeconds > customerRequests / 2;
  const [busiest, busiestRequests] = laneSets ? [INVALID_TOKEN_LANE, demand[`role:${INVALID_TOKEN_LANE}`] ?? 0] : [customer, customerRequests];
  const floorSeconds = Math.max(laneSeconds, customerRequests / 2) + quietSeconds;
  const roleRequests = Object.fromEntries(ROLES.filter((r) => profile.customers[r]).map((r) => [r, demand[`role:${r}`] ?? 0]));
  // Past this many, added pool customers only take work the role customers do not set the floor with.
  const floorWith = (count: number) => Math.max(laneSeconds, busiestOf(loads(profile, demand, count))[1] / 2) + quietSecondsOf(demand, poolSize + count);
  const limit = floorWith(1000);
  let morePool: FloorEstimate['morePool'];
  if (floorSeconds - limit >= 1) {
    // More customers never lengthen the floor, so the fewest that come close are found by halving.
    const closeEnough = limit + Math.max(1, (floorSeconds - limit) * 0.1);
    let [low, high] = [0, 1000];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (floorWith(middle) <= closeEnough) high = middle;
      else low = middle;
    }
    morePool = { count: high, floorSeconds: floorWith(high) };
  }
  return { floorSeconds, busiest, busiestRequests, quietSeconds, roleRequests, leadAreas: leadAreasOf(table, busiest, areas), ...(morePool ? { morePool } : {}) };
}

function leadAreasOf(table: DemandTable, busiest: string, areas: readonly string[]): string[] {
  const selected = Object.entries(table.areas).filter(([area]) => areas.length === 0 || areas.includes(area));
  if (busiest === INVALID_TOKEN_LANE) {
    // Every area with work in the lane leads, its holder (RATE-12, whose windows no request shows) first.
    const hold = (row: Record<string, number>) => ((row[`hold:${INVALID_TOKEN_LANE}`] ?? 0) > 0 ? 1 : 0);
    const requests = (row: Record<string, number>) => row[`role:${INVALID_TOKEN_LANE}`] ?? 0;
    return selected
      .filter(([, row]) => hold(row) + requests(row) > 0)
      .sort(([, a], [, b]) => hold(b) - hold(a) || requests(b) - requests(a))
      .map(([area]) => area);
  }
  const kind = `role:${busiest}`;
  const work = selected.map(([area, row]) => [area, row[kind] ?? 0] as const);
  const total = work.reduce((sum, [, n]) => sum + n, 0);
  return work
    .filter(([, n]) => n > 0 && n >= total / 10)
    .sort((a, b) => b[1] - a[1])
    .map(([area]) => area);
}

/** The line the CLI prints before the run. */
export function formatEstimate(e: FloorEstimate): string {
  const more = e.morePool
    ? `; with ${e.morePool.count} more pool customer${e.morePool.count === 1 ? '' : 's'} ~${e.morePool.floorSeconds.toFixed(0)} s`
    : `; more pool customers would not shorten it (${e.busiest === INVALID_TOKEN_LANE ? 'the per-address limit sets it' : 'role work sets it'})`;
  const busiest = e.busiest === INVALID_TOKEN_LANE ? `the lane of requests without a valid token under the per-address limit, ~${Math.round(e.busiestRequests)} requests and RATE-12's windows` : `${e.busiest}, ~${Math.round(e.busiestRequests)} requests`;
  const quiet = e.quietSeconds > 0 ? `; then the quiet phase, ~${e.quietSeconds.toFixed(0)} s` : '';
  return `expected pacing floor ~${e.floorSeconds.toFixed(0)} s (an estimate from the requests of a full bundled run; busiest: ${busiest}${quiet})${more}`;
}

/**
 * How long a check may wait for its first granted request before the run calls it a harness
 * error: several times the whole expected floor, never below five minutes (slow targets pace
 * slower than 2 per second, since a slot frees one second after the response).
 */
export function waitLimitSeconds(e: FloorEstimate): number {
  return Math.max(300, Math.ceil(3 * e.floorSeconds + 60));
}
