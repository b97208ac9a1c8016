import type { Hit } from '../../../harness-core/rate-limit-timeline.js';
import { OpenOutcomes, PossibleRequests } from './possible-requests.js';
import type { Possible } from './refusals.js';
import type { TimelineEntry } from './timeline-entry.js';

/**
 * The requests that may have counted toward one limit, by how sure the judge is (refusals.ts
 * `Possible`): every token's for a recording whose tokens may share a customer, one token's where
 * each customer has one.
 */
export class RequestScope {
  readonly #counted = new PossibleRequests();
  readonly #uncertain = new PossibleRequests();
  readonly #public = new PossibleRequests();
  readonly #open = new OpenOutcomes();
  #opened = false;

  add(e: TimelineEntry): void {
    if (e.kind === 'counted') this.#counted.add(e);
    else if (e.kind === 'possible') this.#uncertain.add(e);
    else if (e.kind === 'public') this.#public.add(e);
    else if (e.kind === 'unknown') {
      this.#open.add(e);
      this.#opened = true;
    }
  }

  possibleFor(refused: Hit): Possible {
    return { counted: this.#counted.countFor(refused), uncertain: this.#uncertain.countFor(refused) + this.#open.countFor(refused), publicRequests: this.#public.countFor(refused) };
  }

  /** The requests `possibleFor` counts, for a failure's proof. */
  listFor(refused: Hit): { protectedRequests: TimelineEntry[]; publicRequests: TimelineEntry[] } {
    return { protectedRequests: [...this.#counted.listFor(refused), ...this.#uncertain.listFor(refused), ...this.#open.listFor(refused)], publicRequests: this.#public.listFor(refused) };
  }

  dropBelow(bound: number): void {
    this.#counted.dropBelow(bound);
    this.#uncertain.dropBelow(bound);
    this.#public.dropBelow(bound);
  }

  get size(): number {
    return this.#counted.size + this.#uncertain.size + this.#public.size;
  }

  /** Nothing left that a later refusal could ask for (an unknown outcome may lie before any of them). */
  get empty(): boolean {
    return this.size === 0 && !this.#opened;
  }
}
