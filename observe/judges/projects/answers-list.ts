/** GET /reports: "HTTP 200, own main projects grouped in `projekte`, `leads`, `api`, `archiv`; no pagination". */
import { projectListResponseSchema } from '../../../spec/contract/projects.js';
import type { Judge } from '../../judge/judge.js';
import { issues } from './answers-creation.js';
import { LIST_ROW } from './project-rows.js';
import { answerBodyWhole, succeeded } from './write-outcome.js';

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
      const parsed = projectListResponseSchema.safeParse(x.responseJson);
      ledger.judge('PROJ-89', x, parsed.success, () => `GET /reports answered without the four groups as arrays: ${issues(parsed.error)}`);
    },
  };
}
