import { calculateResults, checkCalculable, toAbgleichFBH } from '../calc/results.js';
import type { CalcInput, CalcParams } from '../calc/types.js';
import { renderDocument, type PdfKind } from '../documents/render-document.js';
import { publishableResults } from '../domain/json-numbers.js';
import { errors } from '../http/api-error.js';
import type { ProjectRef, ProjectSnapshot } from './project-snapshot.js';

/**
 * The work whose cost grows with a project's size: the results answer and the PDF. A job names
 * its project and carries its own parameters; it runs on the project's snapshot (read by the event
 * loop, or by a worker thread from its own connection) and its output is bytes, so it runs the
 * same on the event loop or in a worker thread.
 */
export type HeavyJob = { kind: 'results'; project: ProjectRef; params: CalcParams } | { kind: 'pdf'; project: ProjectRef; pdfKind: PdfKind; at: Date };

const REFUSAL: Record<HeavyJob['kind'], string> = { results: 'Berechnung nicht möglich', pdf: 'Dokument kann nicht erstellt werden' };

/** The 422 `calculation_unavailable` of data the engine cannot calculate, in the words of the job's endpoint. */
export function assertCalculable(input: CalcInput, kind: HeavyJob['kind']): void {
  const reason = checkCalculable(input);
  if (reason !== undefined) throw errors.calculationUnavailable(`${REFUSAL[kind]}: ${reason}`);
}

/**
 * The results answer serialized as `res.json` would send it (UTF-8), or the PDF. Each in an
 * ArrayBuffer of its own, so a worker thread can hand it over instead of copying it.
 */
export async function runHeavyJob(job: HeavyJob, snapshot: ProjectSnapshot): Promise<Uint8Array> {
  assertCalculable(snapshot.input, job.kind);
  if (job.kind === 'pdf') return renderDocument({ ...snapshot, pdfKind: job.pdfKind, at: job.at });
  const results = calculateResults(snapshot.input, job.params);
  const text = JSON.stringify(
    publishableResults({
      status: 200,
      action: 'getResults',
      project: { key: snapshot.project.key },
      results,
      projekt: { abgleichFBH: toAbgleichFBH(results.floorHeatingBalance) },
    }),
  );
  return new TextEncoder().encode(text);
}
