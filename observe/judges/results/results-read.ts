import type { z } from 'zod';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { isPlainObject, type JsonObject } from '../../json-value.js';

/** The row of the results endpoint. */
export const RESULTS_ROW = 'reports.results';

/** A GET of the results endpoint (HEAD and other methods are no results call). */
export function isResultsRead(x: ExchangeView): boolean {
  return x.method === 'GET' && x.endpoint?.id === RESULTS_ROW;
}

/** The project key of a project route, lowercased: "the route accepts nine letters including uppercase", and one project answers to both. */
export function projectKeyOf(x: ExchangeView): string | undefined {
  return x.params.projectKey?.toLowerCase();
}

/**
 * Whether the recording shows the answer's body as it was: a recorder that leaves a body out may
 * still write an empty text, so an empty body counts only where its size says it was empty.
 */
export function bodyKnown(x: ExchangeView): boolean {
  return x.responseBodyRecorded && (x.hasResponseBody || x.exchange.response.bodySize === 0);
}

/**
 * A body that shows nothing of any answer. A target that serves a request it should have refused
 * (an invalid token, a blocked customer: both invisible here, and their rules not passive) may
 * answer `{}`: the body rules have nothing to read there.
 */
export function isEmptyObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}

/** The JSON object body of a 200 results answer, when the recording holds one that shows something. */
export function successfulResults(x: ExchangeView): JsonObject | undefined {
  if (!isResultsRead(x) || x.status !== 200 || !bodyKnown(x)) return undefined;
  const body = x.responseJson;
  return isPlainObject(body) && !isEmptyObject(body) ? body : undefined;
}

/** `results` of an answer whose `available` is true: the calculated figures the floor heating rules speak of. */
export function availableResults(body: JsonObject): JsonObject | undefined {
  const results = body.results;
  return isPlainObject(results) && results.available === true ? results : undefined;
}

/** The first thing a schema found wrong, short enough for a message. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(the value itself)';
  return `${where}: ${issue.message}`.slice(0, 200);
}

/** A value for a message, cut to a readable size. */
export function shown(value: unknown, max = 120): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
