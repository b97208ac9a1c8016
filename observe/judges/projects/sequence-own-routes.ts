import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { PASSWORD_LENGTH } from '../../../spec/contract/projects.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { clearlyValidFields } from './sequence-normalisation.js';
import { projectPathOf } from './project-path.js';
import { CHANGE_ROW, DETAIL_ROW, PASSWORD_ROW } from './project-rows.js';
import { ownProjectsState, readsWithOwnProjects } from './sequence-own-projects.js';
import { passwordReadingOf } from './write-password.js';

/**
 * 401 (the token, the customer blocked) and 403 (a license or right the customer lacks: locked
 * customers) may answer any request to an own project; 429 and 5xx anything.
 */
const decidedForOwnProject = (x: ExchangeView) => answeredOnItsMerits(x) && x.status !== 401 && x.status !== 403;

/**
 * A valid write's answer as these rules judge it: 400, 413 and 415 answer the body's transport
 * (JSON syntax, size, media type), which the error rules judge on the same exchange.
 */
const decidedForValidWrite = (x: ExchangeView) => decidedForOwnProject(x) && x.status !== 400 && x.status !== 413 && x.status !== 415;

/** The length of a valid password, when the body holds one. */
function validPasswordLength(x: ExchangeView): number | undefined {
  const reading = passwordReadingOf(x);
  return reading?.verdict === 'valid' ? reading.length : undefined;
}

/** Each route's "HTTP 200" failed: messages made by functions of the module (`Ledger.judgeOf`), so that `see` makes no closure. */
const detailProblem = (x: ExchangeView) => `GET ${x.apiPath} of a project the customer created or was shown answered ${x.status}, not 200`;
const changeProblem = (x: ExchangeView) => `a valid PATCH ${x.apiPath} of an own project answered ${x.status}, not 200`;
const passwordProblem = (x: ExchangeView) => `a valid password change of an own project (PUT ${x.apiPath}) answered ${x.status}, not 200`;

/**
 * Requests to projects the customer was just shown to own (created or read by it, within
 * the horizon, spelt in lowercase as created): the detail answers 200 (PROJ-95), a valid PATCH 200
 * (PROJ-101), a valid password change 200 (PROJ-107), and a DELETE, which the interface does not
 * offer, leaves the project readable (PROJ-118).
 */
export function ownProjectRoutesJudge(context: JudgeContext): Judge {
  const own = context.shared(ownProjectsState);
  /** DELETEs of own projects awaiting the customer's next read of the project. */
  const deletes = new BoundedMap<string, { x: ExchangeView; key: string }[]>(2000, SEQUENCE_HORIZON_MS);

  function afterDelete(x: ExchangeView, ledger: Ledger, customer: string, key: string): void {
    const waiting = deletes.get(customer);
    if (!waiting) return;
    const before = waiting.filter((d) => d.key === key && followsClosely(d.x, x));
    if (before.length === 0 || !decidedForOwnProject(x)) return;
    deletes.set(customer, waiting.filter((d) => !before.includes(d)), x.answeredAt);
    // "Not available in this interface: ... deleting projects"
    if (x.status === 200 || x.status === 404) ledger.judge('PROJ-118', x, x.status === 200, () => `GET ${x.apiPath} answered 404 after DELETE ${x.apiPath}: the DELETE removed the project`, before.map((d) => d.x));
  }

  return {
    rules: ['PROJ-95', 'PROJ-101', 'PROJ-107', 'PROJ-118'],
    // The three routes it judges; a DELETE, which has no row, and what the shared ownership learns from come with the others.
    reads: readsWithOwnProjects([DETAIL_ROW, CHANGE_ROW, PASSWORD_ROW]),
    see(x, ledger) {
      const customer = x.customer;
      const at = projectPathOf(x);
      if (customer !== undefined && at !== undefined) {
        const route = x.endpoint?.id;
        if (route === DETAIL_ROW) {
          if (at.spelt === at.key) afterDelete(x, ledger, customer, at.key);
          // "GET /reports/{projectKey} | ... | HTTP 200"
          if (decidedForOwnProject(x) && own.ownedAsAddressed(x)) ledger.judgeOf('PROJ-95', x, x.status === 200, detailProblem, undefined);
        } else if (route === CHANGE_ROW) {
          // "PATCH /reports/{projectKey} | ... | HTTP 200"; a 422 to valid data is the field table's rules' (PROJ-5, PROJ-15, ...).
          if (decidedForValidWrite(x) && x.status !== 422 && own.ownedAsAddressed(x) && clearlyValidFields(x)) ledger.judgeOf('PROJ-101', x, x.status === 200, changeProblem, undefined);
        } else if (route === PASSWORD_ROW) {
          const length = decidedForValidWrite(x) && own.ownedAsAddressed(x) ? validPasswordLength(x) : undefined;
          // "PUT /reports/{projectKey}/password | ... | HTTP 200"; a 422 to exactly 12 or 256 characters is PROJ-108's.
          if (length !== undefined && !(x.status === 422 && (length === PASSWORD_LENGTH.min || length === PASSWORD_LENGTH.max))) {
            ledger.judgeOf('PROJ-107', x, x.status === 200, passwordProblem, undefined);
          }
        } else if (x.method === 'DELETE' && at.rest === '' && own.ownedAsAddressed(x)) {
          const list = deletes.get(customer) ?? [];
          list.push({ x, key: at.key });
          if (list.length > 100) list.shift();
          deletes.set(customer, list, x.answeredAt);
        }
      }
      own.see(x);
    },
  };
}
