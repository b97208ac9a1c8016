import { descendingOrdersOf, FUNDING_PAGINATION } from '../../../spec/contract/funding.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import { listKeyOf, listedApplicationsState, type Around } from './listed.js';
import { expectedPageLength, listQueryOf, refusedParameters, type ListQuery } from './query.js';
import { fundingReadOf, LIST_READ_ROWS, shown } from './reads.js';
import { isPlainObject } from '../../json-value.js';

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
export function listPagingJudge(context: JudgeContext): Judge {
  const listed = context.shared(listedApplicationsState);
  return {
    rules: ['FUND-25', 'FUND-26', 'FUND-31', 'FUND-33'],
    // The list answers; a 429 neither shows a page nor adds to the listed applications (200s only).
    reads: { endpoints: LIST_READ_ROWS },
    see(x, ledger) {
      const read = fundingReadOf(x);
      if (read !== 'customer-list' && read !== 'project-list') return;
      const around = x.status === 200 && x.customer !== undefined ? listed.around(x, x.customer, listKeyOf(x, read)) : undefined;
      const clean = answeredOnItsInput(x) ? listQueryOf(x)?.clean : undefined;
      if (clean && x.status === 422) defaultsRefused(x, ledger, clean);
      if (x.status !== 200 || !x.responseBodyRecorded) return;
      const paging = pagingOf(x.responseJson);
      if (paging === undefined) return;
      order(x, ledger, paging.applications);
      if (clean) describesRequest(x, ledger, paging, clean, around);
    },
  };
}

function pagingOf(body: unknown): Paging | undefined {
  if (!isPlainObject(body) || !Array.isArray(body.applications)) return undefined;
  const total = Number.isInteger(body.total) && (body.total as number) >= 0 ? (body.total as number) : undefined;
  return { applications: body.applications, total, page: body.page, limit: body.limit };
}

/**
 * A parameter left out takes its default: its absence is no reason for a 422. Charged only where
 * the refusal is for an absent one: it names it (`details.field`), or the query gave none.
 */
function defaultsRefused(x: ExchangeView, ledger: Ledger, clean: Clean): void {
  const refusedFor = refusedParameters(x, clean);
  if (!clean.pageGiven && refusedFor.includes('page')) ledger.broke('FUND-25', x, `GET ${x.apiPath} without \`page\` (and a valid query) answered 422 instead of page 1`);
  if (!clean.limitGiven && refusedFor.includes('limit')) ledger.broke('FUND-26', x, `GET ${x.apiPath} without \`limit\` (and a valid query) answered 422 instead of limit 50`);
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/**
 * The members against the request: "`page` starts at 1" (FUND-25: page 1, given or by default, is
 * the first page), "`limit` default 50" (FUND-26), and FUND-33 for the `page` and `limit` the
 * request gave and the size of a later page. A page past the end is FUND-32's (pages.ts); a page
 * of a request without `limit` is sized by the limit the answer reports, whose default FUND-26 judges;
 * but a page past a `total` below the applications its list just showed fails FUND-33 (listed.ts).
 */
function describesRequest(x: ExchangeView, ledger: Ledger, paging: Paging, clean: Clean, around: Around | undefined): void {
  const { applications, total } = paging;
  const limit = !clean.limitGiven && isCount(paging.limit) ? paging.limit : clean.limit;
  const pastTheEnd = total !== undefined && (clean.page - 1) * limit >= total;
  const expected = total === undefined || pastTheEnd ? undefined : expectedPageLength(total, clean.page, limit);
  const sizeFits = applications.length <= limit && (expected === undefined || applications.length === expected);
  const size = { count: applications.length, page: clean.page, limit, total, expected };
  if (clean.page === FUNDING_PAGINATION.firstPage) {
    const pageShown = clean.pageGiven || paging.page === FUNDING_PAGINATION.firstPage;
    ledger.judge('FUND-25', x, pageShown && sizeFits, () => (pageShown ? `${requestOf(x)} is not the first page: ${sizeOf(size)}` : `${requestOf(x)} without \`page\` answered page ${shown(paging.page)}, not 1`));
  }
  if (!clean.limitGiven) ledger.judge('FUND-26', x, paging.limit === FUNDING_PAGINATION.defaultLimit, () => `GET ${x.apiPath} without \`limit\` answered limit ${shown(paging.limit)}, not 50`);
  // A page past a total the list just showed more applications than: the total does not count the list.
  if (pastTheEnd && around !== undefined && total !== undefined && around.ids.size > total) {
    ledger.broke('FUND-33', x, `${requestOf(x)} reports total ${total}, but it and the pages of its list read just before show ${around.ids.size} different applications`, around.proof);
    return;
  }
  const echoed = (!clean.pageGiven || paging.page === clean.page) && (!clean.limitGiven || paging.limit === clean.limit);
  ledger.judge('FUND-33', x, echoed && applications.length <= limit && (clean.page === FUNDING_PAGINATION.firstPage || sizeFits), () =>
    echoed ? `${requestOf(x)} answered ${sizeOf(size)}` : `${requestOf(x)} answered page ${shown(paging.page)} and limit ${shown(paging.limit)}, not ${clean.page} and ${clean.limit}`,
  );
}

/**
 * The request and the page's size as messages show them, written only for a failure. Functions of
 * the module, not closures made per answer: under tsx, which keeps functions' names, a named
 * closure costs a defineProperty whenever one is made.
 */
const requestOf = (x: ExchangeView) => `GET ${x.apiPath}${x.rawQuery === '' ? '' : `?${x.rawQuery.slice(0, 60)}`}`;
const sizeOf = ({ count, page, limit, total, expected }: { count: number; page: number; limit: number; total?: number; expected?: number }) =>
  `${count} applications at page ${page}, limit ${limit}${total === undefined ? '' : ` of total ${total}${expected === undefined ? '' : ` (expected ${expected})`}`}`;

/** An order needs two applications; duplicates and ids of other types are other rules' (FUND-5). */
function order(x: ExchangeView, ledger: Ledger, applications: readonly unknown[]): void {
  const ids = applications.map((a) => (isPlainObject(a) ? a.applicationId : undefined));
  if (ids.length < 2 || !ids.every((id): id is string => typeof id === 'string') || new Set(ids).size !== ids.length) return;
  ledger.judge('FUND-31', x, descendingOrdersOf(ids).length > 0, () => `GET ${x.apiPath} is not sorted by application id descending (as text or as numbers): ${ids.slice(0, 6).map(shown).join(', ')}${ids.length > 6 ? ', ...' : ''}`);
}
