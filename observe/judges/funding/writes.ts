import { isDeepStrictEqual } from 'node:util';
import { ENDPOINTS, pathPattern } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { APPLICATIONS_REMEMBERED, CUSTOMERS_REMEMBERED, renewed } from './memory.js';
import { decodedParameter, identifiedApplications, shown } from './reads.js';
import { isPlainObject, type JsonObject } from '../../json-value.js';

interface Read {
  application: JsonObject;
  from: ExchangeView;
}

/** A write on a funding path, waiting for the reads after it of the applications read before it. */
interface Write {
  from: ExchangeView;
  /** The values it sent, by application field. */
  sent: JsonObject;
  before: Map<string, Read>;
}

interface Customer {
  /** Made at the first application read (most customers' lists hold none; an empty map forgets nothing). */
  reads?: BoundedMap<string, Read>;
  writes: Write[];
}

/** Writes followed at once per customer: the horizon ends them soon anyway. */
const WRITES_FOLLOWED = 16;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FUNDING_ROWS = ENDPOINTS.filter((e) => e.id.startsWith('funding.'));
/** The paths of the funding rows, whatever the method: a write there is one "on funding applications". */
const FUNDING_PATHS = FUNDING_ROWS.map(pathPattern);

function onFundingPath(x: ExchangeView): boolean {
  const path = x.apiPath;
  return path !== undefined && FUNDING_PATHS.some((pattern) => pattern.test(path));
}

/**
 * "No public operation changes a funding application" / "any write operation on funding
 * applications" is not available (FUND-41): an application read before and after a write on a
 * funding path must not show a value the write sent where it showed another before. The answer to
 * the write itself is the error rules'.
 */
export function fundingWriteJudge(): Judge {
  const customers = new BoundedMap<string, Customer>(CUSTOMERS_REMEMBERED, SEQUENCE_HORIZON_MS);
  return {
    rules: ['FUND-41'],
    // The exchanges on the funding paths: of the funding rows (no other row's path is one) or of none (the writes there); 429s too, as any answer renews its customer's entry.
    reads: { endpoints: FUNDING_ROWS.map((e) => e.id), unmatched: true, tooManyRequests: true },
    see(x, ledger) {
      if (x.customer === undefined || !onFundingPath(x)) return;
      const customer = renewed(customers, x.customer, newCustomer, x.answeredAt);
      if (!READ_METHODS.has(x.method)) {
        write(x, customer);
        return;
      }
      for (const application of identifiedApplications(x)) {
        const id = application.applicationId as string;
        for (const w of customer.writes) after(x, ledger, w, id, application);
        (customer.reads ??= new BoundedMap(APPLICATIONS_REMEMBERED, SEQUENCE_HORIZON_MS)).set(id, { application, from: x }, x.answeredAt);
      }
      customer.writes = customer.writes.filter((w) => x.sentAt - w.from.answeredAt <= SEQUENCE_HORIZON_MS && w.before.size > 0);
    },
  };
}

const newCustomer = (): Customer => ({ writes: [] });

function write(x: ExchangeView, customer: Customer): void {
  // No application read before it: nothing the write could be seen to change.
  const reads = customer.reads;
  if (reads === undefined) return;
  const body = x.requestJson;
  if (!isPlainObject(body)) return;
  // The fields it sent, also inside an `application` envelope; the id names, it does not change.
  const { applicationId: _names, ...sent } = { ...body, ...(isPlainObject(body.application) ? body.application : {}) };
  if (Object.keys(sent).length === 0) return;
  const target = decodedParameter(x.params.applicationId);
  const before = new Map<string, Read>();
  const candidates = target === undefined ? [...reads.values()] : [reads.get(target)].filter((r): r is Read => r !== undefined);
  for (const read of candidates) if (followsClosely(read.from, x)) before.set(read.application.applicationId as string, read);
  if (before.size === 0) return;
  customer.writes.push({ from: x, sent, before });
  if (customer.writes.length > WRITES_FOLLOWED) customer.writes.shift();
}

/** The first read of an application after the write decides, once, on the fields the write would have changed. */
function after(x: ExchangeView, ledger: Ledger, w: Write, id: string, now: JsonObject): void {
  const read = w.before.get(id);
  if (read === undefined || !followsClosely(w.from, x)) return;
  w.before.delete(id);
  const changing = Object.entries(w.sent).filter(([field]) => field in read.application && !isDeepStrictEqual(read.application[field], w.sent[field]));
  if (changing.length === 0) return;
  const taken = changing.filter(([field, value]) => isDeepStrictEqual(now[field], value)).map(([field]) => field);
  ledger.judge('FUND-41', x, taken.length === 0, () => `application ${shown(id)} took over what ${w.from.method} ${w.from.apiPath} sent: ${taken.slice(0, 4).map((f) => `${f} ${shown(now[f])}`).join(', ')}`, [w.from, read.from]);
}
