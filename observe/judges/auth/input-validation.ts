import type { EndpointId } from '../../../spec/endpoints.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, Reads } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsInput, detailsType } from '../answer-kinds.js';
import { BODY_CHECKED_ENDPOINTS, bodyProblems, type BodyProblems } from './body-problems.js';
import { invalidPdfType, listQueryProblems } from './query-parameters.js';
import { answerShown, jsonWriteEndpoint, parsedBody, requestMediaType, shown, typeWhereGiven, withinBodyLimit, writeBodyOf } from './request-facts.js';
import { PDF_ROW } from '../documents/document-reads.js';

const FUNDING_LISTS: ReadonlySet<EndpointId> = new Set(['funding.list', 'funding.project-list'] as const);

/** The rows whose queries or bodies the tables fix; a 429 answers any input, so it is not judged. */
const READS: Reads = { endpoints: [...FUNDING_LISTS, PDF_ROW, ...BODY_CHECKED_ENDPOINTS] };

/**
 * The 422 validation rows of the error table on the bodies and queries whose members and values the
 * spec's tables fix: write bodies, the funding lists' parameters, the pdf `type` (ERR-16 to 20).
 * Precedence (FREE-ERR-7: 401, 403, 404), 429 and 5xx explain any answer; a 400 may be the strict
 * reading of a body JSON.parse takes (a member name twice) and a 415 is ERR-27's, so neither is
 * judged here.
 */
export function inputValidationJudge(): Judge {
  return {
    rules: ['ERR-16', 'ERR-17', 'ERR-18', 'ERR-19', 'ERR-20'],
    reads: READS,
    see(x, ledger) {
      if (x.endpoint !== undefined && FUNDING_LISTS.has(x.endpoint.id)) listQuery(x, ledger);
      else if (x.endpoint?.id === PDF_ROW) pdfQuery(x, ledger);
      else writeBody(x, ledger);
    },
  };
}

/** "422 | `validation` | unknown field, wrong type, invalid value, both envelope names, unknown or invalid list parameter" */
function isValidationRefusal(x: ExchangeView): boolean {
  return x.status === 422 && typeWhereGiven(x, 'validation');
}

function listed(names: readonly string[]): string {
  return names.slice(0, 3).map((n) => shown(n, 40)).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
}

function writeBody(x: ExchangeView, ledger: Ledger): void {
  const endpoint = jsonWriteEndpoint(x);
  if (endpoint === undefined || !answeredOnItsInput(x) || x.status === 400 || x.status === 415) return;
  const body = writeBodyOf(x);
  if (body === undefined || body.bytes === 0 || !withinBodyLimit(body) || requestMediaType(x) !== 'json') return;
  const parsed = parsedBody(x);
  if (parsed.kind !== 'json') return;
  const problems = bodyProblems(endpoint.id, parsed.value);
  if (problems === undefined) return;
  judgeBody(x, problems, ledger);
}

function judgeBody(x: ExchangeView, problems: BodyProblems, ledger: Ledger): void {
  const what = `${x.method} ${x.apiPath}`;
  const refused = isValidationRefusal(x);
  if (problems.unknown.length > 0) ledger.judge('ERR-16', x, refused, () => `${what} with the unknown field(s) ${listed(problems.unknown)} answered ${answerShown(x)}, not 422 validation`);
  if (problems.wrongType.length > 0) ledger.judge('ERR-17', x, refused, () => `${what} with a value of the wrong type in ${listed(problems.wrongType)} answered ${answerShown(x)}, not 422 validation`);
  if (problems.invalid.length > 0) ledger.judge('ERR-18', x, refused, () => `${what} with an invalid value in ${listed(problems.invalid)} answered ${answerShown(x)}, not 422 validation`);
  if (problems.bothEnvelopes) ledger.judge('ERR-19', x, refused, () => `${what} with both projectData and projektData answered ${answerShown(x)}, not 422 validation`);
}

function listQuery(x: ExchangeView, ledger: Ledger): void {
  if (!answeredOnItsInput(x)) return;
  const problems = listQueryProblems(x.rawQuery);
  if (problems === undefined) return;
  const all = [...problems.unknown, ...problems.invalid];
  // A list parameter out of its range is ERR-20's "invalid list parameter" before it is ERR-18's invalid value.
  if (all.length > 0) ledger.judge('ERR-20', x, isValidationRefusal(x), () => `${x.method} ${x.apiPath} with the unknown or invalid parameter(s) ${listed(all)} answered ${answerShown(x)}, not 422 validation`);
}

function pdfQuery(x: ExchangeView, ledger: Ledger): void {
  const type = invalidPdfType(x.rawQuery);
  if (type === undefined || !answeredOnItsInput(x)) return;
  // "query `type`: `service` (default) or `check`"; a project without sufficient data meets the calculation_unavailable row too (FREE-ERR-7).
  const ok = x.status === 422 && (typeWhereGiven(x, 'validation') || detailsType(x) === 'calculation_unavailable');
  ledger.judge('ERR-18', x, ok, () => `${x.method} ${x.apiPath} with type=${shown(type, 30)} answered ${answerShown(x)}, not 422 validation`);
}
