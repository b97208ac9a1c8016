import type { Judge } from '../../judge/judge.js';
import { FUNDING_STATUSES } from '../../../spec/contract/funding.js';
import { PROJECT_STATUS } from '../../../spec/contract/projects.js';
import { FUNDING_READ_ROWS } from '../funding/reads.js';
import { CREATION_ROWS } from './project-rows.js';
import { isCreation } from './sequence-own-projects.js';
import { isPlainObject } from '../../json-value.js';

/** The applications an answer of a funding read carries: the list's `applications[]` or the single `application`. */
function applicationsOf(body: unknown): Record<string, unknown>[] {
  if (!isPlainObject(body)) return [];
  if (Array.isArray(body.applications)) return body.applications.filter(isPlainObject);
  return isPlainObject(body.application) ? [body.application] : [];
}

/** The status values one answer fixes: a new project's (STAT-1) and every funding application's (STAT-10). */
export function statusAnswerJudge(): Judge {
  return {
    rules: ['STAT-1', 'STAT-10'],
    // The answers that show a status, all 201 or 200.
    reads: { endpoints: [...CREATION_ROWS, ...FUNDING_READ_ROWS] },
    see(x, ledger) {
      if (!x.responseBodyRecorded) return;
      if (isCreation(x) && x.status === 201) {
        const header = (x.responseJson as { projektHeader?: unknown } | undefined)?.projektHeader;
        // "1 (value in a creation response)"; a missing header is PROJ-73's.
        if (isPlainObject(header)) ledger.judge('STAT-1', x, header.status === PROJECT_STATUS.created, () => `the creation answer's projektHeader.status is ${JSON.stringify(header.status)}, not 1`);
      } else if (x.status === 200 && x.endpoint !== undefined && FUNDING_READ_ROWS.includes(x.endpoint.id)) {
        const applications = applicationsOf(x.responseJson);
        if (applications.length === 0) return;
        const unknown = applications.filter((a) => !(FUNDING_STATUSES as readonly unknown[]).includes(a.status));
        // "Funding application `status`": the eleven values of the table.
        ledger.judge('STAT-10', x, unknown.length === 0, () => `${x.apiPath} shows applications with a status outside the table: ${unknown.slice(0, 3).map((a) => JSON.stringify(a.status)).join(', ')}`);
      }
    },
  };
}
