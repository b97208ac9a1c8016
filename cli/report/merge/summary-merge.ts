import { z } from 'zod';
import type { CheckResult } from '../../../harness-core/check-result.js';
import { parseFolderJson } from '../../report-folder/folder-json.js';
import { ruleCounts, type AreaCounts, type RunSummary } from '../summary.js';

/**
 * The summary.json files of shards as one. Counts and lists add up (shards run disjoint checks);
 * wall time and pacing floor are the largest of the shards, since shards run side by side.
 */
export interface SummaryInput {
  source: string;
  summary: RunSummary;
}

const STATES = ['passed', 'failed', 'broken', 'skipped'] as const;

const counts = { passed: z.number(), failed: z.number(), broken: z.number(), skipped: z.number() };
const titled = z.looseObject({ title: z.string() });

/** What the merge reads of a shard's summary.json; other fields are left behind, as the merged summary is written anew. */
export const summarySchema = z.looseObject({
  target: z.string(),
  readOnly: z.boolean(),
  areas: z.array(z.object({ area: z.string(), ...counts })),
  totals: z.object(counts),
  wallSeconds: z.number(),
  pacingFloorSeconds: z.number(),
  busiestCustomer: z.string().optional(),
  requests: z.number(),
  unintended429: z.array(z.looseObject({})),
  provenWrongRefusals: z.array(z.looseObject({})).optional(),
  laneRequestsByRule: z.record(z.string(), z.number()).optional(),
  createdProjects: z.number(),
  skipped: z.array(titled),
  failed: z.array(titled),
  expectations: z.object({ known: z.array(titled), regressions: z.array(z.string()), fixed: z.array(titled) }).optional(),
});

/** The text of a summary.json as strict JSON of the kit's shape; anything else is refused naming the file. */
export function parseSummary(source: string, text: string): RunSummary {
  // The schema checks every field the merge reads; the record types inside them are the run's own.
  return parseFolderJson(source, text, summarySchema, 'a summary.json of npm run conformance') as unknown as RunSummary;
}

function sumCounts(maps: readonly Record<string, number>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const map of maps) for (const [key, n] of Object.entries(map)) sum[key] = (sum[key] ?? 0) + n;
  return sum;
}

/** `{ [key]: value }` when the value holds anything, so a merged summary has the fields its shards had. */
function optional<K extends string, V extends object>(key: K, value: V): Partial<Record<K, V>> {
  const empty = Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
  return empty ? {} : ({ [key]: value } as Record<K, V>);
}

/** `checks`: the shards' checks.json together, from which the rules' verdicts are counted anew (a rule may be judged in several shards). */
export function mergeSummaries(inputs: readonly SummaryInput[], reports: Record<string, string>, checks: readonly CheckResult[] = []): RunSummary {
  const summaries = inputs.map((i) => i.summary);
  const byArea = new Map<string, AreaCounts>();
  for (const area of summaries.flatMap((s) => s.areas)) {
    const row = byArea.get(area.area) ?? { area: area.area, passed: 0, failed: 0, broken: 0, skipped: 0 };
    for (const state of STATES) row[state] += area[state];
    byArea.set(area.area, row);
  }
  const totals = { passed: 0, failed: 0, broken: 0, skipped: 0 };
  for (const s of summaries) for (const state of STATES) totals[state] += s.totals[state];
  const slowest = summaries.reduce((a, b) => (b.pacingFloorSeconds > a.pacingFloorSeconds ? b : a));
  const withExpectations = summaries.filter((s) => s.expectations);
  return {
    target: [...new Set(summaries.map((s) => s.target))].join(', '),
    readOnly: summaries.some((s) => s.readOnly),
    areas: [...byArea.values()].sort((a, b) => a.area.localeCompare(b.area)),
    totals,
    wallSeconds: Math.max(...summaries.map((s) => s.wallSeconds)),
    pacingFloorSeconds: slowest.pacingFloorSeconds,
    busiestCustomer: slowest.busiestCustomer,
    requests: summaries.reduce((n, s) => n + s.requests, 0),
    unintended429: summaries.flatMap((s) => s.unintended429),
    ...optional('provenWrongRefusals', summaries.flatMap((s) => s.provenWrongRefusals ?? [])),
    ...optional('laneRequestsByRule', sumCounts(summaries.map((s) => s.laneRequestsByRule ?? {}))),
    createdProjects: summaries.reduce((n, s) => n + s.createdProjects, 0),
    skipped: summaries.flatMap((s) => s.skipped),
    failed: summaries.flatMap((s) => s.failed),
    ...(withExpectations.length > 0
      ? {
          expectations: {
            known: withExpectations.flatMap((s) => s.expectations?.known ?? []),
            regressions: withExpectations.flatMap((s) => s.expectations?.regressions ?? []),
            fixed: withExpectations.flatMap((s) => s.expectations?.fixed ?? []),
          },
        }
      : {}),
    ...(checks.length > 0 ? { rules: ruleCounts(checks) } : {}),
    reports,
  };
}
