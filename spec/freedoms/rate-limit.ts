import { freedoms } from './freedom.js';

/** Freedoms of the rate-limit area: each quotes the spec's words that leave the reading open. */
export const rateLimitFreedoms = freedoms('rate-limit', []);
