import { calculateResults } from '../calc/results.js';
import type { CalcInput } from '../calc/types.js';
import { publishableResults } from '../domain/json-numbers.js';
import { DEFAULT_SYSTEM } from '../domain/results-query.js';
import type { Project } from '../store/projects.js';
import type { Room } from '../store/rooms.js';
import { renderReportPdf } from './pdf-report.js';
import { buildReportModel } from './report-model-builder.js';

export type PdfKind = 'service' | 'check';

/** Everything a PDF is made of: the project's snapshot (compute/project-snapshot.ts), the kind and the moment. */
export interface DocumentSource {
  input: CalcInput;
  project: Project;
  rooms: Room[];
  pdfKind: PdfKind;
  at: Date;
}

/**
 * The PDF of calculable data, computed at the default system temperatures. Data whose figures
 * leave the number range are refused as the results endpoint refuses them (422), so the two never
 * disagree on whether a project can be calculated.
 */
export async function renderDocument(source: DocumentSource): Promise<Uint8Array> {
  const results = publishableResults(calculateResults(source.input, DEFAULT_SYSTEM));
  return renderReportPdf(buildReportModel(source.project, source.rooms, results, source.pdfKind, source.at));
}
