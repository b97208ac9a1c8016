import type { FixedWindowLimiter, InvalidTokenLimit } from '../../src/rate-limit/fixed-window.js';
import { variations } from '../variation.js';

/** Another value than the server's default 60 per 5 s, stricter so the kit's lane pacing is put to the test. */
const LIMIT = { requests: 24, windowSeconds: 3 } as const satisfies InvalidTokenLimit;

/** An exact sliding log per address: the other window kind a "fixed limit" leaves open. */
function slidingPerAddress(limit: number, windowMs: number): FixedWindowLimiter {
  const logs = new Map<string, number[]>();
  return {
    tryAdmit(key, nowMs) {
      const log = (logs.get(key) ?? []).filter((t) => nowMs - t < windowMs);
      const admitted = log.length < limit;
      if (admitted) log.push(nowMs);
      logs.set(key, log);
      return admitted;
    },
  };
}

/** Readings of the rate-limit area's freedoms (spec/freedoms/rate-limit.ts) that the reference server can take. */
export const rateLimitVariations = variations([
  {
    id: 'invalid-token-limit-sliding',
    freedoms: ['FREE-RATE-1', 'FREE-RATE-2'],
    description: `requests without a valid token limited to ${LIMIT.requests} per sliding ${LIMIT.windowSeconds} s per address (documented in the profile); its 429 says so in Retry-After and details`,
    // The limit's figures reach the 429 (details, Retry-After) and the API description; the sliding log replaces the counting.
    configure: (deps) => ({ ...deps, invalidTokenLimit: LIMIT, invalidTokenLimiter: slidingPerAddress(LIMIT.requests, LIMIT.windowSeconds * 1000) }),
    profile: (profile) => ({ ...profile, limits: { ...profile.limits, invalidTokenPerIp: { ...LIMIT } } }),
  },
]);
