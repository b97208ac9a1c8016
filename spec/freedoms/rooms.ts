import { freedoms } from './freedom.js';

/** Freedoms of the rooms area: each quotes the spec's words that leave the reading open. */
export const roomsFreedoms = freedoms('rooms', []);
