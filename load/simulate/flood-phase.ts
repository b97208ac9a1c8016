/**
 * The flood's cycle on the wall clock: three phases of equal length, the flood on in the first,
 * then one that lets the target recover (its backlog, the flood's requests still in flight), then
 * a quiet one. The comparison pairs each flood phase with the quiet phase right before it and
 * leaves the recovery out, so the flood's aftermath counts in neither arm. Wall-clock phases let
 * shards on several machines flood at the same moments, and let each of them file its other
 * customers' latencies by phase without talking to the others.
 */
export type FloodPhase = 'flood' | 'recovery' | 'quiet';

const CYCLE: readonly FloodPhase[] = ['flood', 'recovery', 'quiet'];

/** Phases per cycle; the flood is on for one of them. */
export const PHASES_PER_CYCLE = CYCLE.length;

export function floodPhaseAt(wallMs: number, phaseSeconds: number): FloodPhase {
  return CYCLE[Math.floor(wallMs / (phaseSeconds * 1000)) % CYCLE.length] as FloodPhase;
}

export function floodActive(wallMs: number, phaseSeconds: number): boolean {
  return floodPhaseAt(wallMs, phaseSeconds) === 'flood';
}

/** Wall-clock start (ms) of the phase holding `wallMs`: the key under which its latencies are filed. */
export function phaseStartMs(wallMs: number, phaseSeconds: number): number {
  const phase = phaseSeconds * 1000;
  return Math.floor(wallMs / phase) * phase;
}

/** The flood phases that overlap [fromMs, toMs), as wall-clock ranges. */
export function floodRanges(fromMs: number, toMs: number, phaseSeconds: number): [number, number][] {
  const phase = phaseSeconds * 1000;
  const ranges: [number, number][] = [];
  for (let start = phaseStartMs(fromMs, phaseSeconds); start < toMs; start += phase) {
    if (floodActive(start, phaseSeconds)) ranges.push([Math.max(start, fromMs), Math.min(start + phase, toMs)]);
  }
  return ranges;
}
