import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Profile } from '../spec/profile.schema.js';
import { leaseCandidates } from '../harness-core/lease-candidates.js';
import { candidateFits } from '../harness-core/lease-fit.js';
import { INVALID_TOKEN_LANE, invalidTokenLane } from '../harness-core/invalid-token-lane.js';
import type { LeaseKind } from '../harness-core/pacer-server.js';
import { QUIET_KIND_PREFIX } from '../harness-core/pacer-statistics.js';
import { QUIET_SAMPLING_SECONDS } from '../harness-core/quiet-phase.js';
import { CUSTOMER_LIMIT, laneDemandOf, laneSeconds, limitsFloor } from './limits-floor.js';

/**
 * What a run should take with a given profile, estimated before it starts, two ways: the plan's
 * time (how the pacer serves the requests: the lane's pace, RATE-12's window, the quiet phase) and
 * the limits' floor of the same requests (limits-floor.ts), which no plan can beat. Both from the
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
  /**
   * The plan's time: the busiest customer's, and the quiet phase after it, or the invalid-token
   * lane's under the pace the harness keeps, when longer (the quiet phase runs while it waits).
   */
  planSeconds: number;
  /** The limits' floor of the same requests (the quiet phase's spread over the pool). */
  limitsSeconds: number;
  busiest: string;
  busiestRequests: number;
  /** The quiet phase's own time in the plan (0 when the selection has none). */
  quietSeconds: number;
  /**
   * When a role customer sets the floor, the areas holding a tenth or more of its role work, most
   * first: its work cannot go to anyone else, so the run is only as short as that customer's start
   * is early (the files of these areas start first).
   */
  leadAreas: string[];
  /** Requests each role customer sends for its role (the pacer leases it only once others have as much). */
  roleRequests: Record<string, number>;
  /** Pool customers to add for a clearly shorter plan, with the plan's time they would give; absent when more would not help. */
  morePool?: { count: number; planSeconds: number };
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
 * The time the requests without a valid token take in the plan: paced as the lane paces them
 * (`limit` per `windowMs`, a slot freeing a window after its answer), RATE-12's probe (a `hold:`
 * demand) after them, once a window without them has passed.
 */
export function lanePlanSeconds(demand: Record<string, number>, lane: { limit: number; windowMs: number }): number {
  const { laneRequests, laneProbe } = laneDemandOf(demand);
  return laneSeconds(laneRequests, { requests: lane.limit, windowSeconds: lane.windowMs / 1000 }, laneProbe);
}

/**
 * The quiet phase's time: its checks send from the pool customers only (none without a pool: they
 * are skipped), and with few of them they decide on what they have after their sampling time,
 * which their setup and the pairs still in flight stretch by about a quarter.
 */
function quietSecondsOf(demand: Record<string, number>, poolSize: number): number {
  if (poolSize === 0) return 0;
  return Math.min(quietRequestsOf(demand) / (2 * poolSize), 1.25 * QUIET_SAMPLING_SECONDS);
}

/** The quiet phase's requests, sent from the pool customers only. */
function quietRequestsOf(demand: Record<string, number>): number {
  return Object.entries(demand).reduce((sum, [kind, n]) => sum + (kind.startsWith(QUIET_KIND_PREFIX) ? n : 0), 0);
}

/**
 * The plan: the quiet phase begins once everything else has ended (harness-core/quiet-phase.ts),
 * or earlier, while the run waits on the invalid-token lane alone (lane-bound-watch.ts).
 */
function planOf(customerSeconds: number, quietSeconds: number, laneSeconds: number): number {
  return Math.max(customerSeconds + quietSeconds, laneSeconds);
}

/** The estimate for a profile and the areas a run selects (all when empty). */
export function estimateFloor(profile: Profile, table: DemandTable, areas: readonly string[] = []): FloorEstimate {
  const demand = demandOf(table.areas, areas);
  const poolSize = profile.customers.pool?.length ?? 0;
  const quietSeconds = quietSecondsOf(demand, poolSize);
  const load = loads(profile, demand, 0);
  const [customer, customerRequests] = busiestOf(load);
  const laneSeconds = lanePlanSeconds(demand, invalidTokenLane(profile));
  const laneSets = laneSeconds > customerRequests / 2 + quietSeconds;
  const [busiest, busiestRequests] = laneSets ? [INVALID_TOKEN_LANE, laneDemandOf(demand).laneRequests] : [customer, customerRequests];
  const planSeconds = planOf(customerRequests / 2, quietSeconds, laneSeconds);
  // The quiet phase's checks send from the pool customers only, spread over all of them at best,
  // and each for its sampling time at most.
  const quietShare = poolSize > 0 ? Math.min(quietRequestsOf(demand) / poolSize, CUSTOMER_LIMIT.requests * QUIET_SAMPLING_SECONDS) : 0;
  const quietRequests = Object.fromEntries((profile.customers.pool ?? []).map((_, i) => [`pool:${i}`, quietShare]));
  const limitsSeconds = limitsFloor({
    requestsByCustomer: Object.fromEntries([...load].map(([customer, n]) => [customer, n + (quietRequests[customer] ?? 0)])),
    quietRequestsByCustomer: quietRequests,
    ...laneDemandOf(demand),
    invalidTokenLimit: profile.limits?.invalidTokenPerIp,
  }).seconds;
  const roleRequests = Object.fromEntries(ROLES.filter((r) => profile.customers[r]).map((r) => [r, demand[`role:${r}`] ?? 0]));
  // Past this many, added pool customers only take work the role customers do not set the plan with.
  const planWith = (count: number) => planOf(busiestOf(loads(profile, demand, count))[1] / 2, quietSecondsOf(demand, poolSize + count), laneSeconds);
  const limit = planWith(1000);
  let morePool: FloorEstimate['morePool'];
  if (planSeconds - limit >= 1) {
    // More customers never lengthen the plan, so the fewest that come close are found by halving.
    const closeEnough = limit + Math.max(1, (planSeconds - limit) * 0.1);
    let [low, high] = [0, 1000];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (planWith(middle) <= closeEnough) high = middle;
      else low = middle;
    }
    morePool = { count: high, planSeconds: planWith(high) };
  }
  return { planSeconds, limitsSeconds, busiest, busiestRequests, quietSeconds, roleRequests, leadAreas: leadAreasOf(table, busiest, areas), ...(morePool ? { morePool } : {}) };
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
    ? `; with ${e.morePool.count} more pool customer${e.morePool.count === 1 ? '' : 's'} ~${e.morePool.planSeconds.toFixed(0)} s`
    : `; more pool customers would not shorten it (${e.busiest === INVALID_TOKEN_LANE ? 'the per-address limit sets it' : 'role work sets it'})`;
  const busiest = e.busiest === INVALID_TOKEN_LANE ? `the lane of requests without a valid token under the per-address limit, ~${Math.round(e.busiestRequests)} requests and RATE-12's window` : `${e.busiest}, ~${Math.round(e.busiestRequests)} requests`;
  const quiet = e.quietSeconds > 0 ? (e.busiest === INVALID_TOKEN_LANE ? `; the quiet phase, ~${e.quietSeconds.toFixed(0)} s, while the lane waits` : `; then the quiet phase, ~${e.quietSeconds.toFixed(0)} s`) : '';
  return `expected run ~${e.planSeconds.toFixed(0)} s by the plan, against a floor of ~${e.limitsSeconds.toFixed(0)} s that the limits set on the same requests (an estimate from the requests of a full bundled run; busiest: ${busiest}${quiet})${more}`;
}

/**
 * How long a check may wait for its first granted request before the run calls it a harness
 * error: several times the whole expected floor, never below five minutes (slow targets pace
 * slower than 2 per second, since a slot frees one second after the response).
 */
export function waitLimitSeconds(e: FloorEstimate): number {
  return Math.max(300, Math.ceil(3 * e.planSeconds + 60));
}
