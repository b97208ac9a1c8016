import { freedoms } from './freedom.js';

/** Freedoms of the rate-limit area: each quotes the spec's words that leave the reading open. */
export const rateLimitFreedoms = freedoms('rate-limit', [
  {
    id: 'FREE-RATE-1',
    quote: 'Invalid tokens | a fixed limit per source IP applies; its value: not shown',
    reading:
      'any number of requests without a valid token per source address and window, documented in the profile (limits.invalidTokenPerIp); the kit paces that lane by the documented value and judges against it',
  },
  {
    id: 'FREE-RATE-2',
    quote: 'Invalid tokens | a fixed limit per source IP applies; its value: not shown',
    reading:
      'the per-address limit may count in a fixed or a sliding window, and its 429 may carry another Retry-After and other detail values than the customer limit\'s ("with `limit` 2, `windowSeconds` 1, `retryAfter` 1" states the customer limit)',
  },
]);
