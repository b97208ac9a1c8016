import { freedoms } from './freedom.js';

/** Freedoms of the status area: each quotes the spec's words that leave the reading open. */
export const statusFreedoms = freedoms('status', []);
