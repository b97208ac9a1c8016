import { freedoms } from './freedom.js';

/** Freedoms of the meta area: each quotes the spec's words that leave the reading open. */
export const metaFreedoms = freedoms('meta', []);
