import { readFileSync, writeFileSync } from 'node:fs';
import { UsageError } from '../../cli/command-line/usage.js';
import type { DocumentedLimit } from './invalid-token-limit.js';
import type { Thresholds } from './options.js';
import { deserializeStats, mergeStats, serializeStats, type SerializedStats, type SimulationStats } from './stats.js';

/** /2: latencies per flood phase instead of one histogram per arm, and the warm-up. */
export const FORMAT = 'cpf-load-simulation/2';

/** One process's run: what it loaded, how, and for how long. */
export interface RunInfo {
  target: string;
  kind: 'bundled' | 'external' | 'bare';
  fault: string | null;
  shard: string | null;
  /** Paced and flooding customers of this process. */
  customers: number;
  flooders: number;
  /** Requests per second the plan offers, and the most its customers may make (2 each). */
  plannedPerSecond: number;
  budgetPerSecond: number;
  startedAt: string;
  endedAt: string;
  durationSeconds: number;
  seed: number;
  floodPhaseSeconds: number;
  /** Seconds from the start of the arrivals before the flood comparison starts. */
  warmUpSeconds: number;
  /** Local addresses the customers were spread over (`--source-addresses`); absent: one. */
  sourceAddresses?: number;
  /** The invalid-token lane, when the run had one: its whole rate and addresses (over all shards), and the limit it was judged against (null: none documented). */
  invalidTokens?: { ratePerSecond: number; addresses: number; burst: boolean; limit: DocumentedLimit | null };
}

export interface SimulationResult {
  runs: RunInfo[];
  thresholds: Thresholds;
  stats: SimulationStats;
}

export function writeResult(path: string, result: SimulationResult): void {
  writeFileSync(path, JSON.stringify({ format: FORMAT, runs: result.runs, thresholds: result.thresholds, stats: serializeStats(result.stats) }));
}

export function readResult(path: string): SimulationResult {
  let json: { format?: string; runs: RunInfo[]; thresholds: Thresholds; stats: SerializedStats };
  try {
    json = JSON.parse(readFileSync(path, 'utf8')) as typeof json;
  } catch (err) {
    throw new UsageError(`${path}: not a readable result file (${(err as Error).message}). Fix: give the result.json a load:simulate run wrote`);
  }
  if (json.format !== FORMAT) throw new UsageError(`${path}: format '${json.format ?? 'none'}' is not ${FORMAT}. Fix: give the result.json a load:simulate run of this kit wrote`);
  return { runs: json.runs, thresholds: json.thresholds, stats: deserializeStats(json.stats) };
}

/**
 * The shards of one run as one result: histograms and counts added, runs listed. The thresholds
 * are the first file's; shards of one matrix job share their command line.
 */
export function mergeResults(results: readonly SimulationResult[]): SimulationResult {
  const [first, ...rest] = results;
  if (!first) throw new UsageError('nothing to merge');
  // Each shard judged its addresses against its limit: one verdict over them needs one limit.
  const limits = new Set(results.flatMap((r) => r.runs).flatMap((r) => (r.invalidTokens ? [JSON.stringify(r.invalidTokens.limit && { requests: r.invalidTokens.limit.requests, windowSeconds: r.invalidTokens.limit.windowSeconds })] : [])));
  if (limits.size > 1) throw new UsageError(`the shards judged their invalid-token lanes against different limits (${[...limits].join(', ')}). Fix: give every shard the same --invalid-token-limit or profile`);
  // A deep copy: the merge adds into it, and must not into the first shard's result.
  const stats = deserializeStats(structuredClone(serializeStats(first.stats)));
  for (const r of rest) mergeStats(stats, r.stats);
  return { runs: results.flatMap((r) => r.runs), thresholds: first.thresholds, stats };
}
