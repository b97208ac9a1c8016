/**
 * ERR-1 and ERR-5 judged on every error answer any check collects, whatever the check's own rule:
 * "Envelope: `{status: <http status number>, error: <German message string>, details: {type:
 * <string>, field?: <string>}}`" and the error table's `details.type` values hold for every error
 * the API answers, the 405 of a method the API does not serve included. A deviation is charged to
 * ERR-1/ERR-5 once per kind of answer (status, method and route), never to the check's own rule.
 */
import { z } from 'zod';
import type { ChargedFailure } from '../../harness-core/check-result.js';
import { isGatewayAnswer } from '../../harness-core/lost-reads.js';
import { ERROR_TYPES } from '../../spec/contract/error-envelope.js';
import { curlLine, type Exchange } from './exchange.js';

/** ERR-1: the envelope's members, open ("further detail keys may appear"); the type's values are ERR-5's. */
const envelopeShape = z.looseObject({ status: z.number(), error: z.string(), details: z.looseObject({ type: z.string() }) });

/** The route an answer came from, without the values in its path: one kind of answer per route, status and method. */
export function routeShape(path: string): string {
  return path
    .replace(/\?.*$/, '')
    .replace(/\/reports\/(?!with-data(?:\/|$))[^/]+/, '/reports/{projectKey}')
    .replace(/\/rooms\/[^/]+/, '/rooms/{roomId}')
    .replace(/\/applications\/[^/]+/, '/applications/{applicationId}');
}

/** Whether the request-target is no valid URI (an undecodable percent escape): a protocol layer may refuse it before the API sees it. */
function undecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * The failures of ERR-1 and ERR-5 in one answer of the API under `baseUrl`. Not judged: answers
 * outside the API (links under the site URL, other origins), a gateway's 502/504 (no answer of
 * the target), HEAD (no body), and a 400 without JSON to a request-target that is no valid URI.
 */
export function judgeErrorAnswer(e: Exchange, baseUrl: string): ChargedFailure[] {
  const response = e.response;
  if (!response || response.status < 400 || isGatewayAnswer(response.status) || e.request.method === 'HEAD') return [];
  if (!e.request.url.startsWith(`${baseUrl}/`) && e.request.url !== baseUrl) return [];
  const path = e.request.url.slice(baseUrl.length) || '/';
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    json = undefined;
  }
  if (json === undefined && response.status === 400 && undecodable(path)) return [];
  const kind = `${response.status} to ${e.request.method} ${routeShape(path)}`;
  const failure = (rule: 'ERR-1' | 'ERR-5', what: string): ChargedFailure => ({
    rule,
    kind,
    title: `the ${kind} ${what}`,
    message: `${e.request.method} ${e.request.url} answered HTTP ${response.status} with ${response.body.slice(0, 300) || '(no body)'}: ${what}`,
    curl: curlLine(e),
  });
  const envelope = envelopeShape.safeParse(json);
  if (!envelope.success) return [failure('ERR-1', 'is not the JSON error envelope {status, error, details: {type}}')];
  const type = envelope.data.details.type;
  if (!(ERROR_TYPES as readonly string[]).includes(type)) return [failure('ERR-5', `carries details.type "${type}", which the error table does not have (${ERROR_TYPES.join(', ')})`)];
  return [];
}
