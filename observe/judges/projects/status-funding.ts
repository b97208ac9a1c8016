import { isDeepStrictEqual } from 'node:util';
import { ENDPOINTS } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { decodedParameter, FUNDING_READ_ROWS, fundingReadOf, identifiedApplications, shown } from '../funding/reads.js';
import { isPlainObject, type JsonObject } from '../../json-value.js';

interface Read {
  application: JsonObject;
  x: ExchangeView;
}

/** A write attempt on one application's path, with the application as read just before it. */
interface Attempt {
  x: ExchangeView;
  id: string;
  sent: JsonObject;
  before: Read;
}

const SINGLE_PATH = /^\/funding\/applications\/([^/]+)$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ATTEMPTED_PATHS = '/funding/applications/';
/** Write rows on an application's path, should the table ever have one. */
const WRITE_ROWS = ENDPOINTS.filter((e) => !READ_METHODS.has(e.method) && e.path.startsWith(ATTEMPTED_PATHS)).map((e) => e.id);

/**
 * "Transitions: not shown. No public operation changes a funding application." (STAT-12, in the
 * status table): an application read before and after a write attempt on its path (no write
 * endpoint exists) must not have taken over a `status` the attempt sent where it showed another
 * before, nor be gone after a DELETE. Every other value a write attempt may take over is FUND-41's.
 */
export function fundingStatusWriteJudge(): Judge {
  const reads = new BoundedMap<string, Read>(5000, SEQUENCE_HORIZON_MS);
  const attempts = new BoundedMap<string, Attempt[]>(2000, SEQUENCE_HORIZON_MS);

  function attempted(x: ExchangeView, customer: string, path: string): void {
    const target = SINGLE_PATH.exec(path);
    const id = target ? decodedParameter(target[1]) : undefined;
    const before = id === undefined ? undefined : reads.get(`${customer} ${id}`);
    if (id === undefined || !before || !followsClosely(before.x, x)) return;
    const body = x.requestJson;
    const sent = isPlainObject(body) ? { ...body, ...(isPlainObject(body.application) ? body.application : {}) } : {};
    const list = attempts.get(customer) ?? [];
    list.push({ x, id, sent, before });
    if (list.length > 50) list.shift();
    attempts.set(customer, list, x.answeredAt);
  }

  return {
    rules: ['STAT-12'],
    // The reads that show applications, and the write attempts on an application's path however answered (of no row: no public operation writes one).
    reads: { endpoints: [...FUNDING_READ_ROWS, ...WRITE_ROWS], unmatched: true, tooManyRequests: true },
    see(x, ledger) {
      const customer = x.customer;
      const path = x.apiPath;
      if (customer === undefined || path === undefined) return;
      if (!READ_METHODS.has(x.method)) {
        if (path.startsWith(ATTEMPTED_PATHS)) attempted(x, customer, path);
        return;
      }
      // Only a funding read shows an application.
      if (fundingReadOf(x) === undefined) return;
      const waiting = attempts.get(customer) ?? [];
      const settled = new Set<Attempt>();
      const target = SINGLE_PATH.exec(path);
      const id = target ? decodedParameter(target[1]) : undefined;
      if (id !== undefined && x.endpoint?.id === 'funding.detail' && x.status === 404) {
        for (const attempt of waiting.filter((a) => a.id === id && a.x.method === 'DELETE' && followsClosely(a.x, x))) {
          settled.add(attempt);
          ledger.broke('STAT-12', x, `application ${shown(id)} was gone after DELETE ${attempt.x.apiPath}`, [attempt.x, attempt.before.x]);
        }
      }
      for (const application of answeredOnItsMerits(x) ? identifiedApplications(x) : []) {
        const appId = application.applicationId as string;
        for (const attempt of waiting.filter((a) => a.id === appId && followsClosely(a.x, x))) {
          settled.add(attempt);
          const changing = 'status' in attempt.sent && !isDeepStrictEqual(attempt.before.application.status, attempt.sent.status);
          // A DELETE is judged by the application still being there; another attempt by the status it would have changed.
          if (!changing && attempt.x.method !== 'DELETE') continue;
          const taken = changing && isDeepStrictEqual(application.status, attempt.sent.status);
          ledger.judge('STAT-12', x, !taken, () => `application ${shown(appId)} took over the status ${shown(application.status)} that ${attempt.x.method} ${attempt.x.apiPath} sent (it was ${shown(attempt.before.application.status)})`, [attempt.x, attempt.before.x]);
        }
        reads.set(`${customer} ${appId}`, { application, x }, x.answeredAt);
      }
      if (settled.size > 0) attempts.set(customer, waiting.filter((a) => !settled.has(a)), x.answeredAt);
    },
  };
}
