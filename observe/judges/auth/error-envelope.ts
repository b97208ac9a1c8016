import { isGatewayAnswer } from '../../../harness-core/lost-reads.js';
import {
  calculationUnavailableErrorSchema,
  envelopeMatchesHttpStatus,
  errorDetailsSchema,
  errorEnvelopeSchema,
} from '../../../spec/contract/error-envelope.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import { detailsType } from '../answer-kinds.js';
import { rememberedCheck } from '../../judge/remembered-checks.js';
import { rememberedPerAnswer } from './remembered-answers.js';
import { envelopeDetails, errorBodyReadable, hasEnvelope, refusedBeforeTheApi, shown } from './request-facts.js';
import { isPlainObject } from '../../json-value.js';

const isStatus = rememberedCheck(errorEnvelopeSchema.shape.status);
const isMessage = rememberedCheck(errorEnvelopeSchema.shape.error);
const isType = rememberedCheck(errorDetailsSchema.shape.type);
const isField = rememberedCheck(errorDetailsSchema.shape.field);
const isCalculationStatus = rememberedCheck(calculationUnavailableErrorSchema.shape.details.shape.calculationStatus);

/**
 * An error answer of the API itself: a gateway's 502 or 504 is no answer of the target, and the
 * HTTP layer may refuse a request-target that is no valid URI before the API sees it (FREE-ERR-8).
 */
function isErrorOfTheApi(x: ExchangeView): boolean {
  return x.apiPath !== undefined && x.status >= 400 && !isGatewayAnswer(x.status) && errorBodyReadable(x) && !refusedBeforeTheApi(x);
}

/** A rule judged on an answer: whether it holds, and the message should it not. */
type Judgement = readonly [rule: string, holds: boolean, message: () => string];

/** The envelope of every error answer and the `details.type` of the rows every answer of a status shares (ERR-1 to 6, 10, 11, 21). */
export function errorEnvelopeJudge({ links }: JudgeContext): Judge {
  return {
    rules: ['ERR-1', 'ERR-2', 'ERR-3', 'ERR-5', 'ERR-6', 'ERR-10', 'ERR-11', 'ERR-21'],
    see(x, ledger) {
      // Most answers are no errors: told by their status before the links are asked.
      if (x.status < 400 || x.apiPath === undefined || links.fetches(x) || !isErrorOfTheApi(x)) return;
      for (const [rule, holds, message] of judgementsOf(x)) ledger.judge(rule, x, holds, message);
    },
  };
}

const contentTypeOf = (x: ExchangeView) => (x.responseHeader('content-type') ?? '').trim();

/** The judgements depend on the status, the media type and the body alone. */
const judgementsOf = rememberedPerAnswer(judgements, contentTypeOf);

function judgements(x: ExchangeView): Judgement[] {
  const out: Judgement[] = [];
  envelope(x, out);
  rows(x, out);
  return out;
}

function envelope(x: ExchangeView, out: Judgement[]): void {
  const status = x.status;
  const contentType = contentTypeOf(x);
  // "Envelope: `{status: <http status number>, error: <German message string>, details: {type: <string>, field?: <string>}}`", sent as JSON.
  if (!hasEnvelope(x)) {
    const shownBody = shown(x.responseJson ?? x.responseBody.kind);
    out.push(['ERR-1', false, () => `the ${status} answer is not the envelope {status, error, details}: ${shownBody}`]);
  } else out.push(['ERR-1', /^application\/json\s*(;|$)/i.test(contentType), () => `the ${status} error envelope is sent as "${contentType.slice(0, 60)}", not application/json`]);

  const body = x.responseJson;
  if (!isPlainObject(body)) return;
  // "status: <http status number>"
  out.push(['ERR-2', isStatus(body.status) && envelopeMatchesHttpStatus(body as { status: number }, status), () => `the ${status} envelope carries status ${shown(body.status)}`]);
  // "error: <German message string>" (FREE-ERR-1: any wording, never blank).
  out.push(['ERR-3', isMessage(body.error) && String(body.error).trim() !== '', () => `the ${status} envelope carries error ${shown(body.error)}, not a message`]);
  // "details: {type: <string>, ...}" with a type of the error table; which row's is the row rules' (ERR-9 to 21).
  const type = envelopeDetails(x)?.type;
  out.push(['ERR-5', isType(type), () => `the ${status} envelope carries details.type ${shown(type)}, which the error table does not have`]);
  // "`field?: <string>`": judged where an answer carries one (FREE-ERR-2: never required, never its value).
  const details = envelopeDetails(x);
  if (details !== undefined && 'field' in details) {
    out.push(['ERR-6', isField(details.field), () => `the ${status} envelope carries details.field ${shown(details.field)}, not a string`]);
  }
}

/** The rows that are the only ones of their status, and the one row with a further detail; an answer without a type is ERR-5's. */
function rows(x: ExchangeView, out: Judgement[]): void {
  const type = detailsType(x);
  if (type === undefined) return;
  const status = x.status;
  // "403 | `authorization` | project, license or function right missing"
  if (status === 403) out.push(['ERR-10', type === 'authorization', () => `a 403 carries details.type ${shown(type)}, not "authorization"`]);
  // "404 | `not_found` | project, room or application missing or owned by another customer; malformed paths"
  if (status === 404) out.push(['ERR-11', type === 'not_found', () => `a 404 carries details.type ${shown(type)}, not "not_found"`]);
  // "422 | `calculation_unavailable` (with `calculationStatus` = `unavailable`)"
  if (type === 'calculation_unavailable') {
    const calculationStatus = envelopeDetails(x)?.calculationStatus;
    const ok = status === 422 && isCalculationStatus(calculationStatus);
    out.push(['ERR-21', ok, () => `an answer of type calculation_unavailable came with HTTP ${status} and details.calculationStatus ${shown(calculationStatus)}`]);
  }
}
