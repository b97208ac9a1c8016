import { projectKeySchema } from '../../../spec/contract/common.js';
import { BoundedMap, type Remembered } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { CUSTOMERS_REMEMBERED, PROJECTS_REMEMBERED, renewed } from './memory.js';
import { listQueryOf } from './query.js';
import { answeredApplications, closeInSequence, FUNDING_READ_ROWS, fundingReadOf, identifiedApplications, shown } from './reads.js';
import { rememberedCheck } from '../../judge/remembered-checks.js';
import { isPlainObject, type JsonObject } from '../../json-value.js';
import { CREATION_ROWS, DETAIL_ROW } from '../projects/project-rows.js';

const isProjectKey = rememberedCheck(projectKeySchema);

/** A project the customer created or read: its header as the answer gave it. */
interface OwnProject {
  id: unknown;
  from: ExchangeView;
}

/** The customer's read of `GET /reports/{key}` for a key as requested. */
interface DetailRead {
  found: boolean;
  headerKey?: string;
  headerId?: unknown;
  from: ExchangeView;
}

/** The last application that named a project key. */
interface Naming {
  applicationId: string;
  projectId: unknown;
  from: ExchangeView;
}

/**
 * Each map made at its first write: most customers' answers touch one or two of them, and an empty
 * map forgets nothing, so one made later holds what one made with the customer would.
 */
interface Customer {
  own?: BoundedMap<string, OwnProject>;
  details?: BoundedMap<string, DetailRead>;
  named?: BoundedMap<string, Naming>;
}

/**
 * Applications against the customer's own projects: "`projectKey` | key of the assigned own
 * project" (FUND-11), "`projectId` | number of the assigned own project" as its projektHeader.id
 * gives it (FUND-43), and "an own project without applications gives 200 with an empty list": the
 * project list of a project the customer created or read is no 404 (FUND-36). Projects change
 * outside the interface, so only exchanges close in time are compared.
 */
export function fundingProjectJudge(): Judge {
  const customers = new BoundedMap<string, Customer>(CUSTOMERS_REMEMBERED, SEQUENCE_HORIZON_MS);
  return {
    rules: ['FUND-11', 'FUND-36', 'FUND-43'],
    // The projects created and read, and the funding reads; 429s too: any answer to a project read or a project list renews its customer's entry.
    reads: { endpoints: [...CREATION_ROWS, DETAIL_ROW, ...FUNDING_READ_ROWS], tooManyRequests: true },
    see(x, ledger) {
      const endpoint = x.endpoint?.id;
      if (endpoint === undefined) return;
      const read = fundingReadOf(x);
      if (read !== undefined) for (const a of answeredApplications(x) ?? []) if (isPlainObject(a)) keyType(x, ledger, a);
      const id = x.customer;
      if (id === undefined) return;
      if (CREATION_ROWS.includes(endpoint) && x.status === 201) created(x, customerOf(customers, id, x));
      else if (endpoint === DETAIL_ROW) detailRead(x, ledger, customerOf(customers, id, x));
      else if (read !== undefined) {
        const withKey = identifiedApplications(x).filter((a) => typeof a.projectKey === 'string');
        if (withKey.length > 0) {
          const customer = customerOf(customers, id, x);
          for (const a of withKey) naming(x, ledger, customer, a, a.projectKey as string);
        }
        if (read === 'project-list') projectList(x, ledger, customerOf(customers, id, x));
      }
    },
  };
}

/** "nine letters" (the route accepts uppercase ones too), or null. */
function keyType(x: ExchangeView, ledger: Ledger, a: JsonObject): void {
  if (!('projectKey' in a) || a.projectKey === null) return;
  ledger.judge('FUND-11', x, isProjectKey(a.projectKey), () => `application ${shown(a.applicationId)}: projectKey ${shown(a.projectKey)} is not a project key (nine letters) or null`);
}

function customerOf(customers: BoundedMap<string, Customer>, id: string, x: ExchangeView): Customer {
  return renewed(customers, id, newCustomer, x.answeredAt);
}

const newCustomer = (): Customer => ({});

function projects<V extends Remembered>(): BoundedMap<string, V> {
  return new BoundedMap(PROJECTS_REMEMBERED, SEQUENCE_HORIZON_MS);
}

function headerOf(x: ExchangeView): { key: string; id: unknown } | undefined {
  const body = x.responseJson;
  const header = isPlainObject(body) && isPlainObject(body.projektHeader) ? body.projektHeader : undefined;
  return header !== undefined && typeof header.key === 'string' ? { key: header.key, id: header.id } : undefined;
}

function created(x: ExchangeView, customer: Customer): void {
  const header = headerOf(x);
  if (header) (customer.own ??= projects()).set(header.key, { id: header.id, from: x }, x.answeredAt);
}

function detailRead(x: ExchangeView, ledger: Ledger, customer: Customer): void {
  const key = x.params.projectKey;
  if (key === undefined || (x.status !== 200 && x.status !== 404) || !x.responseBodyRecorded) return;
  const header = x.status === 200 ? headerOf(x) : undefined;
  if (x.status === 200 && header === undefined) return;
  const read: DetailRead = { found: x.status === 200, headerKey: header?.key, headerId: header?.id, from: x };
  (customer.details ??= projects()).set(key, read, x.answeredAt);
  if (header) (customer.own ??= projects()).set(header.key, { id: header.id, from: x }, x.answeredAt);
  const naming = customer.named?.get(key);
  if (naming !== undefined && closeInSequence(naming.from, x)) compare(ledger, x, key, naming, read, header?.key === key ? { id: header.id, from: x } : undefined);
}

function naming(x: ExchangeView, ledger: Ledger, customer: Customer, a: JsonObject, key: string): void {
  const naming: Naming = { applicationId: a.applicationId as string, projectId: a.projectId, from: x };
  (customer.named ??= projects()).set(key, naming, x.answeredAt);
  const read = customer.details?.get(key);
  const own = customer.own?.get(key);
  compare(ledger, x, key, naming, read !== undefined && closeInSequence(read.from, x) ? read : undefined, own !== undefined && closeInSequence(own.from, x) ? own : undefined);
}

/**
 * The application naming `key` against the read of exactly that key and the project's header, on
 * whichever of them came later (`x`); the earlier one is the proof.
 */
function compare(ledger: Ledger, x: ExchangeView, key: string, naming: Naming, read: DetailRead | undefined, own: OwnProject | undefined): void {
  // Shown only in messages of kept failures.
  const at = () => `application ${shown(naming.applicationId)} names projectKey ${shown(key)}`;
  const proof = (other: ExchangeView) => [other === x ? naming.from : other];
  if (read !== undefined) {
    ledger.judge('FUND-11', x, read.found && read.headerKey === key, () => (read.found ? `${at()}, but GET /reports/${key} answered the project ${shown(read.headerKey)}` : `${at()}, but GET /reports/${key} answered 404`), proof(read.from));
  }
  // "`projectId` | number of the assigned own project": the id its projektHeader gives.
  if (own !== undefined && typeof own.id === 'number' && typeof naming.projectId === 'number') {
    ledger.judge('FUND-43', x, naming.projectId === own.id, () => `${at()} with projectId ${naming.projectId}, but the project's projektHeader.id is ${own.id}`, proof(own.from));
  }
}

function projectList(x: ExchangeView, ledger: Ledger, customer: Customer): void {
  const key = x.params.projectKey;
  if (key === undefined || (x.status !== 200 && x.status !== 404) || listQueryOf(x)?.clean === undefined) return;
  const own = customer.own?.get(key);
  if (own === undefined || !followsClosely(own.from, x)) return;
  ledger.judge('FUND-36', x, x.status === 200, () => `GET ${x.apiPath} for the customer's own project answered 404, not a list`, [own.from]);
}
