import type { Profile } from '../spec/profile.schema.js';

export const INVALID_TOKEN_LANE = '#invalid-token';

/** A guess for targets whose profile documents no per-address limit: their 429s are not judged (check.ts). */
const GUESSED_INVALID_TOKEN_LIMIT = { requests: 30, windowSeconds: 10 };

/**
 * The pacer lane of requests the target may count per source address: those without a valid token,
 * and the blocked customer's (its token authenticates no one; the reference server counts them),
 * which take a grant of this lane besides their own. A documented limit is used whole, less the one
 * blocked request of the CLI's preflight that the lane does not see; a guessed one at half.
 * Pacing on the harness's own response times keeps any sliding and any fixed window of the target
 * at or below the pace.
 */
export function invalidTokenLane(profile: Profile): { customer: '#invalid-token'; limit: number; windowMs: number } {
  const documented = profile.limits?.invalidTokenPerIp;
  const { requests, windowSeconds } = documented ?? GUESSED_INVALID_TOKEN_LIMIT;
  const unseen = profile.customers.blocked ? 1 : 0;
  const limit = documented ? Math.max(1, requests - unseen) : Math.max(1, Math.floor(requests / 2));
  return { customer: INVALID_TOKEN_LANE, limit, windowMs: windowSeconds * 1000 };
}
