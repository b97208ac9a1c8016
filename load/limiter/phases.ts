import { setTimeout as sleep } from 'node:timers/promises';
import { EDGE_PHASE_MS, edgeProbes, type EdgeProbeRun } from './edge-probes.js';
import { flood, singles, type Traffic } from './traffic.js';

/** When the run's phases were (performance.now() ms) and what they did. */
export interface PhasesRun {
  started: number;
  steadyStart: number;
  steadyEnd: number;
  bursts: number;
  edges: EdgeProbeRun[];
  wallSeconds: number;
}

/** The steady flood's share of the run, at least 2 s. */
export function steadySecondsOf(durationSeconds: number): number {
  return Math.max(2, Math.round(durationSeconds / 3));
}

/**
 * The three phases: a steady flood of all connections (liveness), then bursts of random length
 * with random pauses while a lone client sends after exponential pauses throughout (irregular
 * traffic crosses window edges with budgets half used), last the quiet edge probes.
 */
export async function runPhases(traffic: Traffic, durationSeconds: number, random: () => number): Promise<PhasesRun> {
  const started = performance.now();
  const end = started + durationSeconds * 1000;
  const trafficEnd = end - Math.min(EDGE_PHASE_MS, (durationSeconds * 1000) / 3);
  const single = singles(traffic, random, trafficEnd, 300);
  const steadyStart = performance.now();
  await flood(traffic, steadySecondsOf(durationSeconds)).done;
  const steadyEnd = performance.now();
  let bursts = 0;
  while (performance.now() < trafficEnd - 300) {
    await sleep(200 + random() * 1300);
    const left = trafficEnd - performance.now();
    if (left < 100) break;
    const run = flood(traffic);
    await sleep(Math.min(left, 200 + random() * 1300));
    run.stop();
    await run.done;
    bursts += 1;
  }
  await single;
  const edges = await edgeProbes(traffic, end);
  return { started, steadyStart, steadyEnd, bursts, edges, wallSeconds: (performance.now() - started) / 1000 };
}
