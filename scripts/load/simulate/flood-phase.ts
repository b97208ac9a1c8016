/**
 * The flood is on in every other phase of the wall clock (odd phase numbers). Wall-clock phases
 * let shards on several machines flood at the same moments, and let each of them file its other
 * customers' latencies under "flood on" or "flood off" without talking to the others.
 */
export function floodActive(wallMs: number, phaseSeconds: number): boolean {
  return Math.floor(wallMs / (phaseSeconds * 1000)) % 2 === 1;
}

/** The on-phases that overlap [fromMs, toMs), as wall-clock ranges. */
export function floodRanges(fromMs: number, toMs: number, phaseSeconds: number): [number, number][] {
  const phase = phaseSeconds * 1000;
  const ranges: [number, number][] = [];
  for (let start = Math.floor(fromMs / phase) * phase; start < toMs; start += phase) {
    if (floodActive(start, phaseSeconds)) ranges.push([Math.max(start, fromMs), Math.min(start + phase, toMs)]);
  }
  return ranges;
}
