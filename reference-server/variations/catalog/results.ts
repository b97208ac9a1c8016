import { variations } from '../variation.js';

/** Readings of the results area's freedoms (spec/freedoms/results.ts) that the reference server can take. */
export const resultsVariations = variations([]);
