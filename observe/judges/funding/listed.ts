import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import { followsClosely, mayFollowClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { HandedOver, sharedState } from '../../judge/shared-state.js';
import { APPLICATIONS_REMEMBERED, CUSTOMERS_REMEMBERED, renewed } from './memory.js';
import { identifiedApplications, type FundingRead } from './reads.js';

/** Lists (the customer's, projects') whose applications are remembered at once, per customer. */
const LISTS_FOLLOWED = 4;

/** The list a read pages through: the customer's, or a project's by the key as requested. */
export function listKeyOf(x: ExchangeView, read: FundingRead): string {
  return read === 'customer-list' ? 'customer' : `project:${x.params.projectKey ?? ''}`;
}

/**
 * What a list answer and the pages of its list read just before it showed: different applications,
 * and up to three answers that listed them; `possibly`, how many it and the pages that may have
 * been answered before it showed (recorded-times.ts: a start stamped to the second may lie a
 * second off), what spares a page past the end its judgement (pages.ts).
 */
export interface Around {
  readonly ids: ReadonlySet<string>;
  readonly proof: readonly ExchangeView[];
  readonly possibly: number;
}

/** An application a list answer showed. */
interface Listing {
  id: string;
  from: ExchangeView;
}

/**
 * The applications on the pages of each of a customer's lists, with the last answer that listed
 * each: a `total` below the number of different applications a list showed just now does not
 * count the list (pages may shift, but an application does not leave the list by being read).
 */
export class ListedApplications {
  readonly #customers = new BoundedMap<string, BoundedMap<string, BoundedMap<string, Listing>>>(CUSTOMERS_REMEMBERED, SEQUENCE_HORIZON_MS);
  /** What `around` found of the answer asked about last: the judges sharing it ask of the same answers. */
  readonly #handedOver = new HandedOver<Around>();

  /** The different applications of this answer and of the pages of `list` read just before it; remembers this answer's (once, however many judges ask). */
  around(x: ExchangeView, customer: string, list: string): Around {
    return this.#handedOver.of(x, () => this.#around(x, customer, list));
  }

  #around(x: ExchangeView, customer: string, list: string): Around {
    // The lists of a customer are let go with the customer (renewed by each of its answers), their applications as they fall behind the horizon.
    const lists = renewed(this.#customers, customer, newLists, x.answeredAt);
    const listed = lists.upsert(list, newListed);
    const ids = new Set<string>();
    const proof = new Set<ExchangeView>();
    // Listings whose order before this answer the stamps leave open: a list remembers each application once.
    let uncertain: string[] | undefined;
    for (const { id, from } of listed.values()) {
      if (followsClosely(from, x)) {
        ids.add(id);
        proof.add(from);
      } else if (mayFollowClosely(from, x)) (uncertain ??= []).push(id);
    }
    for (const a of identifiedApplications(x)) {
      const id = a.applicationId as string;
      ids.add(id);
      listed.set(id, { id, from: x }, x.answeredAt);
    }
    return { ids, proof: [...proof].slice(0, 3), possibly: ids.size + (uncertain?.filter((id) => !ids.has(id)).length ?? 0) };
  }
}

/** Made once: functions made at every list answer would be objects more each time. */
const newLists = () => new BoundedMap<string, BoundedMap<string, Listing>>(LISTS_FOLLOWED);
const newListed = () => new BoundedMap<string, Listing>(APPLICATIONS_REMEMBERED, SEQUENCE_HORIZON_MS);

/** The observation's one `ListedApplications`, for the judges of pages and of paging, which ask of the same list answers. */
export const listedApplicationsState = sharedState(() => new ListedApplications());
