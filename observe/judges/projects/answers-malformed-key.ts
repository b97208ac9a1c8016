/**
 * "404 | `not_found` | ... malformed paths are also not found": a project route whose key is not nine
 * letters ("Identified by `projectKey`: nine letters"), whatever the method. 401 comes first and 403
 * may (FREE-ERR-7); a request-target that is no valid URI may be refused by the HTTP layer
 * (FREE-ERR-8), as may a target too long for it.
 */
import { ENDPOINTS } from '../../../spec/endpoints.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import { answeredOnItsMerits, detailsType } from '../answer-kinds.js';
import { shown } from './field-table.js';
import { projectPathOf } from './project-path.js';
import { answerBodyWhole } from './write-outcome.js';

/** The paths below a project key, as patterns with the key segment captured (`with-data` is a route of its own). */
const PROJECT_ROUTES = [
  ...new Set(
    ENDPOINTS.filter((e) => e.path.startsWith('/reports/{projectKey}')).map((e) =>
      e.path
        .slice('/reports/{projectKey}'.length)
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{\w+\}/g, '[^/]+'),
    ),
  ),
].map((suffix) => new RegExp(`^/reports/([^/]+)${suffix}$`));

/** Methods of the HTTP semantics a route may be asked with; OPTIONS is public, CONNECT names no path. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** 401 comes first and 403 may (FREE-ERR-7); 414 and 431 refuse a request too long for the HTTP layer. */
const UNJUDGED_STATUSES = new Set([401, 403, 414, 431]);

/** The key segment of the first project route the path matches. */
function routeKeyOf(path: string): string | undefined {
  for (const route of PROJECT_ROUTES) {
    const match = route.exec(path);
    if (match) return match[1];
  }
  return undefined;
}

/** The key segment of a project route when it is not nine letters; undefined when it is, or when it cannot be told. */
export function malformedKeyOf(x: ExchangeView): string | undefined {
  const path = x.apiPath;
  // A key of nine letters as sent is one: only other paths below /reports are matched against the routes.
  if (path === undefined || !path.startsWith('/reports/') || projectPathOf(x) !== undefined) return undefined;
  const segment = routeKeyOf(path);
  if (segment === undefined || segment.toLowerCase() === 'with-data') return undefined;
  let key: string;
  try {
    key = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return /^[A-Za-z]{9}$/.test(key) ? undefined : segment;
}

export function malformedKeyJudge(): Judge {
  return {
    rules: ['PROJ-3'],
    // A row's key is nine letters and `with-data` is not judged: a malformed key matches no row. A 429 is not judged.
    reads: { endpoints: [], unmatched: true },
    see(x, ledger) {
      if (!METHODS.has(x.method) || !answeredOnItsMerits(x) || UNJUDGED_STATUSES.has(x.status)) return;
      const key = malformedKeyOf(x);
      if (key === undefined) return;
      const type = detailsType(x);
      const typed = x.method === 'HEAD' || !answerBodyWhole(x) || type === 'not_found';
      ledger.judge('PROJ-3', x, x.status === 404 && typed, () => `${x.method} of a project route with the key ${shown(key)} (not nine letters) answered ${x.status}${x.status === 404 ? ` with details.type ${shown(type)}` : ''}, not 404 not_found`);
    },
  };
}
