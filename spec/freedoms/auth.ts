import { freedoms } from './freedom.js';

/** Freedoms of the auth area: each quotes the spec's words that leave the reading open. */
export const authFreedoms = freedoms('auth', []);
