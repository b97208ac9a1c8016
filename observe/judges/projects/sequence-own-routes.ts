import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely } from '../../judge/sequence-horizon.js';
import { PASSWORD_LENGTH } from '../../../spec/contract/projects.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { clearlyValidFields } from './sequence-normalisation.js';
import { isDetailRead, OwnProjects, spelling } from './sequence-own-projects.js';
import { projectPathOf } from './sequence-project-log.js';
import { writeBodyOf } from './write-body.js';
import { readPasswordBody } from './write-password.js';

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
  const body = writeBodyOf(x);
  const reading = body.kind === 'json' ? readPasswordBody(body.value) : undefined;
  return reading?.verdict === 'valid' ? reading.length : undefined;
}

/**
 * Requests to projects the customer was just shown to own (created or read by it, within
 * the horizon, spelt in lowercase as created): the detail answers 200 (PROJ-95), a valid PATCH 200
 * (PROJ-101), a valid password change 200 (PROJ-107), and a DELETE, which the interface does not
 * offer, leaves the project readable (PROJ-118).
 */
export function ownProjectRoutesJudge(): Judge {
  const own = new OwnProjects();
  /** DELETEs of own projects awaiting the customer's next read of the project. */
  const deletes = new BoundedMap<string, ExchangeView[]>(2000);

  function afterDelete(x: ExchangeView, ledger: Ledger, customer: string): void {
    const at = projectPathOf(x);
    const waiting = deletes.get(customer);
    if (!at || !waiting) return;
    const before = waiting.filter((d) => projectPathOf(d)?.key === at.key && followsClosely(d, x));
    if (before.length === 0 || !decidedForOwnProject(x)) return;
    deletes.set(customer, waiting.filter((d) => !before.includes(d)));
    // "Not available in this interface: ... deleting projects"
    if (x.status === 200 || x.status === 404) ledger.judge('PROJ-118', x, x.status === 200, () => `GET ${x.apiPath} answered 404 after DELETE ${x.apiPath}: the DELETE removed the project`, before);
  }

  return {
    rules: ['PROJ-95', 'PROJ-101', 'PROJ-107', 'PROJ-118'],
    see(x, ledger) {
      const customer = x.customer;
      if (customer !== undefined && projectPathOf(x)) {
        const owned = own.ownedAsAddressed(x) !== undefined;
        if (isDetailRead(x)) {
          if (spelling(x) === projectPathOf(x)?.key) afterDelete(x, ledger, customer);
          // "GET /reports/{projectKey} | ... | HTTP 200"
          if (owned && decidedForOwnProject(x)) ledger.judge('PROJ-95', x, x.status === 200, () => `GET ${x.apiPath} of a project the customer created or was shown answered ${x.status}, not 200`);
        } else if (x.endpoint?.id === 'reports.change' && owned && decidedForValidWrite(x) && x.status !== 422 && clearlyValidFields(x)) {
          // "PATCH /reports/{projectKey} | ... | HTTP 200"; a 422 to valid data is the field table's rules' (PROJ-5, PROJ-15, ...).
          ledger.judge('PROJ-101', x, x.status === 200, () => `a valid PATCH ${x.apiPath} of an own project answered ${x.status}, not 200`);
        } else if (x.endpoint?.id === 'reports.password' && owned && decidedForValidWrite(x)) {
          const length = validPasswordLength(x);
          // "PUT /reports/{projectKey}/password | ... | HTTP 200"; a 422 to exactly 12 or 256 characters is PROJ-108's.
          if (length !== undefined && !(x.status === 422 && (length === PASSWORD_LENGTH.min || length === PASSWORD_LENGTH.max))) {
            ledger.judge('PROJ-107', x, x.status === 200, () => `a valid password change of an own project (PUT ${x.apiPath}) answered ${x.status}, not 200`);
          }
        } else if (x.method === 'DELETE' && projectPathOf(x)?.rest === '' && owned) {
          const list = deletes.upsert(customer, () => []);
          list.push(x);
          if (list.length > 100) list.shift();
        }
      }
      own.see(x);
    },
  };
}
