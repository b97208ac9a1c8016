import type { ExchangeView } from '../../judge/exchange-view.js';
import { ENDPOINTS } from '../../../spec/endpoints.js';
import type { Judge, JudgeContext, Reads } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredOnItsMerits, detailsType } from '../answer-kinds.js';
import { authorizationHeaders, errorBodyReadable, refusedBeforeTheApi, shown, typeWhereGiven } from './request-facts.js';

/** How a request presented its credentials; 'unknown' where the recording dropped them. */
type Credentials = 'none' | 'unknown' | 'empty' | 'bearer' | 'other-scheme' | 'several';

function credentialsOf(x: ExchangeView): Credentials {
  const values = authorizationHeaders(x);
  if (values.length > 1) return 'several';
  const value = values[0]?.trim();
  // A sanitized HAR export removes every Authorization header: a request shown without one may have carried a token.
  if (value === undefined) return x.credentialsStripped ? 'unknown' : 'none';
  // Nearly every request carries a Bearer token: told first.
  if (/^bearer\s/i.test(value)) return 'bearer';
  if (value === '' || /^bearer$/i.test(value)) return 'empty';
  // A bare token has no scheme at all (the recording shows its hash); Basic, Token, ... are other schemes.
  return 'other-scheme';
}

/** The paths of the public endpoints: another method there (HEAD /health) is no protected endpoint of the table either. */
const PUBLIC_PATHS = new Set(['/', '/health']);
/** Methods of the table's rows and DELETE; exotic ones (CONNECT, TRACE) the HTTP layer may answer itself. */
const CHECKED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** A request the server could not read (timeout, oversized headers) is answered before authentication. */
const UNREAD_REQUEST = new Set([408, 431]);

/**
 * A protected request whose answer must be the 401: a 429 (the per-address limit of invalid
 * tokens), a 5xx and the HTTP layer's refusals answer anything.
 */
function mustBeRefused(x: ExchangeView): boolean {
  const path = x.apiPath;
  return path !== undefined && x.isProtected && !PUBLIC_PATHS.has(path) && CHECKED_METHODS.has(x.method) && answeredOnItsMerits(x) && !UNREAD_REQUEST.has(x.status) && !refusedBeforeTheApi(x);
}

/** "401 with `details.type` = `authentication`"; the type where the answer's body can be read. */
function isAuthenticationRefusal(x: ExchangeView): boolean {
  return x.status === 401 && typeWhereGiven(x, 'authentication');
}

function refused(x: ExchangeView): string {
  return x.status === 401 ? `a 401 with details.type ${shown(detailsType(x))}` : `HTTP ${x.status}`;
}

/** The query parameters a client may wrongly put its token in (their values are hashed in the recording). */
const QUERY_TOKEN = /(?:^|&)(?:access_)?token=/i;

/** Every request of the API but those the limit refused: a 429 is neither a 401 nor an answer on its merits. */
const READS: Reads = { endpoints: ENDPOINTS.map((e) => e.id), unmatched: true };

/**
 * The bearer token as the only way in, and the public endpoints open without one (AUTH-1, 4, 5,
 * 14, ERR-9). Each refusal is judged under the rule of how the request lacked its token: no
 * Authorization header at all (AUTH-1, ERR-9), a token in the query instead (AUTH-5), another
 * scheme (AUTH-4); an empty Bearer token is an invalid one, which the observer cannot tell (AUTH-2).
 */
export function authenticationJudge({ links }: JudgeContext): Judge {
  return {
    rules: ['AUTH-1', 'AUTH-4', 'AUTH-5', 'AUTH-14', 'ERR-9'],
    reads: READS,
    see(x, ledger) {
      if (x.apiPath === undefined) return;
      const credentials = credentialsOf(x);
      const withoutToken = credentials === 'none' || credentials === 'other-scheme';
      // A request with a token (or credentials the recording does not show) meets these rules only with a 401.
      if ((!withoutToken && x.status !== 401) || links.fetches(x)) return;
      // "Public (no token): `GET /`, `GET /health`, OPTIONS."
      if (credentials === 'none' && x.isPublic && answeredOnItsMerits(x)) ledger.judge('AUTH-14', x, x.status !== 401, () => `${x.method} ${x.apiPath} without a token answered 401`);
      const judged = withoutToken && mustBeRefused(x) && refusal(x, credentials, ledger);
      // "401 | `authentication` | token missing or invalid, customer blocked": every 401 that gives a type gives this one.
      const type = !judged && x.status === 401 && errorBodyReadable(x) ? detailsType(x) : undefined;
      if (type !== undefined) ledger.judge('ERR-9', x, type === 'authentication', () => `a 401 carries details.type ${shown(type)}, not "authentication"`);
    },
  };
}

/** Judges the refusal a protected request without a Bearer token must get; whether ERR-9 was judged on it. */
function refusal(x: ExchangeView, credentials: Credentials, ledger: Ledger): boolean {
  const what = `${x.method} ${x.apiPath}`;
  if (credentials === 'other-scheme') {
    // "Header `Authorization: Bearer <API_TOKEN>` on every protected call": credentials of another scheme, or of none, are no token.
    ledger.judge('AUTH-4', x, isAuthenticationRefusal(x), () => `${what} with credentials of another scheme than Bearer answered ${refused(x)}`);
    return false;
  }
  if (credentials !== 'none') return false;
  if (QUERY_TOKEN.test(x.rawQuery)) {
    // "The token ... is kept out of URLs": a token in the query does not authenticate. Only an answer
    // that serves the request shows it did; another refusal than 401 is no sign of the query's token.
    if (x.status === 401 || (x.status >= 200 && x.status < 300)) ledger.judge('AUTH-5', x, x.status === 401, () => `${what} with a token in the query and no Authorization header was served (HTTP ${x.status})`);
    return false;
  }
  // "Missing or invalid token, or a blocked customer: 401 with `details.type` = `authentication`."
  ledger.judge('AUTH-1', x, isAuthenticationRefusal(x), () => `${what} without an Authorization header answered ${refused(x)}`);
  ledger.judge('ERR-9', x, isAuthenticationRefusal(x), () => `${what} without a token answered ${refused(x)}`);
  return true;
}
