import { freedoms } from './freedom.js';

/** Freedoms of the results area: each quotes the spec's words that leave the reading open. */
export const resultsFreedoms = freedoms('results', []);
