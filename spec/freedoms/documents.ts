import { freedoms } from './freedom.js';

/** Freedoms of the documents area: each quotes the spec's words that leave the reading open. */
export const documentsFreedoms = freedoms('documents', []);
