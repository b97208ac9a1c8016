import { z } from 'zod';

/** What the check reads of a run's summary.json (cli/report/summary.ts). */
export const floorSummarySchema = z.object({
  target: z.string(),
  wallSeconds: z.number(),
  pacingFloorSeconds: z.number(),
  expectedFloorSeconds: z.number().optional(),
  busiestCustomer: z.string().optional(),
});

export type FloorSummary = z.infer<typeof floorSummarySchema>;

/**
 * The floor is what the target's limits force on the run's requests (cli/limits-floor.ts): a run
 * that ends sooner proves the floor wrong, never the run fast.
 */
export function floorVerdict(name: string, s: FloorSummary): { ok: boolean; line: string } {
  const ratio = s.pacingFloorSeconds > 0 ? `${(s.wallSeconds / s.pacingFloorSeconds).toFixed(2)}x` : 'no floor';
  const plan = s.expectedFloorSeconds !== undefined ? `, the plan's estimate ${s.expectedFloorSeconds.toFixed(1)} s` : '';
  const line = `${name}: wall time ${s.wallSeconds.toFixed(1)} s, floor ${s.pacingFloorSeconds.toFixed(1)} s (${ratio}; set by ${s.busiestCustomer ?? 'nothing'}${plan})`;
  if (s.wallSeconds >= s.pacingFloorSeconds) return { ok: true, line };
  return { ok: false, line: `${line}: the run ended before its floor, so the floor is no lower bound (a defect of cli/limits-floor.ts or of the counts it reads)` };
}
