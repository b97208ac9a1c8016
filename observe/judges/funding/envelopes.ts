import { fundingListEnvelopeSchema, fundingSingleEnvelopeSchema, PROJECT_BOUND_APPLICATION_TYPE } from '../../../spec/contract/funding.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredApplications, FUNDING_READ_ROWS, fundingReadOf, shown } from './reads.js';
import { isPlainObject } from '../../json-value.js';
import { namedMembersOnly } from '../named-members.js';

const ENVELOPE_RULE = { 'customer-list': 'FUND-1', single: 'FUND-2', 'project-list': 'FUND-34' } as const;
/** Only the verdict and the first issue are read: the parses need not copy the members the envelopes do not name. */
const listEnvelope = namedMembersOnly(fundingListEnvelopeSchema);
const SCHEMA = { 'customer-list': listEnvelope, single: namedMembersOnly(fundingSingleEnvelopeSchema), 'project-list': listEnvelope } as const;

/**
 * The answers of the three funding reads: "HTTP 200, list" / "HTTP 200, `{application}`" with
 * "response is `{status: 200, action, applications[], total, page, limit}`; single response is
 * `{status: 200, action: getFundingApplication, application}`" (FREE-FUND-1 to 3: further members
 * and any list `action`); a project's list holds that project's applications only (FUND-34).
 */
export function fundingEnvelopeJudge(): Judge {
  return {
    rules: ['FUND-1', 'FUND-2', 'FUND-34'],
    // Only the successes of the funding reads are judged: a 429 is no success.
    reads: { endpoints: FUNDING_READ_ROWS },
    see(x, ledger) {
      const read = fundingReadOf(x);
      // Success is what these rules shape; errors are the error rules'.
      if (read === undefined || x.status < 200 || x.status > 299) return;
      const rule = ENVELOPE_RULE[read];
      if (x.status !== 200) {
        ledger.broke(rule, x, `GET ${x.apiPath} succeeded with ${x.status}, not 200`);
        return;
      }
      if (!x.responseBodyRecorded) return;
      const parsed = SCHEMA[read].safeParse(x.responseJson);
      ledger.judge(rule, x, parsed.success, () => {
        const issue = parsed.error?.issues[0];
        return `GET ${x.apiPath} answered 200 with a body that is not the ${read === 'single' ? 'single' : 'list'} envelope: ${issue ? `${issue.path.join('.') || '(body)'}: ${issue.message}` : 'not JSON'}`;
      });
      if (read === 'project-list') ofThatProjectOnly(x, ledger);
    },
  };
}

/**
 * "GET /reports/{projectKey}/funding/applications ... the list of that project only": an application
 * naming another project does not belong in it (the route accepts the key in any case), nor one of
 * the other kind, "without project reference" (an `applicationType` other than the project-bound
 * one, with neither key nor id). A project-bound application with a null `projectKey` (its project
 * "no longer available") says nothing of the project it belongs to, so it is not judged here.
 */
function ofThatProjectOnly(x: ExchangeView, ledger: Ledger): void {
  const key = x.params.projectKey?.toLowerCase();
  const applications = (answeredApplications(x) ?? []).filter(isPlainObject);
  if (key === undefined) return;
  const others = applications.map((a) => a.projectKey).filter((k): k is string => typeof k === 'string' && k.toLowerCase() !== key);
  const standalone = applications.filter((a) => typeof a.applicationType === 'string' && a.applicationType !== PROJECT_BOUND_APPLICATION_TYPE && a.projectKey === null && a.projectId === null);
  // Only applications that name a project or none show whose they are.
  if (standalone.length === 0 && !applications.some((a) => typeof a.projectKey === 'string')) return;
  const wrong = [...others.slice(0, 3).map((k) => `projectKey ${shown(k)}`), ...standalone.slice(0, 3).map((a) => `${shown(a.applicationId)} of applicationType ${shown(a.applicationType)} without project`)];
  ledger.judge('FUND-34', x, wrong.length === 0, () => `the list of project ${x.params.projectKey} holds applications of other projects or none (${wrong.join(', ')})`);
}
