/** GET /reports: "HTTP 200, own main projects grouped in `projekte`, `leads`, `api`, `archiv`; no pagination". */
import { PROJECT_LIST_GROUPS, projectListResponseSchema } from '../../../spec/contract/projects.js';
import type { Judge } from '../../judge/judge.js';
import { issues } from './answers-creation.js';
import { LIST_ROW } from './project-rows.js';
import { answerBodyWhole, succeeded } from './write-outcome.js';
import { isPlainObject } from '../../json-value.js';

/**
 * What `projectListResponseSchema` takes of JSON, known without the copy of every entry and every
 * member that zod's parse of loose objects builds: an object whose four groups are arrays of objects.
 */
function isProjectList(body: unknown): boolean {
  if (!isPlainObject(body)) return false;
  for (const group of PROJECT_LIST_GROUPS) {
    const entries = body[group];
    if (!Array.isArray(entries) || !entries.every(isPlainObject)) return false;
  }
  return true;
}

export function projectListJudge(): Judge {
  return {
    rules: ['PROJ-89'],
    // The list's success answers.
    reads: { endpoints: [LIST_ROW] },
    see(x, ledger) {
      if (x.endpoint?.id !== LIST_ROW || !succeeded(x)) return;
      if (x.status !== 200) {
        ledger.broke('PROJ-89', x, `GET /reports answered ${x.status}, not 200`);
        return;
      }
      if (!answerBodyWhole(x)) return;
      // Further members beside the four groups are allowed (FREE-PROJ-10), entries are "not shown".
      // Nearly every list has the form: the schema is asked only of the others, for its verdict and its issues.
      const listed = isProjectList(x.responseJson);
      const parsed = listed ? undefined : projectListResponseSchema.safeParse(x.responseJson);
      ledger.judge('PROJ-89', x, listed || parsed?.success === true, () => `GET /reports answered without the four groups as arrays: ${issues(parsed?.error)}`);
    },
  };
}
