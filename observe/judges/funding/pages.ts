import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, mayFollowClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import { APPLICATIONS_REMEMBERED, CUSTOMERS_REMEMBERED, PROJECTS_REMEMBERED, renewed } from './memory.js';
import { listKeyOf, listedApplicationsState } from './listed.js';
import { expectedPageLength, listQueryOf, type ListQuery } from './query.js';
import { closeInSequence, decodedParameter, FUNDING_READ_ROWS, fundingReadOf, identifiedApplications, shown } from './reads.js';
import { isPlainObject } from '../../json-value.js';

type Clean = NonNullable<ListQuery['clean']>;

/** A page of the customer list as the walk keeps it. */
interface Page {
  ids: string[];
  from: ExchangeView;
}

/** The pages of the customer list read at one `limit` while they reported the same `total`. */
interface Walk {
  total: number;
  pages: Map<number, Page>;
}

/** All pages of the customer list, read close together: every application of the customer. */
interface CompleteWalk {
  ids: Set<string>;
  pages: ExchangeView[];
}

interface Customer {
  /** The last `total` of each list (the customer's, or a project's by the key as requested). */
  totals: BoundedMap<string, { total: number; from: ExchangeView }>;
  walks: BoundedMap<number, Walk>;
  complete?: CompleteWalk;
  /** Applications the customer read singly or in a project list; made at the first (most customers read only their list, and an empty map forgets nothing). */
  seen?: BoundedMap<string, { id: string; from: ExchangeView }>;
}

/** Walks at this many different limits are followed at once. */
const LIMITS_FOLLOWED = 8;


/**
 * The pages of a customer's lists in sequence (endpoint rule 10): "pages past the end are empty
 * lists" (FUND-32), and "Standalone, archived and canceled applications appear in
 * `/funding/applications`": an application the customer read singly or in a project list is on
 * the pages of its customer list read around it (FUND-39). "Pages may shift under parallel
 * changes": only pages and reads close in time are compared, and a walk whose `total` changes
 * starts anew.
 */
export function listPagesJudge(context: JudgeContext): Judge {
  const customers = new BoundedMap<string, Customer>(CUSTOMERS_REMEMBERED, SEQUENCE_HORIZON_MS);
  const listed = context.shared(listedApplicationsState);
  return {
    rules: ['FUND-32', 'FUND-39'],
    // The funding reads, 429s too: any answer to one renews its customer's entry.
    reads: { endpoints: FUNDING_READ_ROWS, tooManyRequests: true },
    see(x, ledger) {
      const read = fundingReadOf(x);
      if (read === undefined || x.customer === undefined) return;
      const customer = renewed(customers, x.customer, newCustomer, x.answeredAt);
      if (read === 'single') {
        const id = decodedParameter(x.params.applicationId);
        const application = identifiedApplications(x)[0];
        if (id !== undefined && application?.applicationId === id) seenElsewhere(x, ledger, customer, [id]);
        return;
      }
      const list = listKeyOf(x, read);
      const shown = x.status === 200 ? listed.around(x, x.customer, list).possibly : 0;
      const clean = answeredOnItsInput(x) || x.status === 404 ? listQueryOf(x)?.clean : undefined;
      if (clean === undefined) return;
      const answer = listOf(x);
      pastTheEnd(x, ledger, customer, list, clean, read === 'project-list', shown, answer);
      if (read === 'project-list') {
        if (x.status === 200) seenElsewhere(x, ledger, customer, identifiedApplications(x).map((a) => a.applicationId as string));
      } else walkPage(x, ledger, customer, clean, answer);
    },
  };
}

/** A walk's pages are let go as they fall behind the horizon, and the walk with its customer. */
const newCustomer = (): Customer => ({
  totals: new BoundedMap(PROJECTS_REMEMBERED, SEQUENCE_HORIZON_MS),
  walks: new BoundedMap(LIMITS_FOLLOWED),
});

/** `total` and the applications of a 200 list answer, when the body shows them. */
interface ListAnswer {
  total?: number;
  applications: unknown[];
}

function listOf(x: ExchangeView): ListAnswer | undefined {
  if (x.status !== 200 || !x.responseBodyRecorded) return undefined;
  const body = x.responseJson;
  if (!isPlainObject(body) || !Array.isArray(body.applications)) return undefined;
  const total = Number.isInteger(body.total) && (body.total as number) >= 0 ? (body.total as number) : undefined;
  return { applications: body.applications, total };
}

/** Whether the page lies past the end of `total` (a function of the module: under tsx, a named closure costs a defineProperty whenever one is made). */
const pastOf = (clean: Clean, total: number) => (clean.page - 1) * clean.limit >= total;

/** `shown`: the different applications the list may have shown with this answer and just before it (listed.ts `Around.possibly`). */
function pastTheEnd(x: ExchangeView, ledger: Ledger, customer: Customer, list: string, clean: Clean, projectList: boolean, shown: number, answer: ListAnswer | undefined): void {
  const earlier = customer.totals.get(list);
  if (answer?.total !== undefined) {
    customer.totals.set(list, { total: answer.total, from: x }, x.answeredAt);
    // The answer's own total is the latest word on where the end is, unless the list showed more
    // applications than it counts: then the total, not the page, fails to describe the list (FUND-33, paging.ts).
    if (pastOf(clean, answer.total) && shown <= answer.total) {
      ledger.judge('FUND-32', x, answer.applications.length === 0, () => `GET ${x.apiPath}?${x.rawQuery.slice(0, 60)} lies past the end (total ${answer.total}) but holds ${answer.applications.length} applications`);
    }
    return;
  }
  if (earlier === undefined || !followsClosely(earlier.from, x) || !pastOf(clean, earlier.total)) return;
  const where = `GET ${x.apiPath}?${x.rawQuery.slice(0, 60)}, past the end of the total ${earlier.total} answered just before,`;
  if (answer !== undefined) ledger.judge('FUND-32', x, answer.applications.length === 0, () => `${where} holds ${answer.applications.length} applications`, [earlier.from]);
  // A foreign or vanished project answers 404 whatever its page; the customer's own list has no such excuse.
  else if (x.status !== 200 && !(projectList && x.status === 404)) ledger.broke('FUND-32', x, `${where} answered ${x.status}, not an empty list`, [earlier.from]);
}

function walkPage(x: ExchangeView, ledger: Ledger, customer: Customer, clean: Clean, answer: ListAnswer | undefined): void {
  if (answer?.total === undefined) return;
  const { total } = answer;
  const ids = answer.applications.map((a) => (isPlainObject(a) ? a.applicationId : undefined));
  // A page that contradicts its own total or ids is another rule's failure (FUND-5, FUND-33), and no base for this one.
  if (!ids.every((id): id is string => typeof id === 'string') || new Set(ids).size !== ids.length || ids.length !== expectedPageLength(total, clean.page, clean.limit)) return;
  const needed = Math.max(1, Math.ceil(total / clean.limit));
  if (clean.page > needed) return;
  let walk = customer.walks.get(clean.limit);
  if (walk === undefined || walk.total !== total) {
    walk = { total, pages: new Map() };
    customer.walks.set(clean.limit, walk);
  }
  // Pages are let go once behind the horizon or under way with this one; an order the stamps leave open keeps them (FUND-39 asks for a certain one).
  for (const [page, kept] of walk.pages) if (!mayFollowClosely(kept.from, x)) walk.pages.delete(page);
  walk.pages.set(clean.page, { ids, from: x });
  if (walk.pages.size < needed) return;
  const pages = [...walk.pages.values()];
  const all = new Set(pages.flatMap((p) => p.ids));
  if (all.size !== total) return;
  const complete: CompleteWalk = { ids: all, pages: pages.map((p) => p.from) };
  customer.complete = complete;
  if (customer.seen) for (const { id, from } of customer.seen.values()) appearsIn(from, ledger, complete, id);
}

/** Applications read outside the customer list: each must be on its complete walk close around. */
function seenElsewhere(x: ExchangeView, ledger: Ledger, customer: Customer, ids: readonly string[]): void {
  for (const id of ids) {
    (customer.seen ??= new BoundedMap(APPLICATIONS_REMEMBERED, SEQUENCE_HORIZON_MS)).set(id, { id, from: x }, x.answeredAt);
    if (customer.complete) appearsIn(x, ledger, customer.complete, id);
  }
}

function appearsIn(read: ExchangeView, ledger: Ledger, walk: CompleteWalk, id: string): void {
  if (!walk.pages.every((page) => closeInSequence(page, read))) return;
  ledger.judge('FUND-39', read, walk.ids.has(id), () => `application ${shown(id)}, read by GET ${read.apiPath}, is missing from all ${walk.ids.size} applications of GET /funding/applications read around it`, walk.pages.slice(0, 3));
}
