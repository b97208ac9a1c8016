import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import { listQueryOf, refusedParameters, type ListParameter, type ListQuery } from './query.js';
import { fundingReadOf, LIST_READ_ROWS } from './reads.js';

/** The customer list's rule per kind of wrong parameter; the project list has one rule for all (FUND-38). */
const CUSTOMER_LIST_RULES = { limit: 'FUND-27', page: 'FUND-28', notInteger: 'FUND-29', unknown: 'FUND-30' } as const;

/**
 * The status of every funding list request against its query (endpoint rule 10): "Unknown or
 * invalid list parameters give 422", and a valid query is no reason for one. Judged only where
 * nothing else explains the answer: 429 and 5xx answer anything, and 401, 403 and 404 (a foreign
 * project) take precedence (FREE-ERR-7).
 */
export function listParameterJudge(): Judge {
  return {
    rules: ['FUND-27', 'FUND-28', 'FUND-29', 'FUND-30', 'FUND-38'],
    // The list requests, where a 429 says nothing of the query.
    reads: { endpoints: LIST_READ_ROWS },
    see(x, ledger) {
      const read = fundingReadOf(x);
      if ((read !== 'customer-list' && read !== 'project-list') || !answeredOnItsInput(x)) return;
      const query = listQueryOf(x);
      if (query === undefined) return;
      invalid(x, ledger, query, read);
      if (query.clean) valid(x, ledger, query.clean, read);
    },
  };
}

type ListRead = 'customer-list' | 'project-list';

const ruleOf = (read: ListRead, kind: keyof typeof CUSTOMER_LIST_RULES) => (read === 'project-list' ? 'FUND-38' : CUSTOMER_LIST_RULES[kind]);

function must422(x: ExchangeView, ledger: Ledger, rule: string, what: string): void {
  ledger.judge(rule, x, x.status === 422, () => `GET ${x.apiPath} with ${what} answered ${x.status}, not 422`);
}

/**
 * The invalid parameters must give 422. The rules are picked and judged by functions of the module,
 * not by closures made per request: under tsx, which keeps functions' names, a named closure costs
 * a defineProperty whenever one is made.
 */
function invalid(x: ExchangeView, ledger: Ledger, query: ListQuery, read: ListRead): void {
  // "limit ... maximum 100; maximum page value 1000000", "`page` starts at 1".
  for (const parameter of BOTH) {
    const reading = query[parameter];
    if (reading === 'out-of-range') must422(x, ledger, ruleOf(read, parameter), `${parameter} out of range (?${x.rawQuery.slice(0, 80)})`);
    if (reading === 'not-integer') must422(x, ledger, ruleOf(read, 'notInteger'), `a ${parameter} that is not an integer (?${x.rawQuery.slice(0, 80)})`);
  }
  if (query.unknown.length > 0) must422(x, ledger, ruleOf(read, 'unknown'), `the unknown parameter ${query.unknown.slice(0, 3).map((n) => JSON.stringify(n.slice(0, 40))).join(', ')}`);
}

const BOTH = ['page', 'limit'] as const satisfies readonly ListParameter[];

/** A query of known parameters with valid values (or none: the defaults) is valid: no 422, charged to the rule of the parameter refused. */
function valid(x: ExchangeView, ledger: Ledger, clean: NonNullable<ListQuery['clean']>, read: ListRead): void {
  const rules = new Set<string>();
  const refusedFor: readonly ListParameter[] = x.status === 422 ? refusedParameters(x, clean) : BOTH;
  if (clean.limitGiven && refusedFor.includes('limit')) rules.add(ruleOf(read, 'limit'));
  if (clean.pageGiven && refusedFor.includes('page')) rules.add(ruleOf(read, 'page'));
  // A 422 that may be either parameter's (its envelope names none: "not always present", or the
  // recording holds no body) broke one rule or the other: charged to neither, as either may be innocent.
  if (x.status === 422 && rules.size > 1) return;
  for (const rule of rules) ledger.judge(rule, x, x.status !== 422, () => `GET ${x.apiPath} with the valid query ?${x.rawQuery.slice(0, 80)} answered 422`);
}
