import { freedoms } from './freedom.js';

/** Freedoms of the projects area: each quotes the spec's words that leave the reading open. */
export const projectsFreedoms = freedoms('projects', []);
