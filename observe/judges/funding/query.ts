import { FUNDING_PAGINATION } from '../../../spec/contract/funding.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { isPlainObject } from '../../json-value.js';

const readListQueryFact = fact(readListQuery);

/**
 * How a `page` or `limit` value reads against endpoint rule 10 ("`page` starts at 1; `limit` default
 * 50, maximum 100; maximum page value 1000000 ... Unknown or invalid list parameters give 422"):
 * - `valid`: a plain positive integer within the range;
 * - `out-of-range`: an integer that is 0, negative or above the maximum (in any spelling);
 * - `not-integer`: a fraction, or no number at all (`abc`, empty);
 * - `undecided`: spellings the spec does not settle (`01`, `1.0`, `1e2`, `+1`, spaces), repeated
 *   parameters, a name without `=`: the judges leave them alone.
 */
export type ValueReading = 'valid' | 'out-of-range' | 'not-integer' | 'undecided';

export type ListParameter = 'page' | 'limit';

const MAXIMUM: Readonly<Record<ListParameter, number>> = { page: FUNDING_PAGINATION.maxPage, limit: FUNDING_PAGINATION.maxLimit };

/** A funding list query as a server reads it. */
export interface ListQuery {
  /** Parameter names other than `page` and `limit` (names are case-sensitive: `Limit` is unknown). */
  unknown: string[];
  page?: ValueReading;
  limit?: ValueReading;
  /** When every parameter is known and valid: the page and limit the answer must describe, defaults filled in. */
  clean?: { page: number; limit: number; pageGiven: boolean; limitGiven: boolean };
}

export function readValue(value: string | undefined, parameter: ListParameter): ValueReading {
  if (value === undefined) return 'undecided';
  const max = MAXIMUM[parameter];
  if (/^[1-9]\d*$/.test(value)) return value.length <= 15 && Number(value) <= max ? 'valid' : 'out-of-range';
  if (/^-?0+$/.test(value) || /^-\d+$/.test(value)) return 'out-of-range';
  // Leading zeros: the value is clear only when it lies outside the range anyway.
  if (/^0+\d+$/.test(value)) return atMost15Digits(value.replace(/^0+/, '')) > max ? 'out-of-range' : 'undecided';
  const fraction = /^-?\d*\.(\d+)$/.exec(value)?.[1];
  if (fraction !== undefined) return /[1-9]/.test(fraction) ? 'not-integer' : 'undecided';
  return /\d/.test(value) ? 'undecided' : 'not-integer';
}

const atMost15Digits = (digits: string) => (digits.length > 15 ? Infinity : Number(digits));

/**
 * The list query of a request, or undefined when its text does not decode (a server may answer that
 * as it likes). Shared by the judges of a list request: none may change it.
 */
export function listQueryOf(x: ExchangeView): ListQuery | undefined {
  return x.derived(readListQueryFact);
}

function readListQuery(x: ExchangeView): ListQuery | undefined {
  const pairs: Pair[] = [];
  for (const part of x.rawQuery.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const name = decoded(at === -1 ? part : part.slice(0, at));
    const value = at === -1 ? undefined : decoded(part.slice(at + 1));
    if (name === undefined || (at !== -1 && value === undefined)) return undefined;
    pairs.push({ name, value });
  }
  // A name that is empty is no parameter a server agrees on.
  if (pairs.some((p) => p.name === '')) return undefined;
  const unknown = [...new Set(pairs.filter((p) => p.name !== 'page' && p.name !== 'limit').map((p) => p.name))];
  const page = readingOf(pairs, 'page');
  const limit = readingOf(pairs, 'limit');
  const query: ListQuery = { unknown, page, limit };
  if (unknown.length === 0 && (page === undefined || page === 'valid') && (limit === undefined || limit === 'valid')) {
    query.clean = {
      page: page === undefined ? FUNDING_PAGINATION.firstPage : valueOf(pairs, 'page'),
      limit: limit === undefined ? FUNDING_PAGINATION.defaultLimit : valueOf(pairs, 'limit'),
      pageGiven: page !== undefined,
      limitGiven: limit !== undefined,
    };
  }
  return query;
}

/** A parameter of the query, decoded. */
interface Pair {
  name: string;
  value: string | undefined;
}

/**
 * How `parameter` reads, undefined when it is not sent. A function of the module, not a closure
 * made per query: under tsx, which keeps functions' names, a named closure costs a defineProperty
 * whenever one is made.
 */
function readingOf(pairs: readonly Pair[], parameter: ListParameter): ValueReading | undefined {
  const sent = pairs.filter((p) => p.name === parameter);
  if (sent.length === 0) return undefined;
  return sent.length === 1 ? readValue(sent[0]?.value, parameter) : 'undecided';
}

const valueOf = (pairs: readonly Pair[], parameter: ListParameter) => Number(pairs.find((p) => p.name === parameter)?.value);

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** How many applications page `page` of `total` holds at `limit`: full pages, the remainder, then none. */
export function expectedPageLength(total: number, page: number, limit: number): number {
  return Math.max(0, Math.min(limit, total - (page - 1) * limit));
}

/**
 * The parameters a 422 to a valid query may be for: the one its envelope names (`details.field`,
 * which "is not always present"), else those the query gave, else both (their defaults).
 */
export function refusedParameters(x: ExchangeView, clean: NonNullable<ListQuery['clean']>): ListParameter[] {
  const body = x.responseJson;
  const field = isPlainObject(body) && isPlainObject(body.details) ? body.details.field : undefined;
  if (field === 'page' || field === 'limit') return [field];
  const given = (['page', 'limit'] as const).filter((p) => (p === 'page' ? clean.pageGiven : clean.limitGiven));
  return given.length > 0 ? given : ['page', 'limit'];
}
