import type { ObservedExchange } from '../../observe/exchange.js';
import { PATH_PREFIX } from '../../spec/contract/meta.js';
import type { TargetAnswers } from '../statement/target-answers.js';

/**
 * What an observation states about its target without asking it: the API base most of the
 * traffic went to, and the last GET / and GET /health answers seen there (the statement's subject).
 */
export class TrafficTarget {
  readonly #bases = new Map<string, number>();
  #root: unknown = '(not observed)';
  #health: unknown = '(not observed)';
  #at = '';

  see(x: ObservedExchange): void {
    const url = x.request.url;
    const at = url.indexOf(PATH_PREFIX, url.indexOf('://') + 3);
    if (at === -1) return;
    const base = url.slice(0, at + PATH_PREFIX.length);
    const rest = url.slice(base.length).split(/[?#]/)[0];
    if (rest !== '' && !rest?.startsWith('/')) return;
    this.#bases.set(base, (this.#bases.get(base) ?? 0) + 1);
    if (x.request.method !== 'GET' || x.response.status !== 200 || (rest !== '/' && rest !== '' && rest !== '/health')) return;
    const body = parsed(x.response.bodyText);
    if (rest === '/health') this.#health = body;
    else this.#root = body;
    this.#at = new Date(x.startedAt).toISOString();
  }

  /** The most frequent API base, or `fallback` when the traffic held none. */
  baseUrl(fallback: string): string {
    let best: [string, number] | undefined;
    for (const entry of this.#bases) if (!best || entry[1] > best[1]) best = entry;
    return best?.[0] ?? fallback;
  }

  answers(): TargetAnswers {
    return { root: this.#root, health: this.#health, at: this.#at || '(not observed)' };
  }
}

function parsed(text: string | undefined): unknown {
  if (text === undefined) return '(body not recorded)';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
