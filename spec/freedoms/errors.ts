import { freedoms } from './freedom.js';

/**
 * Freedoms of the errors area: each quotes the spec's words that leave the reading open. Three of
 * them (FREE-ERR-5, 6 and 7) concern every response, not only errors; they are catalogued here
 * because the error envelope is where the kit meets them first, and say so in their reading.
 */
export const errorsFreedoms = freedoms('errors', [
  {
    id: 'FREE-ERR-1',
    quote: 'Envelope: `{status: <http status number>, error: <German message string>, details: {type: <string>, field?: <string>}}`.',
    reading:
      '`error` may be any German message: its wording is not shown (the reference server\'s texts are one choice of many). Checks judge that it is a message string, never its words.',
  },
  {
    id: 'FREE-ERR-2',
    quote: '`details: {type: <string>, field?: <string>}}`. `field` is not always present; further detail keys may appear.',
    reading:
      '`details.field` may be absent, or name the offending input as the field (`raumBezeichnung`), as a path through the envelope (`roomData.raumBezeichnung`, `projectData.projektName`, `projektData.projektName`) or otherwise: the spec never says what it names. Checks never require it and never judge its value beyond being a string.',
  },
  {
    id: 'FREE-ERR-3',
    quote: '`field` is not always present; further detail keys may appear.',
    reading: '`details` may carry further keys beside `type` and `field` (a hint, an error code, the limit values), on any error.',
  },
  {
    id: 'FREE-ERR-4',
    quote: 'Envelope: `{status: <http status number>, error: <German message string>, details: {...}}`; "Value of `action` in all responses except createReport, getResults and getFundingApplication: not shown."',
    reading:
      'The envelope names its three members but, unlike the funding application ("Only these core fields are output"), never says only these: an error body may carry further top-level members (an `action`, a request id, a time).',
  },
  {
    id: 'FREE-ERR-5',
    quote: 'All requests and responses are JSON.',
    reading:
      'Every response, not only errors (catalogued here as the first place it matters): the members of any JSON object, in answers and in webhook payloads, may come in any order. A JSON object is an unordered set of members (RFC 8259); no check may depend on their order.',
  },
  {
    id: 'FREE-ERR-6',
    quote: 'response header `Retry-After` (integer, value 1); delivery headers `X-Service-Event` and `X-Service-Delivery`',
    reading:
      'Every response, not only errors (catalogued here as the first place it matters): the spec names the headers it requires, never the only ones. Any answer may carry further headers (a request id, `Server-Timing`, `WWW-Authenticate` on a 401, ...).',
  },
  {
    id: 'FREE-ERR-7',
    quote:
      'The error table lists its rows (400 malformed JSON, 403 project, license or function right missing, 404 project, room or application missing or foreign, 413, 415, 422 validation) without an order between them; "Missing project, license or function right: 403".',
    reading:
      'Every endpoint, not only errors (catalogued here because the error is what shows the order): when one request meets the conditions of two rows, either answer conforms. A malformed, oversized or non-JSON body for a project or room that is not the caller\'s may answer 400/413/415 or 404; a customer without license asking for a project, room or application that is not theirs 403 or 404; an invalid body sent by a customer without a creation license 403 or 422. Authentication is not among them: a missing or invalid token or a blocked customer ("401 with `details.type` = `authentication`") establishes no customer whose resources could be looked up, so 401 comes first.',
  },
  {
    id: 'FREE-ERR-8',
    quote: '404 | `not_found` | project, room or application missing or owned by another customer; malformed paths are also not found',
    reading:
      'The row governs the paths the API receives. A request-target that is no valid URI (a percent sign not followed by two hex digits, as in `/reports/abcdefg%E0%A4%A`) may be refused by the HTTP layer before the API sees it, as RFC 9112 (section 3) permits and common HTTP stacks do: 400 without the API\'s envelope (a plain text body), instead of 404 `not_found`.',
  },
]);
