import { fundingListQuerySchema } from '../../../spec/contract/funding.js';
import { endpointById } from '../../../spec/endpoints.js';

/**
 * What a funding list query breaks: "Query: `page` starts at 1; `limit` default 50, maximum 100;
 * maximum page value 1000000 ... Unknown or invalid list parameters give 422." Names are compared
 * as sent (`Limit` is unknown). Left out as doubtful: a repeated `page` or `limit`, one without `=`,
 * and spellings that may or may not be integers (`1.0`, `+1`, `1e2`).
 */
export interface QueryProblems {
  unknown: string[];
  /** An integer outside its range, or no integer by any spelling: empty, letters, a fraction. */
  invalid: string[];
}

type ListParameter = keyof typeof fundingListQuerySchema.shape;
const LIST_PARAMETERS: readonly string[] = Object.keys(fundingListQuerySchema.shape);

/** A query's parameters in order, decoded as forms decode them; undefined when one does not decode. */
function queryPairs(rawQuery: string): { name: string; value?: string }[] | undefined {
  const pairs: { name: string; value?: string }[] = [];
  for (const piece of rawQuery.split('&').filter((p) => p !== '')) {
    const at = piece.indexOf('=');
    const name = decoded(at === -1 ? piece : piece.slice(0, at));
    const value = at === -1 ? undefined : decoded(piece.slice(at + 1));
    if (name === undefined || (at !== -1 && value === undefined)) return undefined;
    pairs.push({ name, ...(value !== undefined && { value }) });
  }
  return pairs;
}

/** The query asked about last, and its problems: a client lists with the same query again and again. */
let lastList: { rawQuery: string; problems: QueryProblems | undefined } | undefined;

/** The problems of a funding list's raw query string; undefined when it does not decode. Shared with later askers: none may change them. */
export function listQueryProblems(rawQuery: string): QueryProblems | undefined {
  if (lastList?.rawQuery !== rawQuery) lastList = { rawQuery, problems: problemsOf(rawQuery) };
  return lastList.problems;
}

function problemsOf(rawQuery: string): QueryProblems | undefined {
  const pairs = queryPairs(rawQuery);
  if (pairs === undefined) return undefined;
  const problems: QueryProblems = { unknown: [], invalid: [] };
  for (const { name, value } of pairs) {
    if (name === '') continue;
    if (!LIST_PARAMETERS.includes(name)) {
      problems.unknown.push(name);
      continue;
    }
    if (value === undefined || pairs.filter((p) => p.name === name).length > 1) continue;
    const shown = `${name}=${value}`;
    if (/^-?\d+$/.test(value)) {
      if (!fundingListQuerySchema.shape[name as ListParameter].safeParse(Number(value)).success) problems.invalid.push(shown);
    } else if (value === '' || /^[A-Za-z]+$/.test(value) || /^-?\d+\.\d*[1-9]\d*$/.test(value)) problems.invalid.push(shown);
  }
  return problems;
}

const PDF_TYPES: readonly string[] = endpointById('reports.pdf').query.find((q) => q.name === 'type')?.values ?? [];

/**
 * A pdf `type` outside "`service` (default) or `check`": a word of letters that is neither in any
 * case (whether `Service` is the same value the spec does not say); undefined when there is none.
 */
export function invalidPdfType(rawQuery: string): string | undefined {
  const types = queryPairs(rawQuery)?.filter((p) => p.name === 'type');
  const value = types?.length === 1 ? types[0]?.value : undefined;
  return value !== undefined && /^[A-Za-z]+$/.test(value) && !PDF_TYPES.includes(value.toLowerCase()) ? value : undefined;
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
