import { descendingOrdersOf, FUNDING_PAGINATION } from '../../../spec/contract/funding.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import { expectedPageLength, listQueryOf, type ListQuery } from './query.js';
import { fundingReadOf, isPlainObject, shown } from './reads.js';

type Clean = NonNullable<ListQuery['clean']>;

/** A list answer's paging members, when they are numbers (FUND-1 judges their types). */
interface Paging {
  applications: unknown[];
  total?: number;
  page: unknown;
  limit: unknown;
}

/**
 * What a list answer says of its page against the request (endpoint rule 10, "Limits"): the
 * defaults ("`page` starts at 1", "`limit` default 50"), `page`, `limit` and `total` describing the
 * request and the page holding what they imply (FUND-33), and the order ("Sorted by application id
 * descending", as text or as numbers: FREE-FUND-6).
 */
export function listPagingJudge(): Judge {
  return {
    rules: ['FUND-25', 'FUND-26', 'FUND-31', 'FUND-33'],
    see(x, ledger) {
      const read = fundingReadOf(x);
      if (read !== 'customer-list' && read !== 'project-list') return;
      const clean = answeredOnItsInput(x) ? listQueryOf(x)?.clean : undefined;
      if (clean && x.status === 422) defaultsRefused(x, ledger, clean);
      if (x.status !== 200 || !x.responseBodyRecorded) return;
      const paging = pagingOf(x.responseJson);
      if (paging === undefined) return;
      order(x, ledger, paging.applications);
      if (clean) describesRequest(x, ledger, paging, clean);
    },
  };
}

function pagingOf(body: unknown): Paging | undefined {
  if (!isPlainObject(body) || !Array.isArray(body.applications)) return undefined;
  const total = Number.isInteger(body.total) && (body.total as number) >= 0 ? (body.total as number) : undefined;
  return { applications: body.applications, ...(total !== undefined && { total }), page: body.page, limit: body.limit };
}

/** A parameter left out takes its default: its absence is no reason for a 422. */
function defaultsRefused(x: ExchangeView, ledger: Ledger, clean: Clean): void {
  if (!clean.pageGiven) ledger.broke('FUND-25', x, `GET ${x.apiPath} without \`page\` (and a valid query) answered 422 instead of page 1`);
  if (!clean.limitGiven) ledger.broke('FUND-26', x, `GET ${x.apiPath} without \`limit\` (and a valid query) answered 422 instead of limit 50`);
}

function describesRequest(x: ExchangeView, ledger: Ledger, paging: Paging, clean: Clean): void {
  const { applications, total } = paging;
  const expected = total === undefined ? undefined : expectedPageLength(total, clean.page, clean.limit);
  const sizeFits = applications.length <= clean.limit && (expected === undefined || applications.length === expected);
  const size = () => `${applications.length} applications at page ${clean.page}, limit ${clean.limit}${total === undefined ? '' : ` of total ${total} (expected ${expected})`}`;
  // "`page` starts at 1": page 1, also by default, is the first page.
  if (!clean.pageGiven) {
    ledger.judge('FUND-25', x, paging.page === FUNDING_PAGINATION.firstPage && sizeFits, () =>
      paging.page !== FUNDING_PAGINATION.firstPage ? `GET ${x.apiPath} without \`page\` answered page ${shown(paging.page)}, not 1` : `GET ${x.apiPath} without \`page\` is not the first page: ${size()}`,
    );
  }
  // "`limit` default 50".
  if (!clean.limitGiven) ledger.judge('FUND-26', x, paging.limit === FUNDING_PAGINATION.defaultLimit, () => `GET ${x.apiPath} without \`limit\` answered limit ${shown(paging.limit)}, not 50`);
  ledger.judge('FUND-33', x, paging.page === clean.page && paging.limit === clean.limit && sizeFits, () =>
    paging.page !== clean.page || paging.limit !== clean.limit
      ? `GET ${x.apiPath}?${x.rawQuery.slice(0, 60)} answered page ${shown(paging.page)} and limit ${shown(paging.limit)}, not ${clean.page} and ${clean.limit}`
      : `GET ${x.apiPath}?${x.rawQuery.slice(0, 60)} answered ${size()}`,
  );
}

/** An order needs two applications; duplicates and ids of other types are other rules' (FUND-5). */
function order(x: ExchangeView, ledger: Ledger, applications: readonly unknown[]): void {
  const ids = applications.map((a) => (isPlainObject(a) ? a.applicationId : undefined));
  if (ids.length < 2 || !ids.every((id): id is string => typeof id === 'string') || new Set(ids).size !== ids.length) return;
  ledger.judge('FUND-31', x, descendingOrdersOf(ids).length > 0, () => `GET ${x.apiPath} is not sorted by application id descending (as text or as numbers): ${ids.slice(0, 6).map(shown).join(', ')}${ids.length > 6 ? ', ...' : ''}`);
}
