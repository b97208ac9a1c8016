import { freedoms } from './freedom.js';

/** Freedoms of the funding area: each quotes the spec's words that leave the reading open. */
export const fundingFreedoms = freedoms('funding', []);
