import { basename, dirname } from 'node:path';
import { isQuietFile } from '../../harness-core/quiet-phase.js';
import { readRunEnv } from '../../harness-core/run-env.js';
import { fileWeight } from './file-weight.js';

/** Above any file's weight (a few hundred kilobytes at most). */
const LEAD = 1e9;

/**
 * Which conformance files take the workers and the start turns first: the files of the lead
 * areas (the areas holding the role work of the customer expected to set the floor, which no
 * other customer can take), in their order, then the rest by weight. With work to spare for
 * every leased customer, the primary customer's role work is the run's longest chain, so it
 * must not wait behind the heaviest files. The quiet files come last: their checks wait for all
 * the others to end (quiet-phase.ts), and would hold a worker meanwhile.
 */
export function startPriority(file: string, leadAreas: readonly string[] = readRunEnv('leadAreas') ?? []): number {
  if (isQuietFile(file)) return -1;
  const rank = leadAreas.indexOf(basename(dirname(file)));
  return (rank < 0 ? 0 : (leadAreas.length - rank) * LEAD) + fileWeight(file);
}
