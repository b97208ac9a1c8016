import { isGatewayAnswer } from '../../../harness-core/lost-reads.js';
import {
  calculationUnavailableErrorSchema,
  envelopeMatchesHttpStatus,
  errorDetailsSchema,
  errorEnvelopeSchema,
} from '../../../spec/contract/error-envelope.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { detailsType } from '../answer-kinds.js';
import { rememberedCheck } from '../../judge/remembered-checks.js';
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

/** The envelope of every error answer and the `details.type` of the rows every answer of a status shares (ERR-1 to 6, 10, 11, 21). */
export function errorEnvelopeJudge({ links }: JudgeContext): Judge {
  return {
    rules: ['ERR-1', 'ERR-2', 'ERR-3', 'ERR-5', 'ERR-6', 'ERR-10', 'ERR-11', 'ERR-21'],
    see(x, ledger) {
      if (x.apiPath === undefined || links.fetches(x)) return;
      if (!isErrorOfTheApi(x)) return;
      envelope(x, ledger);
      rows(x, ledger);
    },
  };
}

function envelope(x: ExchangeView, ledger: Ledger): void {
  const contentType = (x.responseHeader('content-type') ?? '').trim();
  // "Envelope: `{status: <http status number>, error: <German message string>, details: {type: <string>, field?: <string>}}`", sent as JSON.
  if (!hasEnvelope(x)) ledger.broke('ERR-1', x, `the ${x.status} answer is not the envelope {status, error, details}: ${shown(x.responseJson ?? x.responseBody.kind)}`);
  else ledger.judge('ERR-1', x, /^application\/json\s*(;|$)/i.test(contentType), () => `the ${x.status} error envelope is sent as "${contentType.slice(0, 60)}", not application/json`);

  const body = x.responseJson;
  if (!isPlainObject(body)) return;
  // "status: <http status number>"
  ledger.judge('ERR-2', x, isStatus(body.status) && envelopeMatchesHttpStatus(body as { status: number }, x.status), () => `the ${x.status} envelope carries status ${shown(body.status)}`);
  // "error: <German message string>" (FREE-ERR-1: any wording, never blank).
  ledger.judge('ERR-3', x, isMessage(body.error) && String(body.error).trim() !== '', () => `the ${x.status} envelope carries error ${shown(body.error)}, not a message`);
  // "details: {type: <string>, ...}" with a type of the error table; which row's is the row rules' (ERR-9 to 21).
  const type = envelopeDetails(x)?.type;
  ledger.judge('ERR-5', x, isType(type), () => `the ${x.status} envelope carries details.type ${shown(type)}, which the error table does not have`);
  // "`field?: <string>`": judged where an answer carries one (FREE-ERR-2: never required, never its value).
  const details = envelopeDetails(x);
  if (details !== undefined && 'field' in details) {
    ledger.judge('ERR-6', x, isField(details.field), () => `the ${x.status} envelope carries details.field ${shown(details.field)}, not a string`);
  }
}

/** The rows that are the only ones of their status, and the one row with a further detail; an answer without a type is ERR-5's. */
function rows(x: ExchangeView, ledger: Ledger): void {
  const type = detailsType(x);
  if (type === undefined) return;
  // "403 | `authorization` | project, license or function right missing"
  if (x.status === 403) ledger.judge('ERR-10', x, type === 'authorization', () => `a 403 carries details.type ${shown(type)}, not "authorization"`);
  // "404 | `not_found` | project, room or application missing or owned by another customer; malformed paths"
  if (x.status === 404) ledger.judge('ERR-11', x, type === 'not_found', () => `a 404 carries details.type ${shown(type)}, not "not_found"`);
  // "422 | `calculation_unavailable` (with `calculationStatus` = `unavailable`)"
  if (type === 'calculation_unavailable') {
    const status = envelopeDetails(x)?.calculationStatus;
    const ok = x.status === 422 && isCalculationStatus(status);
    ledger.judge('ERR-21', x, ok, () => `an answer of type calculation_unavailable came with HTTP ${x.status} and details.calculationStatus ${shown(status)}`);
  }
}
