import { ENDPOINTS, pathPattern } from '../../../spec/endpoints.js';
import type { Judge, JudgeContext, Reads } from '../../judge/judge.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { answerShown, refusedBeforeTheApi, typeWhereGiven } from './request-facts.js';

const PATTERNS = ENDPOINTS.filter((e) => e.path !== '*').map(pathPattern);
/** OPTIONS answers every path (public); exotic methods the HTTP layer may answer itself. */
const CHECKED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Spellings of a path that a target may fairly read as a path of the table: percent-encoded
 * letters, other case, trailing or doubled slashes, dot segments. Whether these are "malformed" the
 * spec does not say, so a path with such a reading is not judged.
 */
function readings(path: string): string[] {
  const out = [path.toLowerCase(), path.replace(/\/+$/, '') || '/', path.replace(/\/{2,}/g, '/')];
  try {
    out.push(decodeURIComponent(path));
  } catch {
    // Not decodable: no other reading.
  }
  try {
    out.push(new URL(path, 'http://reading.invalid').pathname);
  } catch {
    // Not a URL path: no other reading.
  }
  return out;
}

function nearlyATablePath(path: string): boolean {
  return readings(path).some((reading) => PATTERNS.some((pattern) => pattern.test(reading)));
}

/** A path of no endpoint matches no row; a 429 answers any path, so it is not judged. */
const READS: Reads = { endpoints: [], unmatched: true };

/** Malformed and unknown paths under the prefix (ERR-12). */
export function unknownPathJudge({ links }: JudgeContext): Judge {
  return {
    rules: ['ERR-12'],
    reads: READS,
    see(x, ledger) {
      const path = x.apiPath;
      if (path === undefined || links.fetches(x)) return;
      // The endpoint a request matches is known before every row's path is tried (`pathEndpoints`).
      if (x.endpoint !== undefined || !CHECKED_METHODS.has(x.method) || x.pathEndpoints.length > 0 || nearlyATablePath(path)) return;
      // A missing or invalid token (401) comes first, and a customer without license may meet 403 before any lookup (FREE-ERR-7).
      if (!answeredOnItsMerits(x) || x.status === 401 || x.status === 403 || refusedBeforeTheApi(x)) return;
      // "404 | `not_found` | ... malformed paths are also not found"
      ledger.judge('ERR-12', x, x.status === 404 && typeWhereGiven(x, 'not_found'), () => `${x.method} ${path.slice(0, 80)}, a path of no endpoint, answered ${answerShown(x)}, not 404 not_found`);
    },
  };
}
