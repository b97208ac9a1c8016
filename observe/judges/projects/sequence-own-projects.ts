/**
 * The projects each customer (token) was shown to own: created by it or read by it. A project list
 * is no evidence: a list that names a foreign project is PROJ-91's fault, not the detail's. The
 * evidence is fresh for a horizon only: the portal may delete or move a project unseen. A write of
 * unknown effect on the project itself (a DELETE, a PUT) ends the evidence, so that what it did is
 * judged by its own rule and not blamed on a later request. Only lowercase spellings count ("Newly created keys are nine lowercase letters"): whether another
 * spelling reaches the project is PROJ-2's question (FREE-PROJ-16).
 */
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { followsClosely } from '../../judge/sequence-horizon.js';
import { projectPathOf } from './sequence-project-log.js';

interface Evidence {
  /** The exchange by which the target last showed that the project exists for this customer. */
  proof: ExchangeView;
}

const KEY = /^[A-Za-z]{9}$/;
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `projektHeader.key` of a creation or detail answer. */
export function headerKeyOf(body: unknown): string | undefined {
  const key = isObject(body) && isObject(body.projektHeader) ? body.projektHeader.key : undefined;
  return typeof key === 'string' && KEY.test(key) ? key : undefined;
}

export const isCreation = (x: ExchangeView) => x.method === 'POST' && (x.apiPath === '/reports' || x.apiPath === '/reports/with-data');
export const isDetailRead = (x: ExchangeView) => x.endpoint?.id === 'reports.detail';
export const isListRead = (x: ExchangeView) => x.endpoint?.id === 'reports.list';

export class OwnProjects {
  readonly #byCustomer = new BoundedMap<string, BoundedMap<string, Evidence>>(1000);
  /** When any token last sent a write of unknown effect to the project itself. */
  readonly #disturbed = new BoundedMap<string, number>(5000);

  /** Learns from `x` (call for every exchange). */
  see(x: ExchangeView): void {
    const at = projectPathOf(x);
    if (at && at.rest === '' && !['GET', 'HEAD', 'OPTIONS', 'PATCH'].includes(x.method)) this.#disturbed.set(at.key, x.answeredAt);
    const customer = x.customer;
    if (customer === undefined) return;
    if (isCreation(x) && x.status === 201) {
      const key = headerKeyOf(x.responseJson);
      if (key !== undefined) this.#learn(customer, key, x);
    } else if (isDetailRead(x) && x.status === 200 && x.params.projectKey !== undefined && headerKeyOf(x.responseJson)?.toLowerCase() === x.params.projectKey.toLowerCase()) {
      this.#learn(customer, x.params.projectKey, x);
    }
  }

  /** The evidence that `x`'s customer owns the project `x` addresses in lowercase, fresh for `x`. */
  ownedAsAddressed(x: ExchangeView): Evidence | undefined {
    const key = spelling(x);
    return x.customer === undefined || key === undefined || key !== key.toLowerCase() ? undefined : this.owned(x.customer, key, x);
  }

  /** The evidence that `customer` owns the project `key` (whatever its spelling here), fresh for `x`. */
  owned(customer: string, key: string, x: ExchangeView): Evidence | undefined {
    const evidence = this.#byCustomer.get(customer)?.get(key.toLowerCase());
    if (!evidence || !followsClosely(evidence.proof, x)) return undefined;
    const disturbed = this.#disturbed.get(key.toLowerCase());
    return disturbed !== undefined && disturbed > evidence.proof.sentAt ? undefined : evidence;
  }

  #learn(customer: string, key: string, x: ExchangeView): void {
    if (key === key.toLowerCase()) this.#byCustomer.upsert(customer, () => new BoundedMap(1000)).set(key, { proof: x });
  }
}

/** The key as the request spells it in its path. */
export function spelling(x: ExchangeView): string | undefined {
  return projectPathOf(x) ? x.apiPath?.split('/')[2] : undefined;
}
