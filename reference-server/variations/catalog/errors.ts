import { variations } from '../variation.js';

/** Readings of the errors area's freedoms (spec/freedoms/errors.ts) that the reference server can take. */
export const errorsVariations = variations([]);
