import { freedoms } from './freedom.js';

/** Freedoms of the errors area: each quotes the spec's words that leave the reading open. */
export const errorsFreedoms = freedoms('errors', []);
