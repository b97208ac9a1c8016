import type { Profile } from '../spec/profile.schema.js';

/** A guess for targets whose profile documents no per-address limit: their 429s are not judged (check.ts). */
const GUESSED_INVALID_TOKEN_LIMIT = { requests: 30, windowSeconds: 10 };

/**
 * The pacer lane of requests without a valid token, which the target limits per source address.
 * A documented limit is used up to what the blocked customer's lane may add in the same window
 * (its 401s may count toward the same limit: the reference server counts them, and a blocked
 * token authenticates no one), never below half of it; a guessed one at half.
 * Pacing on the harness's own response times keeps any sliding and any fixed window of the target
 * at or below the pace.
 */
export function invalidTokenLane(profile: Profile): { customer: '#invalid-token'; limit: number; windowMs: number } {
  const documented = profile.limits?.invalidTokenPerIp;
  const { requests, windowSeconds } = documented ?? GUESSED_INVALID_TOKEN_LIMIT;
  const half = Math.max(1, Math.floor(requests / 2));
  const blockedShare = profile.customers.blocked ? 2 * windowSeconds : 0;
  const limit = documented ? Math.max(half, requests - blockedShare) : half;
  return { customer: '#invalid-token', limit, windowMs: windowSeconds * 1000 };
}
