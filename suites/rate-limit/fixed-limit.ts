/**
 * Limits: the customer limit is "fixed, not raisable". A client cannot raise it by asking: a burst
 * whose every request carries the usual rate-limit headers with a higher limit and such query
 * parameters must still be admitted only twice within the sliding second.
 *
 * Like the other rate-limit checks it runs on a customer it holds alone and judges from the
 * harness's send and receive times (probe.ts): a proven third admission within one second fails,
 * jitter that leaves the outcome open is reported inconclusive.
 */
import { expect } from 'vitest';
import type { Actor } from '../harness/client.js';
import { check } from '../harness/check.js';
import { probe } from './probe.js';

/** What a client might send hoping for a higher limit (IETF RateLimit fields, common X- names, a priority). */
const RAISING_HEADERS: Record<string, string> = {
  'x-ratelimit-limit': '1000',
  'ratelimit-limit': '1000',
  'ratelimit-policy': '1000;w=1',
  'x-rate-limit': '1000',
  'x-ratelimit-bypass': 'true',
  priority: 'u=0',
};
const RAISING_QUERY = '?rateLimit=1000&ratelimit=1000&limit=1000&burst=1000';

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function fixedLimitChecks(): void {
  check(
    ['RATE-15', 'RATE-1'],
    `a burst of 6 requests that each ask for a higher limit (headers ${Object.keys(RAISING_HEADERS).join(', ')}; query ${RAISING_QUERY}) must still admit exactly 2`,
    async (t) => {
      const [actor] = (await t.exclusiveOwner()).tokens as [Actor];
      const run = await probe(t, () => ({
        steps: Array.from({ length: 6 }, (_, i) => ({
          label: `GET /reports${i % 2 === 0 ? RAISING_QUERY : ''} with raising headers`,
          actor,
          path: `/reports${i % 2 === 0 ? RAISING_QUERY : ''}`,
          send: { headers: RAISING_HEADERS },
          at: 0,
          expect: 'any' as const,
        })),
        admittedAmongAny: 2,
      }));
      expect(run.responses.filter((r) => r?.status === 429).length, 'requests refused with 429 in the burst').toBeGreaterThanOrEqual(4);
    },
    { expects429: true },
  );
}
