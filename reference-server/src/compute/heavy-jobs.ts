import { calculateResults, toAbgleichFBH } from '../calc/results.js';
import type { CalcInput, CalcParams } from '../calc/types.js';
import { renderDocument, type DocumentSource } from '../documents/render-document.js';
import { publishableResults } from '../domain/json-numbers.js';

/**
 * The work whose cost grows with a project's size: the results answer and the PDF. A job carries
 * everything it needs (gathered from the store beforehand) and its output is plain data, so it
 * runs the same on the event loop or in a worker thread.
 */
export type HeavyJob =
  | { kind: 'results'; input: CalcInput; params: CalcParams; projectKey: string }
  | ({ kind: 'pdf' } & DocumentSource);

/** The results answer serialized (what `res.json` would send), or the PDF's bytes. */
export type HeavyOutput<J extends HeavyJob> = J extends { kind: 'results' } ? string : Uint8Array;

export async function runHeavyJob<J extends HeavyJob>(job: J): Promise<HeavyOutput<J>>;
export async function runHeavyJob(job: HeavyJob): Promise<string | Uint8Array> {
  if (job.kind === 'pdf') return renderDocument(job);
  const results = calculateResults(job.input, job.params);
  return JSON.stringify(
    publishableResults({
      status: 200,
      action: 'getResults',
      project: { key: job.projectKey },
      results,
      projekt: { abgleichFBH: toAbgleichFBH(results.floorHeatingBalance) },
    }),
  );
}

/**
 * How much a job's cost grows with: the rooms and what they hold. Jobs below the inline limit
 * cost less than handing them to a worker and back.
 */
export function jobWeight(job: HeavyJob): number {
  return job.input.rooms.reduce((sum, room) => sum + 1 + room.components.length + room.radiators.length + room.heatingSurfaces.length, 0);
}
