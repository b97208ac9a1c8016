import { MAX_BODY_BYTES } from '../../../spec/endpoints.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, Reads } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsInput, answeredOnItsMerits } from '../answer-kinds.js';
import { answerShown, JSON_WRITE_ENDPOINTS, jsonWriteEndpoint, parsedBody, requestMediaType, shown, typeWhereGiven, withinBodyLimit, writeBodyOf, type MediaType, type WriteBody } from './request-facts.js';

/** The writes that take a JSON body; a 429 answers any body, so no rule here judges one. */
const READS: Reads = { endpoints: JSON_WRITE_ENDPOINTS };

/**
 * The body rules of the error table and the limits, on every write to an endpoint that takes a
 * JSON body (ERR-8, 13, 14, 15, 27). When a body meets two rows (too large and not JSON, say),
 * either answer conforms (FREE-ERR-7), so each rule judges only bodies that meet its row alone.
 */
export function requestBodyJudge(): Judge {
  return {
    rules: ['ERR-8', 'ERR-13', 'ERR-14', 'ERR-15', 'ERR-27'],
    reads: READS,
    see(x, ledger) {
      if (jsonWriteEndpoint(x) === undefined) return;
      const body = writeBodyOf(x);
      if (body === undefined || body.bytes === 0) return;
      const media = requestMediaType(x);
      limits(x, body, media, ledger);
      if (answeredOnItsInput(x) && withinBodyLimit(body)) form(x, media, ledger);
    },
  };
}

/** A 415 or 413 is never the answer to a JSON body within the limit, whatever else holds for it. */
function limits(x: ExchangeView, body: WriteBody, media: MediaType, ledger: Ledger): void {
  if (!answeredOnItsMerits(x)) return;
  // "Write bodies need `Content-Type: application/json`": such a body is of the right type.
  if (media === 'json') ledger.judge('ERR-27', x, x.status !== 415, () => `${x.method} ${x.apiPath} with Content-Type application/json answered 415`);
  // "JSON body | at most 64 KiB (65536 bytes)"
  if (body.bytes === MAX_BODY_BYTES) ledger.judge('ERR-14', x, x.status !== 413, () => `${x.method} ${x.apiPath} with a body of exactly ${MAX_BODY_BYTES} bytes answered 413`);
  // "413 | `validation` | body larger than 64 KiB": a JSON body of the right type, larger.
  if (body.bytes > MAX_BODY_BYTES && media === 'json' && parsedBody(x).kind === 'json' && answeredOnItsInput(x)) {
    ledger.judge('ERR-13', x, x.status === 413 && typeWhereGiven(x, 'validation'), () => `${x.method} ${x.apiPath} with a JSON body of ${body.bytes} bytes answered ${answerShown(x)}, not 413 validation`);
  }
}

function form(x: ExchangeView, media: MediaType, ledger: Ledger): void {
  if (media === 'missing' || media === 'not-json') {
    // A JSON body under another type may be read anyway and found invalid: that 422 meets a row too.
    if (x.status === 422 && parsedBody(x).kind !== 'malformed') return;
    // "415 | `validation` | content type is not application/json"
    const sent = media === 'missing' ? 'no Content-Type' : `Content-Type "${shown(x.requestHeader('content-type'), 40)}"`;
    ledger.judge('ERR-15', x, x.status === 415 && typeWhereGiven(x, 'validation'), () => `${x.method} ${x.apiPath} with a body and ${sent} answered ${answerShown(x)}, not 415 validation`);
  } else if (media === 'json' && parsedBody(x).kind === 'malformed') {
    // "400 | `validation` | malformed JSON"
    ledger.judge('ERR-8', x, x.status === 400 && typeWhereGiven(x, 'validation'), () => `${x.method} ${x.apiPath} with malformed JSON answered ${answerShown(x)}, not 400 validation`);
  }
}
