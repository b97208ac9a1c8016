import { UsageError } from '../../cli/command-line/usage.js';

/** A limit on requests without a valid token per source address: `requests` in `windowSeconds`. */
export interface InvalidTokenLimit {
  requests: number;
  windowSeconds: number;
}

/**
 * The limit the invalid-token lane is judged against, and who documents it: the spec leaves its
 * value open (RATE-13), so only the target's own word gives one.
 */
export interface DocumentedLimit extends InvalidTokenLimit {
  source: string;
}

/** `--invalid-token-limit N/S`: N requests per S seconds. */
export function parseInvalidTokenLimit(raw: string): InvalidTokenLimit {
  const m = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(raw);
  const requests = Number(m?.[1]);
  const windowSeconds = Number(m?.[2]);
  if (!m || requests < 1 || !(windowSeconds > 0)) {
    throw new UsageError(`--invalid-token-limit '${raw}' is invalid. Fix: N/S, the N requests without a valid token per source address in S seconds the target documents, e.g. 60/5`);
  }
  return { requests, windowSeconds };
}

/** The first of the flag, the profile and the bundled server's own profile that gives a value. */
export function documentedLimit(from: { flag?: InvalidTokenLimit | undefined; profile?: { path: string; limit: InvalidTokenLimit | undefined } | undefined; bundled?: InvalidTokenLimit | undefined }): DocumentedLimit | undefined {
  const pick = (limit: InvalidTokenLimit, source: string): DocumentedLimit => ({ requests: limit.requests, windowSeconds: limit.windowSeconds, source });
  if (from.flag) return pick(from.flag, '--invalid-token-limit');
  if (from.profile?.limit) return pick(from.profile.limit, `the profile ${from.profile.path} (limits.invalidTokenPerIp)`);
  if (from.bundled) return pick(from.bundled, "the bundled server's profile");
  return undefined;
}

/**
 * Requests in the burst of `--invalid-burst`: more than twice the limit, so that any limit of that
 * value refuses one of them when they all fall within less than one window, whether it counts in a
 * sliding window (at most `requests`) or a fixed one (at most twice that, across a boundary).
 */
export function burstSize(limit: InvalidTokenLimit): number {
  return 2 * limit.requests + 1;
}

const perSecond = (x: number) => x.toFixed(x >= 10 ? 1 : 2);

/**
 * The lane against the limit, printed before the run: what each address sends, and what one
 * address sending it all would meet. Its point: a population of addresses within their budgets
 * where a single one would not be.
 */
export function laneLine(o: { ratePerSecond: number; addresses: number; burst: boolean; limit: DocumentedLimit | undefined }): string {
  const each = o.ratePerSecond / o.addresses;
  const spread = o.addresses === 1 ? 'from one address' : `over ${o.addresses} addresses: ${perSecond(each)} per address per second`;
  const lane = o.ratePerSecond > 0 ? `${o.ratePerSecond} req/s ${spread}` : 'no steady stream';
  const { limit } = o;
  if (!limit) {
    return `invalid-token lane: ${lane}; no documented limit per address (the spec does not show its value, RATE-13): the answers are counted, not judged. Fix: --invalid-token-limit N/S as the target documents it, or a profile with limits.invalidTokenPerIp`;
  }
  const documented = `${limit.requests} per ${limit.windowSeconds} s (${perSecond(limit.requests / limit.windowSeconds)}/s, documented by ${limit.source})`;
  const within = each * limit.windowSeconds <= limit.requests;
  const lines = [`invalid-token lane: ${lane}, ${within ? 'within' : 'past'} ${documented}`];
  if (o.ratePerSecond > 0 && o.addresses > 1 && o.ratePerSecond * limit.windowSeconds > limit.requests) lines.push(`from one address it would be refused after ${limit.requests} in every ${limit.windowSeconds} s`);
  if (o.ratePerSecond > 0 && !within) lines.push(`each address is refused after ${limit.requests} in a window, and each 429 is judged`);
  if (o.burst) lines.push(`--invalid-burst: ${burstSize(limit)} at once from the first address halfway through, of which a limit of that value must refuse at least one`);
  return lines.join('; ');
}
