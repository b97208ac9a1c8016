import { isDeepStrictEqual } from 'node:util';
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { CUSTOMERS_REMEMBERED, APPLICATIONS_REMEMBERED, renewed } from './memory.js';
import { decodedParameter, FUNDING_READ_ROWS, fundingReadOf, identifiedApplications, shown } from './reads.js';
import { type JsonObject } from '../../json-value.js';

interface Listed {
  application: JsonObject;
  from: ExchangeView;
}

/**
 * "`applicationId` | string, unique id; taken over exactly for single retrieval" (FUND-6): an id the
 * customer took from a list retrieves that application as the list showed it, and no single
 * retrieval answers an application of another id.
 */
export function singleReadJudge(): Judge {
  const listed = new BoundedMap<string, BoundedMap<string, Listed>>(CUSTOMERS_REMEMBERED, SEQUENCE_HORIZON_MS);
  return {
    rules: ['FUND-6'],
    // The funding reads, 429s too: any answer to a list renews its customer's entry.
    reads: { endpoints: FUNDING_READ_ROWS, tooManyRequests: true },
    see(x, ledger) {
      const read = fundingReadOf(x);
      if (read === undefined || x.customer === undefined) return;
      if (read !== 'single') {
        const ofCustomer = renewed(listed, x.customer, newApplications, x.answeredAt);
        for (const application of identifiedApplications(x)) ofCustomer.set(application.applicationId as string, { application, from: x }, x.answeredAt);
        return;
      }
      const id = decodedParameter(x.params.applicationId);
      if (id === undefined || !answeredOnItsMerits(x)) return;
      const single = identifiedApplications(x)[0];
      if (single !== undefined) {
        ledger.judge('FUND-6', x, single.applicationId === id, () => `GET ${x.apiPath} answered application ${shown(single.applicationId)}, not ${shown(id)}`);
      }
      const before = listed.get(x.customer)?.get(id);
      if (before === undefined || !followsClosely(before.from, x)) return;
      fromList(x, ledger, id, before, single);
    },
  };
}

/** Made once: a function made at every list read would be an object more each time. */
const newApplications = () => new BoundedMap<string, Listed>(APPLICATIONS_REMEMBERED, SEQUENCE_HORIZON_MS);

/** The read of an id the list showed: 200 with the same application; a 404 means the exact id retrieved nothing. */
function fromList(x: ExchangeView, ledger: Ledger, id: string, before: Listed, single: JsonObject | undefined): void {
  if (x.status === 404) {
    ledger.broke('FUND-6', x, `GET ${x.apiPath}, an id the list answered just before, answered 404`, [before.from]);
    return;
  }
  if (single === undefined || single.applicationId !== id) return;
  ledger.judge('FUND-6', x, isDeepStrictEqual(single, before.application), () => `GET ${x.apiPath} answered application ${shown(id)} otherwise than the list just before: ${differences(before.application, single)}`, [before.from]);
}

function differences(listed: JsonObject, single: JsonObject): string {
  const fields = [...new Set([...Object.keys(listed), ...Object.keys(single)])].filter((k) => !isDeepStrictEqual(listed[k], single[k]));
  return fields.slice(0, 4).map((k) => `${k} ${shown(listed[k])} in the list, ${shown(single[k])} singly`).join('; ');
}
